import { type ConsoleMenuItem, Role } from '@chatpay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd-mobile';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { Button } from '../components/Button.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { Loading } from '../components/Loading.tsx';
import { consoleKeys, isBadgeKind, useConsoleBadges, useConsoleMenu } from '../features/console/index.ts';
import '../features/console/console.css';
import { useSecurityStatus } from '../features/user/index.ts';
import { hasRole, useAuth } from '../lib/auth.ts';
import { Paths } from '../lib/router/paths.ts';
import { onServerEvent } from '../lib/socket.ts';
import { logout } from './session.ts';

/** Support and admin are staff; a member never sees the console (the server refuses its calls anyway). */
export const isStaff = (payload = useAuth.getState().payload) =>
  hasRole(Role.Support, payload) || hasRole(Role.Admin, payload);

const MenuEntry = ({ item, onPick }: { item: ConsoleMenuItem; onPick(): void }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const badges = useConsoleBadges(true);
  const count = item.badge ? (badges.data?.[item.badge] ?? 0) : 0;
  if (item.children.length > 0) {
    return (
      <li className="console-menu-group">
        <div className="console-menu-dir">{t(item.name)}</div>
        <ul>
          {item.children.map((c) => (
            <MenuEntry key={c.id} item={c} onPick={onPick} />
          ))}
        </ul>
      </li>
    );
  }
  if (!item.router) return null;
  const active = pathname === item.router;
  return (
    <li>
      <Link
        to={item.router}
        className={active ? 'console-menu-link active' : 'console-menu-link'}
        onClick={onPick}
        data-testid={`console-menu-${item.id}`}
      >
        <span>{t(item.name)}</span>
        {count > 0 ? <Badge content={count} data-testid={`console-badge-${item.badge}`} /> : null}
      </Link>
    </li>
  );
};

/**
 * Live badges: each menu entry counts what waits in its queue (the server's count); a new item anywhere
 * (a `console` socket event) loads the counts and the console's lists again.
 */
const useLiveBadges = () => {
  const qc = useQueryClient();
  useEffect(
    () =>
      onServerEvent('console', (payload) => {
        const kind = (payload as { kind?: unknown } | null)?.kind;
        if (!isBadgeKind(kind)) return;
        void qc.invalidateQueries({ queryKey: consoleKeys.all });
      }),
    [qc],
  );
};

/** The console shell: a sidebar built from the server's menu tree; a drawer at phone width. */
export const ConsoleLayout = () => {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const payload = useAuth((s) => s.payload);
  const staff = isStaff(payload);
  const security = useSecurityStatus(staff);
  const menu = useConsoleMenu(Boolean(token) && staff && !security.isPending && !security.data?.mustEnrol);
  const [open, setOpen] = useState(false);
  useLiveBadges();
  const { pathname } = useLocation();
  if (!token) return <Navigate to={Paths.login} replace />;
  if (!staff) return <Navigate to={Paths.chat} replace />;
  // Staff without a second factor set one up first: the server refuses their console calls until then.
  if (security.data?.mustEnrol) return <Navigate to={Paths.userSecurity} replace />;
  if (pathname === '/admin' || pathname === '/admin/')
    return <Navigate to={Paths.consoleDashboard} replace />;
  return (
    <div className="console-shell" data-testid="console-shell">
      <header className="console-header">
        <button
          type="button"
          className="console-burger"
          onClick={() => setOpen(!open)}
          aria-label={t('console.menuToggle')}
          data-testid="console-burger"
        >
          {'\u2630'}
        </button>
        <span className="console-brand">{t('console.title')}</span>
        <span className="console-header-actions">
          <Link to={Paths.chat} data-testid="console-open-app">
            {t('console.openApp')}
          </Link>
          <Button size="mini" onClick={() => void logout()} data-testid="console-logout">
            {t('console.logout')}
          </Button>
        </span>
      </header>
      <div className="console-body">
        <nav className={open ? 'console-sidebar open' : 'console-sidebar'} data-testid="console-sidebar">
          {menu.isPending ? (
            <Loading />
          ) : menu.isError ? (
            <LoadError error={menu.error} onRetry={() => void menu.refetch()} />
          ) : (
            <ul className="console-menu">
              {menu.data.map((item) => (
                <MenuEntry key={item.id} item={item} onPick={() => setOpen(false)} />
              ))}
            </ul>
          )}
        </nav>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the console's body scrolls on its own, and a page with nothing focusable in view could not be scrolled by keyboard otherwise (WCAG 2.1.1; axe scrollable-region-focusable) */}
        <main className="console-main" tabIndex={0}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
};
