import { TabBar } from 'antd-mobile';
import { FileOutline, ShopbagOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Page } from '../../../components/Page.tsx';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import { useOrderUnread } from '../queries.ts';

const tabs = [
  { path: Paths.c2cMarket, key: 'market', Icon: ShopbagOutline },
  { path: Paths.c2cOrders, key: 'orders', Icon: FileOutline },
  { path: Paths.c2cAds, key: 'ads', Icon: UnorderedListOutline },
  { path: Paths.c2cMy, key: 'my', Icon: UserOutline },
] as const;

/** C2C's own tab bar (docs/product.md#routes) with the unread order count on Orders. */
export const C2CTabBar = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useOrderUnread().data ?? 0;
  return (
    <nav className="tab-nav">
      <TabBar
        className="app-tab-bar"
        activeKey={pathname}
        safeArea
        onChange={(path) => navigate({ path, mode: 'redirectTo' })}
      >
        {tabs.map(({ path, key, Icon }) => (
          <TabBar.Item
            key={path}
            icon={<Icon />}
            title={t(`c2c.tabs.${key}`)}
            badge={key === 'orders' && unread > 0 ? (unread > 99 ? '99+' : String(unread)) : undefined}
            data-testid={`c2c-tab-${key}`}
          />
        ))}
      </TabBar>
    </nav>
  );
};

/** One of the four C2C tab pages: the page over the C2C tab bar. */
export const C2CTabPage = ({
  title,
  right,
  children,
}: {
  title: string;
  right?: ReactNode;
  children: ReactNode;
}) => (
  <div className="tab-layout">
    <div className="tab-content">
      <Page title={title} right={right}>
        {children}
      </Page>
    </div>
    <C2CTabBar />
  </div>
);
