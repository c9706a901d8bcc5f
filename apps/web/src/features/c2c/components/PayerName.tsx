import type { Order } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';

/**
 * The buyer's verified legal name on the seller's order (docs/design/identity.md, "In the market"), with the
 * reminder to release only a payment that came from an account in this name: a payment from someone else's
 * account is how stolen money is laundered through a market.
 */
export const PayerName = ({ order }: { order: Pick<Order, 'role' | 'buyerRealName' | 'status'> }) => {
  const { t } = useTranslation();
  if (order.role !== 'seller' || !order.buyerRealName) return null;
  const open = order.status === 'pending' || order.status === 'payment' || order.status === 'appealing';
  return (
    <div className="c2c-card" data-testid="order-payer-name">
      <div className="c2c-card-title">
        <span>{t('c2c.detail.payerName')}</span>
        <span data-testid="order-payer-real-name">{order.buyerRealName}</span>
      </div>
      {open ? (
        <div className="c2c-warning" data-testid="order-payer-reminder">
          {t('c2c.detail.payerReminder', { name: order.buyerRealName })}
        </div>
      ) : null}
    </div>
  );
};
