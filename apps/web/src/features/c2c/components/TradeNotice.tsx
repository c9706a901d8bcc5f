import { useTranslation } from 'react-i18next';
import { cardLabel } from '../logic.ts';
import { CopyRow, Proof } from './bits.tsx';
import { PAYEE_FIELDS } from './OrderView.tsx';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The seller's payment details posted into the order chat at start: a card both traders see, each
 * field with a copy button, kept in the chat as evidence for support.
 */
export const PayeeNotice = ({ content }: { content: Record<string, unknown> }) => {
  const { t } = useTranslation();
  const raw = (content.payee ?? {}) as Record<string, unknown>;
  const p = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, str(v)])) as Record<string, string>;
  const type = p.type ?? '';
  const label = cardLabel({ name: '', code: '', metadata: { ...p, childType: type } as never });
  return (
    <div className="c2c-card trade-payee" data-testid="chat-payee-card">
      <div className="c2c-card-title">
        <span>{t('trade.payeeTitle')}</span>
        <span className="c2c-muted">
          {t(`c2c.payType.${type}`, { defaultValue: type })} · {label.name}
        </span>
      </div>
      {str(content.amountFiat) ? (
        <div className="trade-payee-amount" data-testid="chat-payee-amount">
          {t('trade.payeeAmount', { amount: str(content.amountFiat) })}
        </div>
      ) : null}
      {PAYEE_FIELDS.filter((k) => p[k]).map((k) => (
        <CopyRow key={k} label={t(`c2c.bank.${k}`)} value={p[k] ?? ''} testId={`chat-payee-${k}`} />
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
