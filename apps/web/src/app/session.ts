import { type LoginResult, Role } from '@chatpay/shared';
import { forgetChatCache } from '../features/chat/index.ts';
import { listenForPushTaps } from '../features/push/index.ts';
import { userKeys } from '../features/user/index.ts';
import { reloadAuthFromStorage, useAuth } from '../lib/auth.ts';
import { loadContract } from '../lib/contract.ts';
import { i18n } from '../lib/i18n/index.ts';
import { perfMark } from '../lib/perf-marks.ts';
import { call, restoreSession } from '../lib/request.ts';
import { afterLogin, navigate, toLogin } from '../lib/router/navigate.ts';
import { Paths } from '../lib/router/paths.ts';
import { setStepUpPrompt } from '../lib/step-up.ts';
import { StorageKey, storage } from '../lib/storage.ts';
import { queryClient } from './queryClient.ts';

type Realtime = typeof import('./realtime.ts');

let realtime: Promise<Realtime> | null = null;
/** Set once the realtime module has loaded, so a logout can stop it without waiting a turn. */
let loaded: Realtime | null = null;

/**
 * The realtime engine (socket, chat engine, C2C events, push), loaded and started on first use: only a
 * session needs it, so the login page's first screen does not load it.
 */
export const loadRealtime = (): Promise<Realtime> => {
  realtime ??= import('./realtime.ts').then(
    (m) => {
      perfMark('realtime');
      m.startRealtime();
      loaded = m;
      return m;
    },
    (error: unknown) => {
      realtime = null;
      throw error;
    },
  );
  return realtime;
};

/**
 * A language switch in a session updates this device's push subscription at once: it carries the language the
 * server writes pushes in (docs/product.md#push).
 */
const followLanguageInPush = () => {
  let language = i18n.language;
  i18n.on('languageChanged', (next) => {
    if (next === language) return;
    language = next;
    if (useAuth.getState().token) void loadRealtime().then((r) => r.syncPush());
  });
};

/**
 * Reacts to the session: a new token (re)connects the socket; losing the token (logout, failed refresh,
 * 401, single-session kick) disconnects, forgets cached data and relaunches the login page.
 * Answers when the app may render: at once without a session, once the realtime engine runs with one (it
 * seeds the chat list from the offline cache before the first page reads it).
 */
export const startSession = (): Promise<void> => {
  listenForPushTaps();
  followLanguageInPush();
  // Guarded actions ask for a second factor in the user feature's sheet, loaded when first needed.
  setStepUpPrompt(() => import('../features/user/ui.ts').then((m) => m.askStepUp()));
  let previous = useAuth.getState().token;
  // A session stored without a refresh token is exchanged for a full one at once (loginByToken).
  if (previous && !useAuth.getState().refreshToken) void restoreSession();
  const start = previous;
  const ready = start
    ? loadRealtime().then((r) => {
        void r.connectSocket(start);
        r.syncPush();
      })
    : Promise.resolve();
  useAuth.subscribe((state) => {
    if (state.token === previous) return;
    const hadToken = previous !== null;
    previous = state.token;
    const token = state.token;
    if (token) {
      // A refresh swaps the token of a live session: the socket reconnects with it.
      void loadRealtime().then((r) => {
        void r.connectSocket(token);
        if (!hadToken) r.syncPush();
      });
      return;
    }
    if (loaded) loaded.disconnectSocket();
    else void realtime?.then((r) => r.disconnectSocket());
    queryClient.clear();
    forgetChatCache();
    if (hadToken) toLogin();
  });
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === StorageKey.Token) reloadAuthFromStorage();
  });
  // The app renders even if the engine failed to load (the pages report their own errors).
  return ready.catch((error: unknown) => console.error('realtime engine failed to start', error));
};

/**
 * Stores a login result, loads the profile and leaves the login pages (docs/product.md#route-guard).
 */
export const completeLogin = async (result: LoginResult, loginType: 'name' | 'register') => {
  useAuth.getState().setLogin(result);
  // The engine seeds and listens before the first page of the session reads the chat list.
  const engine = loadRealtime().catch(() => undefined);
  try {
    const { userApi } = await loadContract();
    const person = await call(userApi.person, {});
    useAuth.getState().setUser(person);
    queryClient.setQueryData(userKeys.person(), person);
  } catch {
    // The Me tab loads the profile again; the login itself succeeded.
  }
  await engine;
  // Staff land in the operator console; members go on as docs/product.md#route-guard says.
  const { payload } = useAuth.getState();
  if (payload?.role.includes(Role.Support) || payload?.role.includes(Role.Admin)) {
    navigate({ path: Paths.consoleDashboard, mode: 'reLaunch', isGuard: false });
    storage.set(StorageKey.LoginType, loginType);
    return;
  }
  afterLogin(loginType);
};

/** Ends the session on the server (best effort) and locally. */
export const logout = async () => {
  try {
    const [{ userApi }, { disablePush }] = await Promise.all([loadContract(), loadRealtime()]);
    // This device stops getting the member's pushes (the browser keeps its subscription for the next login).
    await disablePush({ unsubscribeBrowser: false });
    try {
      await call(userApi.logout, {});
    } catch {
      // Logging out locally must work even when the server cannot be reached.
    }
  } catch {
    // Nor may code that could not load (offline, no cached copy) keep the session open.
  }
  useAuth.getState().logout();
};
