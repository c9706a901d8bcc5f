import type { PasskeyItem } from '@chatpay/shared';
import { List } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import {
  usePasskeyAdd,
  usePasskeyRemove,
  usePasskeyRename,
  useRecoveryRegenerate,
  useSecurityStatus,
  useTotpConfirm,
  useTotpDisable,
  useTotpStart,
} from '../../features/user/index.ts';
import { RecoveryCodes } from '../../features/user/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { dateTime } from '../../lib/i18n/time.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

/** Turning the authenticator app on: the QR code and secret, then a code from the app confirms it. */
const TotpSetup = ({ onCodes }: { onCodes(codes: string[]): void }) => {
  const { t } = useTranslation();
  const start = useTotpStart();
  const confirmCode = useTotpConfirm();
  const [code, setCode] = useState('');
  if (!start.data)
    return (
      <Button
        color="primary"
        fill="outline"
        size="small"
        loading={start.isPending}
        onClick={() => void start.mutateAsync(undefined).catch(toastError)}
        data-testid="totp-start"
      >
        {t('security.totpEnable')}
      </Button>
    );
  const submit = async () => {
    try {
      const { recoveryCodes } = await confirmCode.mutateAsync(code.trim());
      toastSuccess(t('security.totpOn'));
      if (recoveryCodes) onCodes(recoveryCodes);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <div className="totp-setup" data-testid="totp-setup">
      <p>{t('security.totpScan')}</p>
      <div className="totp-qr">
        <QRCodeSVG
          value={start.data.uri}
          size={180}
          level="M"
          marginSize={0}
          title={t('security.totpScan')}
        />
      </div>
      <p className="totp-secret">
        {t('security.totpSecret')} <code data-testid="totp-secret">{start.data.secret}</code>
      </p>
      <TextInput
        testId="totp-confirm-code"
        value={code}
        onChange={setCode}
        inputMode="numeric"
        maxLength={6}
        placeholder="123456"
        ariaLabel={t('security.enterCode')}
        onEnter={() => void submit()}
      />
      <Button
        block
        color="primary"
        loading={confirmCode.isPending}
        onClick={() => void submit()}
        data-testid="totp-confirm"
      >
        {t('security.totpConfirm')}
      </Button>
    </div>
  );
};

/** Turning the app off takes a current code from it. */
const TotpDisable = () => {
  const { t } = useTranslation();
  const disable = useTotpDisable();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)} data-testid="totp-disable">
        {t('security.totpDisable')}
      </Button>
    );
  const submit = () =>
    disable.mutateAsync(code.trim()).then(() => toastSuccess(t('security.totpOff')), toastError);
  return (
    <div className="totp-disable">
      <TextInput
        testId="totp-disable-code"
        value={code}
        onChange={setCode}
        inputMode="numeric"
        maxLength={6}
        placeholder="123456"
        ariaLabel={t('security.enterCode')}
        onEnter={() => void submit()}
      />
      <Button
        size="small"
        color="danger"
        loading={disable.isPending}
        onClick={() => void submit()}
        data-testid="totp-disable-confirm"
      >
        {t('security.totpDisable')}
      </Button>
    </div>
  );
};

const PasskeyRow = ({ passkey }: { passkey: PasskeyItem }) => {
  const { t, i18n } = useTranslation();
  const rename = usePasskeyRename();
  const remove = usePasskeyRemove();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const onRemove = async () => {
    if (
      !(await confirm(
        t('security.passkeyRemoveConfirm', { name: passkey.name }),
        'passkey-remove',
        t('security.remove'),
        true,
      ))
    )
      return;
    await remove.mutateAsync(passkey.id).then(() => toastSuccess(t('security.passkeyRemoved')), toastError);
  };
  return (
    <List.Item
      data-testid={`passkey-${passkey.id}`}
      description={
        <>
          <div>{t('security.added', { time: dateTime(passkey.createTime, i18n.language) })}</div>
          <div>
            {passkey.lastUsedAt
              ? t('security.lastUsed', { time: dateTime(passkey.lastUsedAt, i18n.language) })
              : t('security.neverUsed')}
          </div>
        </>
      }
      extra={
        editing ? null : (
          <span className="passkey-actions">
            <Button size="mini" onClick={() => setEditing(true)} data-testid={`passkey-rename-${passkey.id}`}>
              {t('security.rename')}
            </Button>
            <Button
              size="mini"
              color="danger"
              fill="outline"
              onClick={() => void onRemove()}
              data-testid={`passkey-remove-${passkey.id}`}
            >
              {t('security.remove')}
            </Button>
          </span>
        )
      }
    >
      {editing ? (
        <span className="passkey-edit">
          <TextInput
            testId={`passkey-name-${passkey.id}`}
            value={name}
            onChange={setName}
            maxLength={40}
            ariaLabel={t('security.passkeyName')}
          />
          <Button
            size="mini"
            color="primary"
            onClick={() =>
              void rename
                .mutateAsync({ id: passkey.id, name: name.trim() })
                .then(() => setEditing(false), toastError)
            }
            data-testid={`passkey-save-${passkey.id}`}
          >
            {t('common.save')}
          </Button>
        </span>
      ) : (
        <span data-testid={`passkey-label-${passkey.id}`}>{passkey.name}</span>
      )}
    </List.Item>
  );
};

const AddPasskey = ({ onCodes }: { onCodes(codes: string[]): void }) => {
  const { t } = useTranslation();
  const add = usePasskeyAdd();
  const [name, setName] = useState('');
  const submit = async () => {
    try {
      const { recoveryCodes } = await add.mutateAsync(name.trim() || t('security.passkeyDefaultName'));
      setName('');
      toastSuccess(t('security.passkeyAdded'));
      if (recoveryCodes) onCodes(recoveryCodes);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <List.Item
      extra={
        <Button
          size="small"
          color="primary"
          fill="outline"
          loading={add.isPending}
          onClick={() => void submit()}
          data-testid="passkey-add"
        >
          {t('security.passkeyAdd')}
        </Button>
      }
    >
      <TextInput
        testId="passkey-add-name"
        value={name}
        onChange={setName}
        maxLength={40}
        placeholder={t('security.passkeyDefaultName')}
        ariaLabel={t('security.passkeyName')}
      />
    </List.Item>
  );
};

/** Security under Me: the authenticator app, passkeys and recovery codes (docs/security.md, "Second factors"). */
const SecurityPage = () => {
  const { t, i18n } = useTranslation();
  const status = useSecurityStatus();
  const regenerate = useRecoveryRegenerate();
  const [codes, setCodes] = useState<string[] | null>(null);

  const onRegenerate = async () => {
    if (!(await confirm(t('security.recoveryRegenerateConfirm'), 'recovery-regenerate', t('common.confirm'))))
      return;
    await regenerate.mutateAsync(undefined).then((r) => setCodes(r.recoveryCodes), toastError);
  };

  return (
    <Page title={t('titles.userSecurity')}>
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <div data-testid="security-page">
          {status.data.mustEnrol ? (
            <p className="security-must-enrol" data-testid="security-must-enrol">
              {t('security.staffMustEnrol')}
            </p>
          ) : null}
          <List className="entry-list" header={t('security.totp')}>
            <List.Item
              description={
                status.data.totp
                  ? t('security.added', { time: dateTime(status.data.totp.createTime, i18n.language) })
                  : t('security.totpHint')
              }
              extra={status.data.totp ? <TotpDisable /> : null}
            >
              <span data-testid="totp-state">{status.data.totp ? t('security.on') : t('security.off')}</span>
            </List.Item>
            {status.data.totp ? null : (
              <List.Item>
                <TotpSetup onCodes={setCodes} />
              </List.Item>
            )}
          </List>
          <List className="entry-list" header={t('security.passkeys')}>
            {status.data.passkeys.length === 0 ? (
              <List.Item description={t('security.passkeysHint')}>{t('security.noPasskeys')}</List.Item>
            ) : (
              status.data.passkeys.map((p) => <PasskeyRow key={p.id} passkey={p} />)
            )}
            <AddPasskey onCodes={setCodes} />
          </List>
          <List className="entry-list" header={t('security.recovery')}>
            <List.Item
              description={t('security.recoveryHint')}
              extra={
                status.data.hasFactor ? (
                  <Button
                    size="small"
                    loading={regenerate.isPending}
                    onClick={() => void onRegenerate()}
                    data-testid="recovery-regenerate"
                  >
                    {t('security.recoveryRegenerate')}
                  </Button>
                ) : null
              }
            >
              <span data-testid="recovery-left">
                {t('security.recoveryLeft', { count: status.data.recoveryCodesLeft })}
              </span>
            </List.Item>
          </List>
        </div>
      )}
    </Page>
  );
};

export default SecurityPage;
