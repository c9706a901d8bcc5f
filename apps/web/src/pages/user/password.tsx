import { PASSWORD_MIN_LENGTH } from '@chatpay/shared';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useChangePassword } from '../../features/user/index.ts';
import { back } from '../../lib/router/navigate.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

/** Change the login password: current, new and confirmation; the answer is a new login to store. */
const PasswordPage = () => {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');

  const submit = async () => {
    if (!current) return toast(t('sign.required', { field: t('password.current') }));
    if (next.length < PASSWORD_MIN_LENGTH) return toast(t('password.tooShort'));
    if (next !== again) return toast(t('password.mismatch'));
    try {
      await change.mutateAsync({ password: current, newPassword: next });
      toastSuccess(t('password.success'));
      back();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page title={t('titles.userPassword')}>
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
            loading={change.isPending}
            data-testid="password-submit"
          >
            {t('password.submit')}
          </Button>
        }
      >
        <Form.Item label={t('password.current')}>
          <TextInput
            testId="password-current"
            type="password"
            value={current}
            onChange={setCurrent}
            placeholder={t('password.currentPlaceholder')}
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item label={t('password.new')}>
          <TextInput
            testId="password-new"
            type="password"
            value={next}
            onChange={setNext}
            placeholder={t('password.newPlaceholder')}
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item label={t('password.confirm')}>
          <TextInput
            testId="password-confirm"
            type="password"
            value={again}
            onChange={setAgain}
            placeholder={t('password.confirmPlaceholder')}
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
      </Form>
    </Page>
  );
};

export default PasswordPage;
