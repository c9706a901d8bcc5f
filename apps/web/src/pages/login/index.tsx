import { Button, Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '../../app/session.ts';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useLoginByName } from '../../features/user/index.ts';
import { deviceId } from '../../lib/device-id.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';
import { AuthHeader } from './AuthHeader.tsx';

/** Login by user name and password (docs/product.md#features). */
const LoginPage = () => {
  const { t } = useTranslation();
  const login = useLoginByName();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = async () => {
    if (!username.trim()) return toast(t('sign.required', { field: t('login.username') }));
    if (!password) return toast(t('sign.required', { field: t('login.password') }));
    try {
      const result = await login.mutateAsync({ username: username.trim(), password, deviceId: deviceId() });
      await completeLogin(result, 'name');
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page title={t('titles.login')} bare bodyClassName="auth-page">
      <AuthHeader subtitle={t('app.slogan')} />
      <Form
        className="auth-form"
        layout="horizontal"
        onFinish={submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={login.isPending}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item label={t('login.username')}>
          <TextInput
            testId="login-username"
            value={username}
            onChange={setUsername}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item label={t('login.password')}>
          <TextInput
            testId="login-password"
            type="password"
            value={password}
            onChange={setPassword}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
      </Form>
      <p className="auth-switch">
        {t('login.noAccount')}{' '}
        <button
          type="button"
          className="link"
          data-testid="login-to-sign"
          onClick={() => navigate(Paths.sign)}
        >
          {t('login.toSign')}
        </button>
      </p>
    </Page>
  );
};

export default LoginPage;
