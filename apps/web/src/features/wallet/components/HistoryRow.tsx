import type { WalletEntry } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../../lib/i18n/time.ts';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import { showSigned } from '../amount.ts';
import { entryAmount, entryReference, entryTitle, isNeutral } from '../history.ts';

/**
 * One line of the history: what the member did, with whom or on which order, when, and the amount (in green,
 * out dark, a freeze grey and unsigned). Tapping it opens the record's detail.
 */
export const HistoryRow = ({ entry }: { entry: WalletEntry }) => {
  const { t, i18n } = useTranslation();
  const ref = entryReference(t, entry);
  return (
    <button
      type="button"
      className="history-row"
      data-testid={`history-${entry.id}`}
      data-kind={entry.kind}
      data-action={entry.action}
      data-flow={entry.flow}
      onClick={() => navigate({ path: Paths.usdtRecord, query: { id: String(entry.id) } })}
    >
      <div className="history-main">
        <div className="history-title" data-testid="history-title">
          {entryTitle(t, entry)}
        </div>
        {ref ? (
          <div className="history-ref" data-testid="history-ref">
            {ref}
          </div>
        ) : null}
        <div className="history-time">{dateTime(entry.createTime, i18n.language)}</div>
      </div>
      <div
        className={`history-amount ${isNeutral(entry) ? 'neutral' : entry.flow}`}
        data-testid="history-amount"
      >
        {entryAmount(t, entry, showSigned)}
      </div>
    </button>
  );
};
