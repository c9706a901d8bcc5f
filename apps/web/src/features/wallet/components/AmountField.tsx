import { useTranslation } from 'react-i18next';
import { sanitizeAmount } from '../amount.ts';

interface Props {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  label: string;
  placeholder?: string;
  /** A line under the field: the minimum, the balance or what is wrong. */
  hint?: React.ReactNode;
  error?: boolean;
  autoFocus?: boolean;
}

/** The big amount field of a payment screen: "USDT" then the number, digits and one point only. */
export const AmountField = ({
  value,
  onChange,
  testId,
  label,
  placeholder,
  hint,
  error,
  autoFocus,
}: Props) => {
  const { t } = useTranslation();
  return (
    <div className="amount-field">
      <div className="amount-field-label">{label}</div>
      <label className="amount-field-row">
        <span className="amount-field-unit">{t('common.usdt')}</span>
        <input
          className="amount-field-input"
          data-testid={testId}
          aria-label={label}
          inputMode="decimal"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the amount is the one thing this screen asks for
          autoFocus={autoFocus}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(sanitizeAmount(e.target.value))}
        />
      </label>
      {hint ? <div className={`amount-field-hint${error ? ' error' : ''}`}>{hint}</div> : null}
    </div>
  );
};
