import type { HTMLInputTypeAttribute } from 'react';

interface TextInputProps {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  placeholder?: string;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel';
  /** Called on Enter. */
  onEnter?: () => void;
  autoFocus?: boolean;
  ariaLabel?: string;
}

/**
 * A plain input styled like antd-mobile's. antd-mobile's Input puts `data-*` on its wrapper, not on the
 * input, so browser tests could not fill it by test id; this one carries the test id on the input itself.
 */
export const TextInput = ({ value, onChange, testId, onEnter, ariaLabel, ...rest }: TextInputProps) => (
  <input
    className="text-input"
    data-testid={testId}
    aria-label={ariaLabel ?? rest.placeholder}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    onKeyDown={(e) => {
      if (e.key === 'Enter' && onEnter) onEnter();
    }}
    {...rest}
  />
);
