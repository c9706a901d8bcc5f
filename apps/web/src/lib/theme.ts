import { create } from 'zustand';
import { onRouteChange } from './route-change.ts';
import { isConsoleHash } from './scale.ts';
import { StorageKey, storage } from './storage.ts';

/**
 * docs/product.md#appearance: the theme name defaults to `default` and is persisted; `dark` is the other one
 * offered.
 */
export const THEMES = ['default', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';

const isTheme = (value: unknown): value is ThemeName => THEMES.includes(value as ThemeName);

/** The stored theme; anything missing or unknown is the default. */
export const readTheme = (): ThemeName => {
  const stored = storage.get(StorageKey.Theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
};

/**
 * Puts the theme on <html data-theme>, where styles.css switches its colour variables. The operator console
 * has its own light colours, so it always gets the default.
 */
export const applyTheme = (name: ThemeName) => {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = isConsoleHash(window.location.hash) ? DEFAULT_THEME : name;
};

interface ThemeState {
  theme: ThemeName;
  setTheme: (name: ThemeName) => void;
}

export const useTheme = create<ThemeState>()((set) => ({
  theme: readTheme(),
  setTheme: (name) => {
    storage.set(StorageKey.Theme, name);
    applyTheme(name);
    set({ theme: name });
  },
}));

/** Applies the stored theme before the first render, so a dark page never flashes white, and on every route. */
export const startTheme = () => {
  const apply = () => applyTheme(useTheme.getState().theme);
  apply();
  onRouteChange(apply);
};
