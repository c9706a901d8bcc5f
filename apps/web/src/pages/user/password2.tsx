import { PIN_LENGTH } from '@chatpay/shared';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { PinInput } from '../../components/PinInput.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { usePerson, useSetPayPassword } from '../../features/user/index.ts';
import { back } from '../../lib/router/navigate.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

/**
 * Second password: set the 6-digit payment PIN with the login password (docs/product.md#payment-pin), or
 * change it with the current PIN, or with the login password after a recent password login
 * (docs/security.md).
 */
const Password2Page = () => {
  const { t } = useTranslation();
  const { data: user } = usePerson();
  const setPin = useSetPayPassword();
  const [pin, setPinValue] = useState('');
  const [again, setAgain] = useState('');
  const [password, setPassword] = useState('');
  const [oldPin, setOldPin] = useState('');
  const hasPin = Boolean(user?.hasPin);

  const submit = async () => {
    if (pin.length !== PIN_LENGTH) return toast(t('password2.pinInvalid'));
    if (pin !== again) return toast(t('password2.mismatch'));
    const withOldPin = hasPin && oldPin.length === PIN_LENGTH;
    if (!withOldPin && !password) return toast(t('password2.passwordRequired'));
    try {
      await setPin.mutateAsync(withOldPin ? { oldPin, pin } : { password, pin });
      toastSuccess(t('password2.success'));
      back();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page title={t('titles.userPassword2')}>
      <div className="page-intro">
        <p>{t('password2.intro')}</p>
        <p className="page-intro-status" data-testid="password2-status">
          {hasPin ? t('password2.statusSet') : t('password2.statusUnset')}
        </p>
      </div>
      <Form
        className="page-form"
        layout="vertical"
        onFinish={submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={setPin.isPending}
            data-testid="password2-submit"
          >
            {hasPin ? t('password2.submitChange') : t('password2.submitSet')}
          </Button>
        }
      >
        {hasPin && (
          <Form.Item label={t('password2.currentPin')} help={t('password2.currentPinHint')}>
            <PinInput
              testId="password2-old-pin"
              value={oldPin}
              onChange={setOldPin}
              ariaLabel={t('password2.currentPin')}
            />
          </Form.Item>
        )}
        <Form.Item label={t('password2.pin')}>
          <PinInput
            testId="password2-pin"
            value={pin}
            onChange={setPinValue}
            ariaLabel={t('password2.pin')}
          />
        </Form.Item>
        <Form.Item label={t('password2.confirmPin')}>
          <PinInput
            testId="password2-pin-confirm"
            value={again}
            onChange={setAgain}
            ariaLabel={t('password2.confirmPin')}
          />
        </Form.Item>
        <Form.Item label={t('password2.loginPassword')}>
          <TextInput
            testId="password2-password"
            type="password"
            value={password}
            onChange={setPassword}
            placeholder={t('password2.loginPasswordPlaceholder')}
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
      </Form>
    </Page>
  );
};

export default Password2Page;
