import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LabeledSpinner } from '../../../components/LabeledSpinner.tsx';
import { PinInput } from '../../../components/PinInput.tsx';
import { usePinEntry } from '../../../components/usePinEntry.ts';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import { toastError } from '../../../lib/toast.ts';
import { showUsdt } from '../amount.ts';
import { askToSetPin, isPinNotSet } from '../usePinGuard.ts';

interface Props {
  visible: boolean;
  /** What is paid for: "Transfer to Bob", "Red packet", "Coffee". */
  purpose: string;
  amount: string;
  onClose: () => void;
  /** Pays with the PIN; a rejection keeps the sheet open for a PIN error and closes it otherwise. */
  onPay: (pin: string) => Promise<unknown>;
  /** Failures other than the PIN's (insufficient balance…); a toast by default. */
  onError?: (error: unknown) => void;
}

/**
 * The PIN pad of every payment (WeChat's "Enter payment password"): what and how much, six boxes; the
 * payment goes as soon as the sixth digit is typed.
 */
export const PaySheet = ({ visible, purpose, amount, onClose, onPay, onError }: Props) => {
  const { t } = useTranslation();
  const entry = usePinEntry(onPay, (error) => {
    onClose();
    if (isPinNotSet(error)) void askToSetPin();
    else (onError ?? toastError)(error);
  });
  const { busy, reset } = entry;

  useEffect(() => {
    if (!visible) reset();
  }, [visible, reset]);

  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : onClose}
      afterShow={entry.focus}
      bodyClassName="pay-sheet"
      destroyOnClose
    >
      <div className="pay-sheet-inner" data-testid="pay-sheet">
        <div className="pay-sheet-head">
          <button
            type="button"
            className="pay-sheet-close"
            onClick={onClose}
            disabled={busy}
            aria-label={t('common.cancel')}
            data-testid="pay-sheet-close"
          >
            <CloseOutline />
          </button>
          <span className="pay-sheet-title">{t('pay.enterPin')}</span>
        </div>
        <div className="pay-sheet-purpose">{purpose}</div>
        <div className="pay-sheet-amount" data-testid="pay-sheet-amount">
          <span className="pay-sheet-unit">{t('common.usdt')}</span>
          {showUsdt(amount)}
        </div>
        <div className="pay-sheet-pin" ref={entry.box}>
          <PinInput
            value={entry.pin}
            onChange={entry.change}
            testId="pay-pin"
            ariaLabel={t('pay.enterPin')}
          />
        </div>
        <div className="pay-sheet-state" aria-live="polite">
          {busy ? (
            <LabeledSpinner size="20px" label={t('pay.paying')} />
          ) : entry.message ? (
            <span className="pay-sheet-error" data-testid="pay-sheet-error">
              {entry.message}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          className="link pay-sheet-forgot"
          onClick={() => {
            onClose();
            navigate({ path: Paths.userPassword2 });
          }}
        >
          {t('pay.forgotPin')}
        </button>
      </div>
    </Popup>
  );
};
