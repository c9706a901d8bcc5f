import type { KycStatusView, KycSubmission } from '@chatpay/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { COUNTRIES, countryName, useKycStatus, useKycSubmit } from '../../features/identity/index.ts';
import { DocumentPicker, LevelBadge } from '../../features/identity/ui.ts';
import { dateTime } from '../../lib/i18n/time.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const OPEN = ['pending', 'checked'];

/** My level, the name it verified and what each level allows (the server's settings). */
const LevelCard = ({ status }: { status: KycStatusView }) => {
  const { t, i18n } = useTranslation();
  return (
    <section className="identity-card" data-testid="identity-level" data-level={status.level}>
      <div className="identity-card-title">
        <span>{t('identity.current')}</span>
        <LevelBadge level={status.level} testId="identity-level-badge" />
      </div>
      {status.realName ? (
        <div data-testid="identity-verified-name">
          {t('identity.verifiedAs', {
            name: status.realName,
            country: countryName(status.country ?? '', i18n.language),
          })}
        </div>
      ) : (
        <div className="identity-muted">{t('identity.notVerified')}</div>
      )}
      <table className="identity-levels" data-testid="identity-levels">
        <thead>
          <tr>
            <th>{t('identity.levelCol')}</th>
            <th>{t('identity.withdrawCol')}</th>
            <th>{t('identity.unlocksCol')}</th>
          </tr>
        </thead>
        <tbody>
          {status.levels.map((l) => (
            <tr key={l.level} className={l.level === status.level ? 'current' : undefined}>
              <td>{t(`identity.level.name${l.level}`)}</td>
              <td>
                {l.withdrawalDaily
                  ? t('identity.perDay', { amount: l.withdrawalDaily })
                  : t('identity.noLevelCap')}
              </td>
              <td>{t(`identity.unlocks.level${l.level}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
};

/** The latest submission: its status and, when it was not accepted, why, in the member's language. */
const SubmissionCard = ({ submission }: { submission: KycSubmission }) => {
  const { t, i18n } = useTranslation();
  const rejected = submission.status === 'rejected';
  return (
    <section className="identity-card" data-testid="identity-submission" data-status={submission.status}>
      <div className="identity-card-title">
        <span>{t('identity.latest', { level: submission.level })}</span>
        <span className="identity-muted">{dateTime(submission.createTime, i18n.language)}</span>
      </div>
      <div className={rejected ? 'identity-status rejected' : 'identity-status'}>
        <div data-testid="identity-status-text">{t(`identity.status.${submission.status}`)}</div>
        {rejected && submission.reasonCode ? (
          <div className="identity-reason" data-testid="identity-reason">
            {t(`identity.reason.${submission.reasonCode}`)}
          </div>
        ) : null}
        {submission.note ? (
          <div data-testid="identity-note">{t('identity.reviewerNote', { note: submission.note })}</div>
        ) : null}
      </div>
      {submission.level === 1 ? (
        <div className="identity-muted" style={{ marginTop: 8 }}>
          {t('identity.sent', {
            name: submission.realName,
            country: countryName(submission.country, i18n.language),
            number: submission.idNumberMasked,
          })}
        </div>
      ) : null}
    </section>
  );
};

interface Draft {
  realName: string;
  idNumber: string;
  country: string;
  documentUrl: string;
  selfieUrl: string;
  addressUrl: string;
}

const empty: Draft = {
  realName: '',
  idNumber: '',
  country: 'CN',
  documentUrl: '',
  selfieUrl: '',
  addressUrl: '',
};

/** The form of the level the member may send now: identity and two photos, or a proof of address. */
const SubmitForm = ({ level, onSent }: { level: 1 | 2; onSent(): void }) => {
  const { t, i18n } = useTranslation();
  const submit = useKycSubmit();
  const [draft, setDraft] = useState<Draft>(empty);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const busyOf = useCallback(
    (key: string) => (b: boolean) => setBusy((all) => (all[key] === b ? all : { ...all, [key]: b })),
    [],
  );
  const uploading = Object.values(busy).some(Boolean);

  const send = async () => {
    if (level === 1) {
      if (!draft.realName.trim() || !draft.idNumber.trim()) return void toast(t('identity.form.fillAll'));
      if (!draft.documentUrl || !draft.selfieUrl) return void toast(t('identity.form.photosNeeded'));
    } else if (!draft.addressUrl) return void toast(t('identity.form.photosNeeded'));
    try {
      await submit.mutateAsync(
        level === 1
          ? {
              level: 1,
              realName: draft.realName,
              idNumber: draft.idNumber,
              country: draft.country,
              documentUrl: draft.documentUrl,
              selfieUrl: draft.selfieUrl,
            }
          : { level: 2, addressUrl: draft.addressUrl },
      );
      toastSuccess(t('identity.form.sent'));
      setDraft(empty);
      onSent();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <section className="identity-card" data-testid={`identity-form-${level}`}>
      <div className="identity-card-title">{t(`identity.form.title${level}`)}</div>
      <p className="identity-muted">{t(`identity.form.intro${level}`)}</p>
      {level === 1 ? (
        <>
          <div className="identity-field">
            <span>{t('identity.form.realName')}</span>
            <TextInput
              ariaLabel={t('identity.form.realName')}
              testId="identity-real-name"
              value={draft.realName}
              onChange={set('realName')}
              maxLength={60}
              autoComplete="name"
              placeholder={t('identity.form.realNameHint')}
            />
          </div>
          <label className="identity-field">
            <span>{t('identity.form.country')}</span>
            <select
              value={draft.country}
              onChange={(e) => set('country')(e.target.value)}
              data-testid="identity-country"
            >
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {countryName(c, i18n.language)}
                </option>
              ))}
            </select>
          </label>
          <div className="identity-field">
            <span>{t('identity.form.idNumber')}</span>
            <TextInput
              ariaLabel={t('identity.form.idNumber')}
              testId="identity-id-number"
              value={draft.idNumber}
              onChange={set('idNumber')}
              maxLength={32}
              autoComplete="off"
              placeholder={t('identity.form.idNumberHint')}
            />
          </div>
          <DocumentPicker
            value={draft.documentUrl}
            onChange={set('documentUrl')}
            onBusy={busyOf('document')}
            label={t('identity.form.document')}
            hint={t('identity.form.documentHint')}
            facing="environment"
            testId="identity-document"
          />
          <DocumentPicker
            value={draft.selfieUrl}
            onChange={set('selfieUrl')}
            onBusy={busyOf('selfie')}
            label={t('identity.form.selfie')}
            hint={t('identity.form.selfieHint')}
            facing="user"
            testId="identity-selfie"
          />
        </>
      ) : (
        <DocumentPicker
          value={draft.addressUrl}
          onChange={set('addressUrl')}
          onBusy={busyOf('address')}
          label={t('identity.form.address')}
          hint={t('identity.form.addressHint')}
          facing="environment"
          testId="identity-address"
        />
      )}
      <p className="identity-privacy">{t('identity.form.privacy')}</p>
      <Button
        block
        color="primary"
        size="large"
        loading={submit.isPending}
        disabled={uploading}
        onClick={() => void send()}
        data-testid="identity-submit"
      >
        {t('identity.form.submit')}
      </Button>
    </section>
  );
};

/**
 * Me → Identity verification (/pages/user/identity, docs/design/identity.md): my level and its limits, my
 * latest submission with its status and the reviewer's reason, and the form of the next level (again after
 * a rejection; a submission still waiting may be replaced).
 */
const IdentityPage = () => {
  const { t } = useTranslation();
  const status = useKycStatus();
  const [replacing, setReplacing] = useState(false);
  if (status.isPending)
    return (
      <Page title={t('identity.title')}>
        <Loading />
      </Page>
    );
  if (status.isError)
    return (
      <Page title={t('identity.title')}>
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      </Page>
    );
  const s = status.data;
  const waiting = s.submission !== null && OPEN.includes(s.submission.status);
  const next = s.canSubmit;
  return (
    <Page title={t('identity.title')}>
      <div data-testid="identity-page">
        <LevelCard status={s} />
        {s.submission ? <SubmissionCard submission={s.submission} /> : null}
        {next !== null && (!waiting || replacing) ? (
          <SubmitForm level={next} onSent={() => setReplacing(false)} />
        ) : null}
        {next !== null && waiting && !replacing ? (
          <div className="identity-card">
            <Button block fill="outline" onClick={() => setReplacing(true)} data-testid="identity-replace">
              {t('identity.replace')}
            </Button>
          </div>
        ) : null}
        {next === null ? (
          <div className="identity-card identity-muted" data-testid="identity-complete">
            {t('identity.complete')}
          </div>
        ) : null}
      </div>
    </Page>
  );
};

export default IdentityPage;
