import type { WalletEntry } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../../lib/i18n/time.ts';
import { direction, showSigned } from '../amount.ts';

/** `chat-transfer` → `chatTransfer`: the key of a history kind's label. */
const kindKey = (kind: string) => kind.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());

/** Date and clock of a history entry in the reader's language. */
const entryTime = (iso: string, lang: string) => dateTime(iso, lang);

/** One line of the history: what it was, with whom, when, and the signed amount (in green, out dark). */
export const HistoryRow = ({ entry }: { entry: WalletEntry }) => {
  const { t, i18n } = useTranslation();
  const key = `wallet.kind.${kindKey(entry.kind)}`;
  const label = i18n.exists(key) ? t(key) : t('wallet.kind.other');
  const dir = direction(entry.amount);
  const who = entry.counterparty
    ? t(dir === 'in' ? 'wallet.from' : 'wallet.to', { name: entry.counterparty.nickName })
    : '';
  return (
    <div className="history-row" data-testid={`history-${entry.id}`} data-kind={entry.kind}>
      <div className="history-main">
        <div className="history-title">
          {label}
          {who ? <span className="history-who">{who}</span> : null}
        </div>
        <div className="history-time">{entryTime(entry.createTime, i18n.language)}</div>
      </div>
      <div className={`history-amount ${dir}`} data-testid="history-amount">
        {showSigned(entry.amount)}
      </div>
    </div>
  );
};
