import type { GoodsGrant, PayOrder } from '@chatpay/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n/index.ts';
import { dateTime } from '../../lib/i18n/time.ts';
import { useMyGrants } from './queries.ts';

/** What buying a good grants, as the pay desk lists it. */
export const GrantOffer = ({ grant, testId }: { grant: GoodsGrant; testId?: string }) => {
  const { t } = useTranslation();
  if (grant.kind === 'none') return null;
  return (
    <span className="goods-grant" data-testid={testId}>
      {grant.kind === 'vip' ? t('pay.grant.vip', { days: grant.days }) : t('pay.grant.deposit')}
    </span>
  );
};

/** What a purchase granted, as "My purchases" shows it. */
export const GrantedLine = ({ order, testId }: { order: PayOrder; testId?: string }) => {
  const { t } = useTranslation();
  const g = order.granted;
  if (!g) return null;
  return (
    <div className="purchase-granted" data-testid={testId}>
      {g.kind === 'vip'
        ? t('pay.granted.vip', { days: g.days, date: dateTime(g.endTime, i18n.language) })
        : t('pay.granted.deposit')}
    </div>
  );
};

/** My VIP badge and its end, and the deposit badge, on the Me tab's profile card. */
export const MyBadges = () => {
  const { t } = useTranslation();
  const grants = useMyGrants();
  const g = grants.data;
  if (!g || (!g.vip && !g.deposit)) return null;
  return (
    <div className="profile-badges" data-testid="my-badges">
      {g.vip ? (
        <Tag color="warning" fill="solid" data-testid="my-vip">
          {t('my.vipUntil', { date: dateTime(g.vip.endTime, i18n.language) })}
        </Tag>
      ) : null}
      {g.deposit ? (
        <Tag color="success" fill="solid" data-testid="my-deposit">
          {t('c2c.badge.deposit')}
        </Tag>
      ) : null}
    </div>
  );
};
