import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PinInput } from '../../../components/PinInput.tsx';
import { usePinEntry } from '../../../components/usePinEntry.ts';
import { toastError } from '../../../lib/toast.ts';
import { useRotateApiKey } from '../queries.ts';

/**
 * The PIN before a merchant API key is made or rotated: the key moves money, so it takes the PIN.
 * Like every PIN sheet: focused on open, sent on the sixth digit, a wrong PIN answered in place.
 */
export const ApiKeyPopup = ({
  visible,
  onClose,
  onKey,
}: {
  visible: boolean;
  onClose: () => void;
  onKey: (key: string) => void;
}) => {
  const { t } = useTranslation();
  const rotate = useRotateApiKey();
  const entry = usePinEntry(async (pin) => {
    const result = await rotate.mutateAsync(pin);
    onKey(result.merchantKey);
    onClose();
  }, toastError);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      afterShow={entry.focus}
      destroyOnClose
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className="c2c-popup" data-testid="api-pin-popup">
        <h3 className="popup-title">{t('trade.apiPin')}</h3>
        <div className="c2c-field" ref={entry.box}>
          <PinInput
            testId="api-pin"
            value={entry.pin}
            onChange={entry.change}
            ariaLabel={t('c2c.trans.pin')}
          />
        </div>
        {entry.message ? (
          <div className="release-error" role="alert" data-testid="api-pin-error">
            {entry.message}
          </div>
        ) : null}
      </div>
    </Popup>
  );
};
