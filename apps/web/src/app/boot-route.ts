import { useAuth } from '../lib/auth.ts';
import { perfMark } from '../lib/perf-marks.ts';
import { canonicalPath, isReachable, isTabPath, Paths } from '../lib/router/paths.ts';
import { launchLocation, preloadPage } from './routes.tsx';
import { loadRealtime } from './session.ts';

/**
 * What the address the app was launched at needs first, started at boot beside the realtime engine instead of
 * after the first render (issue 20): the page's code (and the tab bar's on a tab page) and, for a chat, its
 * newest messages, so the chat's page request leaves as soon as the engine runs rather than after the page's
 * code arrived and rendered. Answers when the code is there (never fails: a page that could not load shows its
 * own error when rendered).
 */
export const startLaunchPage = (): Promise<unknown> => {
  const { pathname, search } = launchLocation();
  const token = Boolean(useAuth.getState().token);
  // Signed out at an address that needs a session: the router shows the login page.
  const path = isReachable(pathname, token) ? canonicalPath(pathname) : Paths.login;
  const code: Promise<unknown>[] = [preloadPage(path)];
  if (token && isTabPath(path)) code.push(import('./TabBar.tsx'));
  const chatId = Number(new URLSearchParams(search).get('id'));
  if (token && path === Paths.chatIndex && chatId > 0) {
    // The page's own opening joins this one (features/chat/engine.ts openThread).
    void loadRealtime()
      .then((r) => r.openThread(chatId))
      .catch(() => undefined);
  }
  return Promise.all(code).then(
    () => perfMark('page-code'),
    () => undefined,
  );
};
