import { Badge, List, Tag } from 'antd-mobile';
import { CameraOutline, PayCircleOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { newsBadge, useMomentsNews } from '../../features/moments/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

/** `path: null` is an entry whose feature has not shipped yet: shown, disabled, "coming soon". */
const entries = [
  { key: 'moments', Icon: CameraOutline, path: Paths.moments },
  { key: 'wallet', Icon: PayCircleOutline, path: Paths.usdtWallet },
  { key: 'c2c', Icon: ShopbagOutline, path: Paths.c2cMarket },
] as const;

/** Discovery tab (docs/product.md#features): Moments, USDT Wallet, C2C Market. */
const DiscoveryTab = () => {
  const { t } = useTranslation();
  const news = useMomentsNews();
  const badge = newsBadge(news);
  // WeChat's Moments entry: the face of whoever liked or commented last, with the count or a dot.
  const momentsNews = badge ? (
    <span className="discovery-news" data-testid="discovery-moments-news" data-badge={badge}>
      {news.avatar ? <UserAvatar src={news.avatar} size={28} /> : null}
      <Badge content={badge === 'dot' ? Badge.dot : badge} />
    </span>
  ) : undefined;
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
              key === 'moments' ? (
                momentsNews
              ) : path ? undefined : (
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
