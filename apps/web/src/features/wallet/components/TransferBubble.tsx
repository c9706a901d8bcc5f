import { useTranslation } from 'react-i18next';
import type { UiMessage } from '../../chat/index.ts';
import { showUsdt } from '../amount.ts';
import '../money-bubble.css';

/** Two opposed arrows: money going across (WeChat's transfer mark, without a currency sign). */
const TransferIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M4 8h15l-4-4M20 16H5l4 4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** A chat transfer (docs/product.md#transfers, op 'add'): orange, the amount and remark; received at once. */
export const TransferBubble = ({
  m,
  mine,
  theirName,
}: {
  m: UiMessage;
  mine: boolean;
  theirName: string;
}) => {
  const { t } = useTranslation();
  const amount = typeof m.content.amount === 'string' ? m.content.amount : '0';
  const remark = typeof m.content.remark === 'string' ? m.content.remark : '';
  return (
    <div
      className={`money-bubble tf-bubble${mine ? ' mine' : ''}`}
      data-testid={`tf-bubble-${String(m.content.transferId ?? m.id)}`}
    >
      <span className="money-bubble-top">
        <span className="tf-icon" aria-hidden="true">
          <TransferIcon />
        </span>
        <span className="money-bubble-text">
          <span className="tf-amount" data-testid="tf-amount">
            {t('common.usdtAmount', { amount: showUsdt(amount) })}
          </span>
          {remark ? <span className="money-bubble-sub">{remark}</span> : null}
        </span>
      </span>
      <span className="money-bubble-foot" data-testid="tf-status">
        {mine ? t('transfer.toName', { name: theirName || t('transfer.them') }) : t('transfer.received')}
      </span>
    </div>
  );
};
