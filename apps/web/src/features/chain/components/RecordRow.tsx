import { type ChainRecord, formatUsdt, micro, parseUsdt } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard.ts';
import { dateTime } from '../../../lib/i18n/time.ts';
import { showUsdt } from '../../wallet/index.ts';
import { isPending, shortHash } from '../queries.ts';

/** What a withdrawal took from the wallet: the amount sent plus its fee. */
const leftWallet = (r: ChainRecord) => formatUsdt(micro(parseUsdt(r.amount) + parseUsdt(r.fee)));

/**
 * Why a withdrawal waits or was refused, in the member's language: support's own words when it was rejected,
 * else the rule that sent it to review (with the end of a credential hold).
 */
export const withdrawalReason = (
  r: ChainRecord,
  t: (key: string, options?: Record<string, unknown>) => string,
  lang: string,
): string | null => {
  if (r.type !== 'withdrawal') return null;
  if (r.status === 'rejected' && r.reason && !r.reason.startsWith('Review:'))
    return t('chain.rejectedBecause', { reason: r.reason });
  if (r.status !== 'reviewing' || !r.holdCode) return null;
  return t(`chain.hold.${r.holdCode}`, { until: dateTime(r.heldUntil, lang) });
};

/** One deposit or withdrawal: what, state (confirming n/N…), amount, explorer-style short tx hash, why it waits. */
export const RecordRow = ({ record }: { record: ChainRecord }) => {
  const { t, i18n } = useTranslation();
  const deposit = record.type === 'deposit';
  const state =
    record.status === 'confirming'
      ? t('chain.status.confirmingN', { n: record.confirmations, total: record.required })
      : t(`chain.status.${record.status}`);
  const time = dateTime(record.createTime, i18n.language);
  const why = withdrawalReason(record, t, i18n.language);
  return (
    <div
      className="history-row chain-row"
      data-testid={`chain-${record.type}-${record.id}`}
      data-status={record.status}
    >
      <div className="history-main">
        <div className="history-title">
          {t(deposit ? 'chain.deposit' : 'chain.withdrawal')}
          <span className="history-who">{record.network}</span>
        </div>
        <div className="history-time">
          {time}
          {record.txHash ? (
            <button
              type="button"
              className="chain-hash"
              onClick={() => copyText(record.txHash!)}
              title={record.txHash}
              data-testid="chain-tx"
            >
              {shortHash(record.txHash)}
            </button>
          ) : null}
        </div>
        {why ? (
          <div className="chain-reason" data-testid="chain-reason">
            {why}
          </div>
        ) : null}
      </div>
      <div className="chain-side">
        <div className={`history-amount ${deposit ? 'in' : 'out'}`}>
          {deposit ? '+' : '-'}
          {showUsdt(deposit ? record.amount : leftWallet(record))}
        </div>
        <div
          className={`chain-status ${isPending(record) ? 'pending' : record.status}`}
          data-testid="chain-status"
        >
          {state}
        </div>
      </div>
    </div>
  );
};
