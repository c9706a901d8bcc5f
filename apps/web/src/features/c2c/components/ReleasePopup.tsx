import { PIN_LENGTH } from '@chatpay/shared';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PinInput } from '../../../components/PinInput.tsx';
import { toast, toastError } from '../../../lib/toast.ts';
import { useRelease } from '../queries.ts';

/** The seller's PIN to release the coins, after the warning was confirmed. */
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
  const [pin, setPin] = useState('');
  const submit = async () => {
    if (pin.length !== PIN_LENGTH) return void toast(t('c2c.trans.pinRequired'));
    try {
      await release.mutateAsync({ id: orderId, pin });
      setPin('');
      toast(t('c2c.detail.released'));
      onClose();
    } catch (error) {
      setPin('');
      toastError(error);
    }
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className="c2c-popup" data-testid="release-popup">
        <h3 className="popup-title">{t('c2c.detail.releaseTitle')}</h3>
        <div className="c2c-warning">{t('c2c.warn.release')}</div>
        <div className="c2c-field" style={{ marginTop: 12 }}>
          <div className="c2c-field-label">{t('c2c.trans.pin')}</div>
          <PinInput testId="release-pin" value={pin} onChange={setPin} ariaLabel={t('c2c.trans.pin')} />
        </div>
        <Button
          block
          color="primary"
          size="large"
          loading={release.isPending}
          onClick={submit}
          data-testid="release-submit"
        >
          {t('c2c.detail.releaseSubmit')}
        </Button>
      </div>
    </Popup>
  );
};
