import type { FactorChallenge } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { toastError } from '../../lib/toast.ts';
import type { FactorAnswer } from './security.ts';

/**
 * Answers a login or step-up challenge with the member's methods: a code of the authenticator app, a passkey
 * of this device, or a recovery code. `onAnswer` sends it; a refusal is toasted and the form stays.
 */
export const FactorForm = ({
  challenge,
  onAnswer,
  testId,
}: {
  challenge: FactorChallenge;
  onAnswer(answer: FactorAnswer): Promise<void>;
  testId: string;
}) => {
  const { t } = useTranslation();
  const hasTotp = challenge.methods.includes('totp');
  const [mode, setMode] = useState<'totp' | 'recovery'>(hasTotp ? 'totp' : 'recovery');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (answer: FactorAnswer) => {
    setBusy(true);
    try {
      await onAnswer(answer);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const submit = () => void send(mode === 'totp' ? { code: value.trim() } : { recoveryCode: value.trim() });

  return (
    <div className="factor-form" data-testid={testId}>
      {challenge.methods.includes('passkey') ? (
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => void send({ passkey: true })}
          data-testid={`${testId}-passkey`}
        >
          {t('security.usePasskey')}
        </Button>
      ) : null}
      {challenge.methods.includes('totp') || challenge.methods.includes('recovery') ? (
        <>
          <p className="factor-form-hint">
            {mode === 'totp' ? t('security.enterCode') : t('security.enterRecovery')}
          </p>
          <TextInput
            testId={`${testId}-code`}
            value={value}
            onChange={setValue}
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            maxLength={mode === 'totp' ? 6 : 24}
            placeholder={mode === 'totp' ? '123456' : 'ABCD-EFGH-JKLM-NPQR'}
            ariaLabel={mode === 'totp' ? t('security.enterCode') : t('security.enterRecovery')}
            onEnter={submit}
            autoFocus
          />
          <Button
            block
            color="primary"
            fill="outline"
            loading={busy}
            onClick={submit}
            data-testid={`${testId}-submit`}
          >
            {t('security.verify')}
          </Button>
        </>
      ) : null}
      {hasTotp && challenge.methods.includes('recovery') ? (
        <button
          type="button"
          className="link"
          onClick={() => {
            setMode(mode === 'totp' ? 'recovery' : 'totp');
            setValue('');
          }}
          data-testid={`${testId}-switch`}
        >
          {mode === 'totp' ? t('security.useRecovery') : t('security.useCode')}
        </button>
      ) : null}
    </div>
  );
};

/** Recovery codes, shown once: the member is asked to keep them before going on. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone(): void }) => {
  const { t } = useTranslation();
  return (
    <div className="recovery-codes" data-testid="recovery-codes">
      <p>{t('security.recoveryShownOnce')}</p>
      <ol>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button block color="primary" onClick={onDone} data-testid="recovery-codes-done">
        {t('security.recoverySaved')}
      </Button>
    </div>
  );
};
