import { Badge, TabBar } from 'antd-mobile';
import { CompassOutline, MessageOutline, UserContactOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useRequestCount, useUnreadTotal } from '../features/chat/index.ts';
import { newsBadge, useMomentsNews } from '../features/moments/index.ts';
import { navigate } from '../lib/router/navigate.ts';
import { canonicalPath, Paths } from '../lib/router/paths.ts';

const tabs = [
  { path: Paths.chat, key: 'chat', Icon: MessageOutline },
  { path: Paths.contact, key: 'contact', Icon: UserContactOutline },
  { path: Paths.discovery, key: 'discovery', Icon: CompassOutline },
  { path: Paths.my, key: 'my', Icon: UserOutline },
] as const;

/**
 * The bottom tab bar (docs/product.md#routes) with its sizes and colours (docs/product.md#appearance,
 * styles.css).
 */
export const AppTabBar = () => {
  const { t } = useTranslation();
  const active = canonicalPath(useLocation().pathname);
  const unread = useUnreadTotal();
  const requests = useRequestCount().data ?? 0;
  const badges: Record<string, number> = { chat: unread, contact: requests };
  const discovery = newsBadge(useMomentsNews());
  const badgeOf = (key: string) => {
    if (key === 'discovery') return discovery === 'dot' ? Badge.dot : discovery;
    const n = badges[key] ?? 0;
    return n <= 0 ? undefined : n > 99 ? '99+' : String(n);
  };
  return (
    <nav className="tab-nav">
      <TabBar
        className="app-tab-bar"
        activeKey={active}
        safeArea
        onChange={(path) => navigate({ path, mode: 'switchTab' })}
      >
        {tabs.map(({ path, key, Icon }) => (
          <TabBar.Item
            key={path}
            icon={<Icon />}
            title={t(`tabs.${key}`)}
            badge={badgeOf(key)}
            data-testid={`tab-${key}`}
          />
        ))}
      </TabBar>
    </nav>
  );
};
