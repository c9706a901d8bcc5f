import { PIN_LENGTH } from '@chatpay/shared';

interface PinInputProps {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  ariaLabel: string;
}

/** A 6-digit PIN: one numeric input (digits only) shown as six boxes of dots. */
export const PinInput = ({ value, onChange, testId, ariaLabel }: PinInputProps) => (
  <div className="pin-input">
    <div className="pin-boxes" aria-hidden="true">
      {Array.from({ length: PIN_LENGTH }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
        <span key={i} className={`pin-box${i === value.length ? ' pin-box-current' : ''}`}>
          {i < value.length ? '●' : ''}
        </span>
      ))}
    </div>
    <input
      className="pin-native"
      data-testid={testId}
      aria-label={ariaLabel}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_LENGTH}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
    />
  </div>
);
