import { Checkbox, Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { completeLogin } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useRegisterByName, useShareCodeCheck } from '../../features/user/index.ts';
import { deviceId } from '../../lib/device-id.ts';
import { arrivalInviteCode, forgetInviteCode } from '../../lib/router/deep-link.ts';
import { back, navigate, pageStack } from '../../lib/router/navigate.ts';
import { canonicalPath, Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';
import { AuthHeader } from './AuthHeader.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** Sign-up by user name (docs/product.md#features): nickname, optional invite code, agreement required. */
const SignPage = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const register = useRegisterByName();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [nickName, setNickName] = useState('');
  // An invite link prefills its code, also when the visitor went through the login page first.
  const [shareCode, setShareCode] = useState(search.get('shareCode') ?? arrivalInviteCode());
  const check = useShareCodeCheck(shareCode);
  const codeNote = !shareCode.trim()
    ? null
    : check.data?.valid
      ? { ok: true, text: t('sign.invitedBy', { name: check.data.nickName ?? '' }) }
      : check.data && !check.data.valid
        ? { ok: false, text: t('sign.codeUnknown') }
        : null;
  const [agree, setAgree] = useState(false);

  const required = (value: string, label: string) => {
    if (value.trim()) return true;
    toast(t('sign.required', { field: label }));
    return false;
  };

  const submit = async () => {
    if (!required(username, t('sign.username'))) return;
    if (!required(password, t('sign.password'))) return;
    if (!required(nickName, t('sign.nickName'))) return;
    if (!agree) return toast(t('sign.mustAgree'));
    try {
      const result = await register.mutateAsync({
        username: username.trim(),
        password,
        nickName: nickName.trim(),
        shareCode: shareCode.trim() || undefined,
        agree,
        deviceId: deviceId(),
      });
      forgetInviteCode();
      await completeLogin(result, 'register');
    } catch (error) {
      toastError(error);
    }
  };

  /** Back to the login page if it is the previous page, else open it in place of this one. */
  const toLogin = () => {
    const previous = pageStack().at(-2);
    if (previous && canonicalPath(previous) === Paths.login) back();
    else navigate({ path: Paths.login, mode: 'redirectTo' });
  };

  const openDoc = (type: 'agreement' | 'privacy') => navigate({ path: Paths.userDoc, query: { type } });

  return (
    <Page title={t('titles.sign')} bodyClassName="auth-page" right={<LanguageSwitch />}>
      <AuthHeader subtitle={t('sign.success')} language={false} />
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
            loading={register.isPending}
            data-testid="sign-submit"
          >
            {t('sign.submit')}
          </Button>
        }
      >
        <Form.Item label={t('sign.username')}>
          <TextInput
            testId="sign-username"
            value={username}
            onChange={setUsername}
            placeholder={t('sign.usernamePlaceholder')}
            autoComplete="username"
            maxLength={32}
          />
        </Form.Item>
        <Form.Item label={t('sign.password')}>
          <TextInput
            testId="sign-password"
            type="password"
            value={password}
            onChange={setPassword}
            placeholder={t('sign.passwordPlaceholder')}
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item label={t('sign.nickName')}>
          <TextInput
            testId="sign-nickname"
            value={nickName}
            onChange={setNickName}
            placeholder={t('sign.nickNamePlaceholder')}
            maxLength={32}
          />
        </Form.Item>
        <Form.Item
          label={t('sign.shareCode')}
          description={
            codeNote ? (
              <span
                data-testid="sign-share-code-check"
                data-valid={codeNote.ok ? 'true' : 'false'}
                role="status"
              >
                {codeNote.text}
              </span>
            ) : undefined
          }
        >
          <TextInput
            testId="sign-share-code"
            value={shareCode}
            onChange={setShareCode}
            placeholder={t('sign.shareCodePlaceholder')}
            maxLength={16}
          />
        </Form.Item>
      </Form>
      <div className="agree-row">
        <Checkbox
          checked={agree}
          onChange={setAgree}
          data-testid="sign-agree"
          style={{ '--icon-size': '16px' }}
        >
          {/* The checkbox's name; the visible sentence beside it holds the document links. */}
          <span className="visually-hidden">{t('sign.agreePrefix')}</span>
        </Checkbox>
        <span className="agree-text">
          {t('sign.agreePrefix')}{' '}
          <button
            type="button"
            className="link"
            data-testid="sign-agreement"
            onClick={() => openDoc('agreement')}
          >
            {t('about.agreement')}
          </button>{' '}
          {t('sign.and')}{' '}
          <button
            type="button"
            className="link"
            data-testid="sign-privacy"
            onClick={() => openDoc('privacy')}
          >
            {t('about.privacy')}
          </button>
        </span>
      </div>
      <p className="auth-switch">
        {t('sign.haveAccount')}{' '}
        <button type="button" className="link" data-testid="sign-to-login" onClick={toLogin}>
          {t('sign.toLogin')}
        </button>
      </p>
    </Page>
  );
};

export default SignPage;
