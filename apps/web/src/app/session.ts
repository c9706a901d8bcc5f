import { type LoginResult, Role, userApi } from '@chatpay/shared';
import { startC2CRealtime } from '../features/c2c/realtime.ts';
import { forgetChatCache, startChatCache } from '../features/chat/offline-cache.ts';
import { startChatEngine } from '../features/chat/realtime.ts';
import { disablePush, listenForPushTaps, syncPush } from '../features/push/push.ts';
import { userKeys } from '../features/user/keys.ts';
import { reloadAuthFromStorage, useAuth } from '../lib/auth.ts';
import { call, restoreSession } from '../lib/request.ts';
import { afterLogin, navigate, toLogin } from '../lib/router/navigate.ts';
import { Paths } from '../lib/router/paths.ts';
import { connectSocket, disconnectSocket } from '../lib/socket.ts';
import { StorageKey, storage } from '../lib/storage.ts';
import { queryClient } from './queryClient.ts';

/**
 * Reacts to the session: a new token (re)connects the socket; losing the token (logout, failed refresh,
 * 401, single-session kick) disconnects, forgets cached data and relaunches the login page.
 */
export const startSession = () => {
  startChatEngine(queryClient);
  startChatCache(queryClient);
  startC2CRealtime(queryClient);
  listenForPushTaps();
  let previous = useAuth.getState().token;
  // A session stored without a refresh token is exchanged for a full one at once (loginByToken).
  if (previous && !useAuth.getState().refreshToken) void restoreSession();
  if (previous) {
    void connectSocket(previous);
    syncPush();
  }
  useAuth.subscribe((state) => {
    if (state.token === previous) return;
    const hadToken = previous !== null;
    previous = state.token;
    if (state.token) {
      // A refresh swaps the token of a live session: the socket reconnects with it.
      void connectSocket(state.token);
      if (!hadToken) syncPush();
      return;
    }
    disconnectSocket();
    queryClient.clear();
    forgetChatCache();
    if (hadToken) toLogin();
  });
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === StorageKey.Token) reloadAuthFromStorage();
  });
};

/** Stores a login result, loads the profile and leaves the login pages (SPEC §2 after login). */
export const completeLogin = async (result: LoginResult, loginType: 'name' | 'register') => {
  useAuth.getState().setLogin(result);
  try {
    const person = await call(userApi.person, {});
    useAuth.getState().setUser(person);
    queryClient.setQueryData(userKeys.person(), person);
  } catch {
    // The Me tab loads the profile again; the login itself succeeded.
  }
  // Staff land in the operator console (issue 14); members go on as SPEC §2 says.
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
  // This device stops getting the member's pushes (the browser keeps its subscription for the next login).
  await disablePush({ unsubscribeBrowser: false });
  try {
    await call(userApi.logout, {});
  } catch {
    // Logging out locally must work even when the server cannot be reached.
  }
  useAuth.getState().logout();
};
