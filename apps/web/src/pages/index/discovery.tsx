import { List, Tag } from 'antd-mobile';
import { CameraOutline, PayCircleOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

/** `path: null` is an entry whose feature has not shipped yet: shown, disabled, "coming soon". */
const entries = [
  { key: 'moments', Icon: CameraOutline, path: Paths.moments },
  { key: 'wallet', Icon: PayCircleOutline, path: Paths.usdtWallet },
  { key: 'c2c', Icon: ShopbagOutline, path: Paths.c2cMarket },
] as const;

/** Discovery tab (SPEC §1): Moments, USDT Wallet, C2C Market. */
const DiscoveryTab = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('tabs.discovery')} back={false}>
      <List className="entry-list">
        {entries.map(({ key, Icon, path }) => (
          <List.Item
            key={key}
            prefix={<Icon className="entry-icon" />}
            disabled={!path}
            onClick={path ? () => navigate(path) : undefined}
            extra={
              path ? undefined : (
                <Tag color="default" fill="outline">
                  {t('common.comingSoon')}
                </Tag>
              )
            }
            data-testid={`discovery-${key}`}
          >
            {t(`discovery.${key}`)}
          </List.Item>
        ))}
      </List>
    </Page>
  );
};

export default DiscoveryTab;
