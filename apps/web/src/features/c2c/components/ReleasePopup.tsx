import { ErrorCode, PIN_LENGTH } from '@chatpay/shared';
import { Button, Popup } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PinInput } from '../../../components/PinInput.tsx';
import { ApiError, errorText } from '../../../lib/errors.ts';
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
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const focus = () => box.current?.querySelector('input')?.focus();
  const submit = async (value = pin) => {
    if (release.isPending) return;
    if (value.length !== PIN_LENGTH) return void toast(t('c2c.trans.pinRequired'));
    setMessage('');
    try {
      await release.mutateAsync({ id: orderId, pin: value });
      setPin('');
      toast(t('c2c.detail.released'));
      onClose();
    } catch (error) {
      setPin('');
      if (
        error instanceof ApiError &&
        (error.code === ErrorCode.WrongPin || error.code === ErrorCode.PinLocked)
      ) {
        setMessage(errorText(error));
        requestAnimationFrame(focus);
      } else {
        toastError(error);
      }
    }
  };
  const change = (value: string) => {
    setPin(value);
    if (value.length === PIN_LENGTH) void submit(value);
  };
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      afterShow={focus}
      destroyOnClose
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className="c2c-popup" data-testid="release-popup">
        <h3 className="popup-title">{t('c2c.detail.releaseTitle')}</h3>
        <div className="c2c-warning">{t('c2c.warn.release')}</div>
        <div className="c2c-field" style={{ marginTop: 12 }} ref={box}>
          <div className="c2c-field-label">{t('c2c.trans.pin')}</div>
          <PinInput testId="release-pin" value={pin} onChange={change} ariaLabel={t('c2c.trans.pin')} />
        </div>
        {message ? (
          <div className="release-error" role="alert" data-testid="release-error">
            {message}
          </div>
        ) : null}
        <Button
          block
          color="primary"
          size="large"
          loading={release.isPending}
          onClick={() => void submit()}
          data-testid="release-submit"
        >
          {t('c2c.detail.releaseSubmit')}
        </Button>
      </div>
    </Popup>
  );
};
