import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ConnectionBanner } from '../components/ConnectionBanner.tsx';
import { Loading } from '../components/Loading.tsx';
import { updatePrompt, useAppUpdate } from '../features/app/index.ts';
import { OrderBanner } from '../features/c2c/ui.ts';
import { useAuth } from '../lib/auth.ts';
import { rememberTarget } from '../lib/router/deep-link.ts';
import { isReachable, Paths } from '../lib/router/paths.ts';

// The tab bar's unread badges need the chat engine and the contract: only a session shows it.
const AppTabBar = lazy(() => import('./TabBar.tsx').then((m) => ({ default: m.AppTabBar })));
// Shown only when the server has a newer version: not part of the first screen.
const UpdateBlock = lazy(() => import('../features/app/ui.ts').then((m) => ({ default: m.UpdateBlock })));
const UpdateBar = lazy(() => import('../features/app/ui.ts').then((m) => ({ default: m.UpdateBar })));

/**
 * Every member route passes here: the guard (docs/product.md#route-guard) for addresses typed or restored, the
 * page width limit, and the version check: a forced update replaces every member page until taken, all but the
 * login page, through which staff reach the console (docs/product.md#navigation).
 */
export const RootLayout = () => {
  const token = useAuth((s) => s.token);
  const { pathname, search } = useLocation();
  const check = useAppUpdate((s) => s.check);
  const dismissed = useAppUpdate((s) => s.dismissed);
  const prompt = updatePrompt(check, dismissed);
  // The login page stays open: staff sign in there to reach the console, where a wrong version is fixed.
  if (prompt.kind === 'forced' && pathname !== Paths.login)
    return (
      <div className="app-shell">
        <Suspense fallback={<Loading />}>
          <UpdateBlock latest={prompt.latest} />
        </Suspense>
      </div>
    );
  if (!isReachable(pathname, Boolean(token))) {
    // An address opened while signed out (an invite link): opened after login.
    rememberTarget(`${pathname}${search}`);
    return <Navigate to={Paths.login} replace />;
  }
  return (
    <div className="app-shell">
      {prompt.kind === 'available' ? (
        <Suspense fallback={null}>
          <UpdateBar latest={prompt.latest} />
        </Suspense>
      ) : null}
      <ConnectionBanner />
      {/* An order that changed while the member was elsewhere: offered here on every page. */}
      <OrderBanner />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </div>
  );
};

/** The four tab pages share the bottom tab bar. */
export const TabLayout = () => (
  <div className="tab-layout">
    <div className="tab-content">
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </div>
    <Suspense fallback={<nav className="tab-nav" />}>
      <AppTabBar />
    </Suspense>
  </div>
);
