import { StorageKey, storage } from '../storage.ts';
import { rememberTarget, takeTarget } from './deep-link.ts';
import { canonicalPath, isReachable, isTabPath, Paths } from './paths.ts';
import { buildUrl, type QueryInput } from './url.ts';

export type NavigateMode = 'navigateTo' | 'redirectTo' | 'reLaunch' | 'switchTab' | 'preloadPage';

export interface NavigateOptions {
  path: string;
  mode?: NavigateMode;
  query?: QueryInput;
  /** Kept in local storage under `router-params` for the next page (docs/product.md#routes). */
  params?: unknown;
  /** Run the before-navigation guards (default true). */
  isGuard?: boolean;
}

/** What the navigator drives: the hash router in the app, a fake in tests. */
export interface NavigatorDriver {
  push: (url: string) => void;
  replace: (url: string) => void;
  go: (delta: number) => void;
  preload?: (path: string) => void;
}

/** A before-navigation guard: answers the target to open (possibly rewritten) or false to cancel. */
export type BeforeGuard = (path: string) => string | false;

let driver: NavigatorDriver | null = null;
let hasToken: () => boolean = () => false;
const guards: BeforeGuard[] = [];

/**
 * The pages open in this tab, oldest first, mirroring the browser history the app created. It lets the back
 * button tell whether there is a page to return to and lets "after login" step back past the login page.
 */
let stack: string[] = [];
/** Set by reLaunch and switchTab: the next history entry starts a new stack. */
let resetPending = false;

export const configureNavigator = (options: { driver: NavigatorDriver; hasToken: () => boolean }) => {
  driver = options.driver;
  hasToken = options.hasToken;
};

export const addBeforeGuard = (guard: BeforeGuard) => {
  guards.push(guard);
  return () => {
    const i = guards.indexOf(guard);
    if (i >= 0) guards.splice(i, 1);
  };
};

/** The route guard (docs/product.md#route-guard): without a token, paths off the white-list go to login. */
export const loginGuard: BeforeGuard = (path) => (isReachable(path, hasToken()) ? path : Paths.login);

export const pageStack = () => [...stack];

export const resetStack = (entries: string[]) => {
  stack = [...entries];
  resetPending = false;
};

const pathOf = (url: string) => canonicalPath(url);

/** Keeps the stack in step with the history: call it for every location change the router reports. */
export const syncStack = (action: 'PUSH' | 'REPLACE' | 'POP', url: string) => {
  if (resetPending) {
    resetStack([url]);
    return;
  }
  if (action === 'PUSH') stack.push(url);
  else if (action === 'REPLACE') {
    if (stack.length === 0) stack.push(url);
    else stack[stack.length - 1] = url;
  } else {
    const i = stack.lastIndexOf(url);
    if (i >= 0) stack = stack.slice(0, i + 1);
    else stack.push(url);
  }
};

const need = () => {
  if (!driver) throw new Error('navigator is not configured');
  return driver;
};

/**
 * Opens a page (docs/product.md#routes): navigateTo by default; a tab page always opens as a tab switch;
 * query pairs are appended; params go to local storage; the guards may rewrite or cancel the target. Answers
 * the URL opened, or null when nothing was opened.
 */
export const navigate = (input: string | NavigateOptions): string | null => {
  const opts = typeof input === 'string' ? { path: input } : input;
  let path = opts.path;
  let query = opts.query;
  let mode: NavigateMode = opts.mode ?? 'navigateTo';
  if (opts.isGuard !== false && !isReachable(path, hasToken())) {
    // Remembered with its query (an invite link's code) and opened after login (deep-link.ts).
    rememberTarget(buildUrl(path, query));
    query = undefined;
  }
  if (opts.isGuard !== false) {
    for (const guard of [loginGuard, ...guards]) {
      const next = guard(path);
      if (next === false) return null;
      if (next !== path) {
        path = next;
        // A rewritten target replaces the page that asked for it rather than piling onto it.
        if (mode === 'navigateTo') mode = 'redirectTo';
      }
    }
  }
  if (opts.params !== undefined) storage.setJson(StorageKey.RouterParams, opts.params);
  if (mode === 'preloadPage') {
    need().preload?.(path);
    return null;
  }
  if (isTabPath(path)) mode = 'switchTab';
  else if (mode === 'switchTab') {
    console.error('tab page does not exist', path);
    return null;
  }
  const url = buildUrl(path, query);
  const d = need();
  if (mode === 'navigateTo') d.push(url);
  else {
    if (mode === 'reLaunch' || mode === 'switchTab') resetPending = true;
    d.replace(url);
  }
  return url;
};

/** The params the previous page passed with `navigate({ params })`. */
export const routerParams = <T>() => storage.getJson<T>(StorageKey.RouterParams);

/**
 * The back button (docs/product.md#navigation): the root page if this is the only page on the stack,
 * otherwise back.
 */
export const back = () => {
  if (stack.length <= 1) navigate({ path: Paths.root, mode: 'reLaunch' });
  else need().go(-1);
};

/**
 * After login (docs/product.md#route-guard): a page remembered before login opens (deep-link.ts); else if the
 * login page is in the history, return past it; otherwise go home. Then the login type is stored.
 */
export const afterLogin = (loginType: string) => {
  const target = takeTarget();
  const i = stack.findIndex((url) => pathOf(url) === Paths.login);
  if (target) {
    // The page asked for before login (an invite link), above the home tab so back leads there.
    navigate({ path: Paths.root, mode: 'reLaunch', isGuard: false });
    navigate({ path: target, isGuard: false });
  } else if (i > 0) need().go(i - stack.length);
  else navigate({ path: Paths.root, mode: 'reLaunch', isGuard: false });
  storage.set(StorageKey.LoginType, loginType);
};

/** Logout: every page is closed and login opens (a relaunch). */
export const toLogin = () => navigate({ path: Paths.login, mode: 'reLaunch', isGuard: false });
