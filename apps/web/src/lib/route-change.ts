/**
 * Route changes for the parts of `lib/` that follow the route (page scale, theme). The router moves with the
 * History API, which fires no `hashchange`, so the shell's history listener calls `routeChanged` on every
 * navigation, before the new page renders; a hash typed into the address bar still fires `hashchange`.
 */
const listeners = new Set<() => void>();

export const onRouteChange = (listener: () => void) => {
  listeners.add(listener);
  if (typeof window !== 'undefined') window.addEventListener('hashchange', listener);
};

export const routeChanged = () => {
  for (const listener of listeners) listener();
};
