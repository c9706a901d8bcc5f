import { ErrorCode, type FactorChallenge } from '@chatpay/shared';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeLogin } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { loginSecondFactor, loginWithPasskey, useLoginByName } from '../../features/user/index.ts';
import { FactorForm } from '../../features/user/ui.ts';
import { deviceId } from '../../lib/device-id.ts';
import { ApiError } from '../../lib/request.ts';
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
  const [challenge, setChallenge] = useState<FactorChallenge | null>(null);

  const submit = async () => {
    if (!username.trim()) return toast(t('sign.required', { field: t('login.username') }));
    if (!password) return toast(t('sign.required', { field: t('login.password') }));
    try {
      const result = await login.mutateAsync({ username: username.trim(), password, deviceId: deviceId() });
      await completeLogin(result, 'name');
    } catch (error) {
      // The password was right and the account has a second factor: the second step asks for it.
      if (error instanceof ApiError && error.code === ErrorCode.SecondFactorRequired && error.data)
        return setChallenge(error.data as FactorChallenge);
      toastError(error);
    }
  };

  const withPasskey = async () => {
    try {
      await completeLogin(await loginWithPasskey(username.trim() || undefined), 'name');
    } catch (error) {
      toastError(error);
    }
  };

  if (challenge)
    return (
      <Page title={t('titles.login')} bare bodyClassName="auth-page">
        <AuthHeader subtitle={t('security.secondStep')} />
        <FactorForm
          challenge={challenge}
          testId="login-factor"
          onAnswer={async (answer) => completeLogin(await loginSecondFactor(challenge, answer), 'name')}
        />
        <p className="auth-switch">
          <button
            type="button"
            className="link"
            onClick={() => setChallenge(null)}
            data-testid="login-factor-back"
          >
            {t('security.back')}
          </button>
        </p>
      </Page>
    );

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
      <Button
        block
        fill="outline"
        className="auth-passkey"
        onClick={() => void withPasskey()}
        data-testid="login-passkey"
      >
        {t('security.loginWithPasskey')}
      </Button>
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
