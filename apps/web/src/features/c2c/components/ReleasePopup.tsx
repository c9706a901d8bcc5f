import { PIN_LENGTH } from '@chatpay/shared';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { PinInput } from '../../../components/PinInput.tsx';
import { usePinEntry } from '../../../components/usePinEntry.ts';
import { toast, toastError } from '../../../lib/toast.ts';
import { useRelease } from '../queries.ts';

/**
 * The seller's PIN to release the coins, after the warning was confirmed. It behaves as every PIN sheet
 * (PaySheet): focused when it opens, sent on the sixth digit, a wrong PIN answered in place with the tries left.
 */
export const ReleasePopup = ({
  orderId,
  visible,
  onClose,
}: {
  orderId: number;
  visible: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const release = useRelease();
  const entry = usePinEntry(async (pin) => {
    await release.mutateAsync({ id: orderId, pin });
    toast(t('c2c.detail.released'));
    onClose();
  }, toastError);
  const submit = () => {
    if (entry.pin.length !== PIN_LENGTH) return void toast(t('c2c.trans.pinRequired'));
    void entry.submit(entry.pin);
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      afterShow={entry.focus}
      destroyOnClose
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className="c2c-popup" data-testid="release-popup">
        <h3 className="popup-title">{t('c2c.detail.releaseTitle')}</h3>
        <div className="c2c-warning">{t('c2c.warn.release')}</div>
        <div className="c2c-field" style={{ marginTop: 12 }} ref={entry.box}>
          <div className="c2c-field-label">{t('c2c.trans.pin')}</div>
          <PinInput
            testId="release-pin"
            value={entry.pin}
            onChange={entry.change}
            ariaLabel={t('c2c.trans.pin')}
          />
        </div>
        {entry.message ? (
          <div className="release-error" role="alert" data-testid="release-error">
            {entry.message}
          </div>
        ) : null}
        <Button
          block
          color="primary"
          size="large"
          loading={entry.busy}
          onClick={submit}
          data-testid="release-submit"
        >
          {t('c2c.detail.releaseSubmit')}
        </Button>
      </div>
    </Popup>
  );
};
