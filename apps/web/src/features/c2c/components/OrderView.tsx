import type { Order, OrderEvent } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n/index.ts';
import { dateTime } from '../../../lib/i18n/time.ts';
import { cardLabel } from '../logic.ts';
import { CopyRow, Proof, Row } from './bits.tsx';

/** Order fields (docs/product.md#orders) shared by the order page and the support page. */

const time = (iso: string | null) => dateTime(iso, i18n.language, { seconds: true });

export const OrderAmounts = ({ order, fiat }: { order: Omit<Order, 'role' | 'actions'>; fiat: string }) => {
  const { t } = useTranslation();
  return (
    <div className="c2c-card" data-testid="order-amounts">
      <Row
        label={t('c2c.order.amountFiat')}
        value={<b>{`${order.amountFiat} ${fiat}`}</b>}
        testId="order-amount-fiat"
      />
      <Row label={t('c2c.order.price')} value={`${order.price} ${fiat}`} testId="order-price" />
      <Row
        label={t('c2c.order.quantity')}
        value={t('common.usdtAmount', { amount: order.amountCoin })}
        testId="order-amount-coin"
      />
      <Row
        label={t('c2c.order.charge')}
        value={t('common.usdtAmount', { amount: order.charge })}
        testId="order-charge"
      />
      <Row
        label={t('c2c.order.receive')}
        value={t('common.usdtAmount', { amount: order.receive })}
        testId="order-receive"
      />
      <CopyRow label={t('c2c.order.orderId')} value={order.orderNo} testId="order-id" />
      <Row label={t('c2c.order.createTime')} value={time(order.createTime)} />
      {order.paymentTime ? <Row label={t('c2c.order.paymentTime')} value={time(order.paymentTime)} /> : null}
      {order.completedTime ? (
        <Row label={t('c2c.order.completedTime')} value={time(order.completedTime)} />
      ) : null}
      {order.canceledTime ? (
        <Row label={t('c2c.order.canceledTime')} value={time(order.canceledTime)} />
      ) : null}
      <Row label={t('c2c.order.buyer')} value={order.buyer.nickName} />
      <Row label={t('c2c.order.seller')} value={order.seller.nickName} />
    </div>
  );
};

export const PAYEE_FIELDS = [
  'name',
  'bankName',
  'cardNumber',
  'branch',
  'iban',
  'account',
  'publishKey',
] as const;

/** The seller's payee details copied onto the order, each with a copy button. */
export const PayeeCard = ({ order }: { order: Pick<Order, 'payee' | 'paymentType'> }) => {
  const { t } = useTranslation();
  const p = order.payee;
  const label = cardLabel({
    name: '',
    code: '',
    metadata: { ...p, childType: p.type ?? order.paymentType } as never,
  });
  return (
    <div className="c2c-card" data-testid="order-payee">
      <div className="c2c-card-title">
        <span>{t('c2c.detail.payee')}</span>
        <span className="c2c-muted">
          {t(`c2c.payType.${order.paymentType}`)} · {label.name}
        </span>
      </div>
      {PAYEE_FIELDS.filter((k) => p[k]).map((k) => (
        <CopyRow key={k} label={t(`c2c.bank.${k}`)} value={p[k] ?? ''} testId={`payee-${k}`} />
      ))}
      {p.qrCode ? (
        <div className="c2c-row">
          <span className="c2c-row-label">{t('c2c.bank.qrCode')}</span>
          <Proof url={p.qrCode} />
        </div>
      ) : null}
    </div>
  );
};

export const AppealCard = ({ order }: { order: Omit<Order, 'role' | 'actions'> }) => {
  const { t } = useTranslation();
  if (!order.appealBy && !order.resolutionNote) return null;
  const by = order.appealBy === order.buyer.userId ? t('c2c.order.buyer') : t('c2c.order.seller');
  return (
    <div className="c2c-card" data-testid="order-appeal">
      <div className="c2c-card-title">{t('c2c.appeal.title')}</div>
      {order.appealBy ? <Row label={t('c2c.appeal.by')} value={by} /> : null}
      {order.appealReasonCode ? (
        <Row
          label={t('c2c.appeal.reasonCode')}
          value={t(`c2c.appeal.reasons.${order.appealReasonCode}`, { defaultValue: order.appealReasonCode })}
          testId="order-appeal-reason-code"
        />
      ) : null}
      {order.appealReason ? <Row label={t('c2c.appeal.reason')} value={order.appealReason} /> : null}
      {order.appealProof.length > 0 ? (
        <div className="c2c-proofs" data-testid="order-proofs">
          {order.appealProof.map((url) => (
            <Proof key={url} url={url} />
          ))}
        </div>
      ) : null}
      {order.resolutionNote ? (
        <div className="c2c-warning" data-testid="order-resolution">
          {t('c2c.appeal.resolutionLine', { note: order.resolutionNote })}
        </div>
      ) : null}
    </div>
  );
};

export const EventList = ({ events }: { events: OrderEvent[] }) => {
  const { t } = useTranslation();
  if (events.length === 0) return null;
  const name = (s: string | null) =>
    s ? t(`c2c.status.${s}`, { defaultValue: t('c2c.status.unknown') }) : t('c2c.detail.created');
  return (
    <div className="c2c-card">
      <div className="c2c-card-title">{t('c2c.detail.events')}</div>
      <div className="c2c-events" data-testid="order-events">
        {events.map((e) => (
          <div key={e.id}>
            {time(e.createTime)} · {e.fromStatus ? `${name(e.fromStatus)} → ` : ''}
            {name(e.toStatus)}
            {e.note ? ` · ${e.note}` : ''}
          </div>
        ))}
      </div>
    </div>
  );
};
