import { Paths } from './router/paths.ts';

/** The path of the page on screen, read from the hash (works before the router has started). */
export const currentPath = (): string => {
  if (typeof window === 'undefined' || !window.location) return Paths.root;
  const hash = window.location.hash.replace(/^#/, '');
  return hash.split('?')[0] || Paths.root;
};

export const onLoginPage = () => currentPath() === Paths.login;
