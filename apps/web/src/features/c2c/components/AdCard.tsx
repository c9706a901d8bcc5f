import type { Ad } from '@chatpay/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import { Badges, OnlineDot, Requirements, StatsLine } from './bits.tsx';

/** A market ad: merchant with 30-day stats, price, limits, available quantity and the Buy/Sell button. */
export const AdCard = ({
  ad,
  fiat,
  mine,
  onTrade,
}: {
  ad: Ad;
  fiat: string;
  mine: boolean;
  onTrade: () => void;
}) => {
  const { t } = useTranslation();
  // A sell ad is where I buy.
  const action = ad.type === 'sell' ? 'buy' : 'sell';
  return (
    <div className="c2c-card" data-testid={`ad-${ad.id}`}>
      <div className="c2c-ad-head">
        <UserAvatar src={ad.merchant.avatar} size={28} />
        <OnlineDot online={ad.merchant.online} testId={`ad-${ad.id}-online`} />
        <button
          type="button"
          className="c2c-ad-merchant c2c-link"
          onClick={() => void navigate({ path: Paths.c2cProfile, query: { userId: ad.merchant.userId } })}
          data-testid={`ad-${ad.id}-merchant`}
        >
          {ad.merchant.name}
        </button>
        {ad.merchant.trusted ? (
          <span className="c2c-trusted-tag" data-testid={`ad-${ad.id}-trusted`}>
            {t('trade.trusted')}
          </span>
        ) : null}
        <Badges badges={ad.merchant.stats.badges} testId={`ad-${ad.id}-badges`} />
        <Tag color="primary" fill="outline">
          {t(`c2c.payType.${ad.paymentType}`)}
        </Tag>
      </div>
      <StatsLine stats={ad.merchant.stats} testId={`ad-${ad.id}-stats`} />
      <Requirements ad={ad} testId={`ad-${ad.id}-requirements`} />
      <div className="c2c-ad-body">
        <div>
          <div className="c2c-price" data-testid={`ad-${ad.id}-price`}>
            <small>{fiat}</small> {ad.price}
            {ad.priceType === 'floating' ? (
              <small className="c2c-muted" data-testid={`ad-${ad.id}-floating`}>
                {' '}
                {t('c2c.ad.floating', { percent: ad.floatPercent })}
              </small>
            ) : null}
          </div>
          <div className="c2c-muted">
            {t('c2c.ad.available')} <span data-testid={`ad-${ad.id}-remaining`}>{ad.remaining}</span>{' '}
            {t('common.usdt')}
          </div>
          <div className="c2c-muted">
            {t('c2c.ad.limit')} {ad.minLimit} - {ad.maxLimit} {fiat}
          </div>
        </div>
        <Button
          color={action === 'buy' ? 'success' : 'danger'}
          size="small"
          disabled={mine}
          onClick={onTrade}
          data-testid={`ad-${ad.id}-trade`}
        >
          {mine ? t('c2c.ad.mine') : t(`c2c.action.${action}`)}
        </Button>
      </div>
    </div>
  );
};
