import { type KycRejectReason, type KycReviewView, kycQueueFilters, kycRejectReasons } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useKycDecide, useKycQueue, useKycSubmission } from '../../features/console/index.ts';
import { Choice, type Column, ConsoleList, ConsolePage, formatTime } from '../../features/console/ui.ts';
import { countryName } from '../../features/identity/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';
import '../../features/identity/identity.css';

type Filter = (typeof kycQueueFilters)[number];

const Queue = () => {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const query = useKycQueue({ status, page, size: 20 });
  type Row = NonNullable<typeof query.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'id', title: '#', render: (s) => `#${s.id}` },
    {
      key: 'member',
      title: t('console.col.member'),
      render: (s) => `${s.nickName} (${s.memberId})`,
    },
    { key: 'level', title: t('console.identity.level'), render: (s) => t(`identity.level.name${s.level}`) },
    { key: 'name', title: t('console.identity.realName'), render: (s) => s.realName },
    {
      key: 'country',
      title: t('console.identity.country'),
      render: (s) => countryName(s.country, i18n.language),
    },
    {
      key: 'status',
      title: t('console.col.status'),
      render: (s) => (
        <span data-testid={`identity-queue-status-${s.id}`}>
          {t(`identity.status.${s.status}`)}
          {s.checkedBy ? ` · ${t('console.identity.checkedBy', { name: s.checkedBy.nickName })}` : ''}
        </span>
      ),
    },
    { key: 'created', title: t('console.col.created'), render: (s) => formatTime(s.createTime) },
  ];
  return (
    <ConsolePage
      title={t('console.menu.identity')}
      testId="console-identity"
      filters={
        <Choice
          title={t('console.col.status')}
          value={status}
          values={kycQueueFilters}
          label={(v) => (v === 'open' ? t('console.identity.open') : t(`identity.status.${v}`))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          testId="identity-queue-status"
        />
      }
    >
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(s) => s.id}
        testId="identity-queue"
        empty={t('console.identity.empty')}
        page={page}
        onPage={setPage}
        onRow={(s) => void navigate({ path: Paths.consoleIdentity, query: { id: s.id } })}
      />
    </ConsolePage>
  );
};

const File = ({ url, caption, testId }: { url: string | null; caption: string; testId: string }) => {
  const { t } = useTranslation();
  return (
    <figure className="identity-file" data-testid={testId}>
      <figcaption>{caption}</figcaption>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={caption} />
        </a>
      ) : (
        <span className="identity-muted">{t('console.identity.purged')}</span>
      )}
    </figure>
  );
};

/** What the reviewer checks: the member, the typed identity, the look-alikes. */
const Facts = ({ view }: { view: KycReviewView }) => {
  const { t, i18n } = useTranslation();
  return (
    <div className="identity-card" data-testid="identity-facts">
      <dl className="identity-facts">
        <dt>{t('console.col.member')}</dt>
        <dd>
          <a
            href={`#/admin/members?id=${view.userId}`}
          >{`${view.nickName} (${view.memberId}, @${view.username})`}</a>
        </dd>
        <dt>{t('console.identity.level')}</dt>
        <dd>{t(`identity.level.name${view.level}`)}</dd>
        <dt>{t('console.identity.realName')}</dt>
        <dd data-testid="identity-review-name">{view.realName}</dd>
        <dt>{t('console.identity.country')}</dt>
        <dd>{`${countryName(view.country, i18n.language)} (${view.country})`}</dd>
        <dt>{t('console.identity.idNumber')}</dt>
        <dd data-testid="identity-review-number">{view.idNumber || view.identity?.idNumber || '—'}</dd>
        <dt>{t('console.col.status')}</dt>
        <dd data-testid="identity-review-status">{t(`identity.status.${view.status}`)}</dd>
        <dt>{t('console.col.created')}</dt>
        <dd>{formatTime(view.createTime)}</dd>
        {view.checkedBy ? (
          <>
            <dt>{t('console.identity.firstApproval')}</dt>
            <dd>{`${view.checkedBy.nickName} (#${view.checkedBy.id})`}</dd>
          </>
        ) : null}
        {view.reviewedBy ? (
          <>
            <dt>{t('console.identity.decidedBy')}</dt>
            <dd>{`${view.reviewedBy.nickName} (#${view.reviewedBy.id}) · ${formatTime(view.reviewTime)}`}</dd>
          </>
        ) : null}
        {view.reasonCode ? (
          <>
            <dt>{t('console.col.reason')}</dt>
            <dd>{[t(`identity.reason.${view.reasonCode}`), view.note].filter(Boolean).join(' · ')}</dd>
          </>
        ) : null}
      </dl>
      {view.sameDocument.length > 0 ? (
        <p className="identity-warning" data-testid="identity-same-document">
          {t('console.identity.sameDocument', {
            members: view.sameDocument
              .map((m) => `${m.memberId} (${t(`identity.status.${m.status}`)})`)
              .join(', '),
          })}
        </p>
      ) : null}
    </div>
  );
};

const Decision = ({ view }: { view: KycReviewView }) => {
  const { t } = useTranslation();
  const decide = useKycDecide();
  const [reason, setReason] = useState<KycRejectReason>('unreadable');
  const [note, setNote] = useState('');
  if (view.status !== 'pending' && view.status !== 'checked') return null;
  const act = async (approve: boolean) => {
    if (!approve && reason === 'other' && !note.trim()) return void toast(t('console.identity.noteForOther'));
    const ask = approve
      ? view.level === 2 && view.status === 'pending'
        ? t('console.identity.checkConfirm')
        : t('console.identity.approveConfirm', { level: view.level })
      : t('console.identity.rejectConfirm');
    if (
      !(await confirm(ask, approve ? 'identity-approve' : 'identity-reject', t('common.confirm'), !approve))
    )
      return;
    try {
      await decide.mutateAsync({
        id: view.id,
        approve,
        note: note.trim(),
        ...(approve ? {} : { reasonCode: reason }),
      });
      toastSuccess(approve ? t('console.identity.approved') : t('console.identity.rejected'));
      setNote('');
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <div className="identity-card" data-testid="identity-decision">
      <div className="identity-card-title">
        {view.level === 2 && view.status === 'checked'
          ? t('console.identity.secondReview')
          : view.level === 2
            ? t('console.identity.firstReview')
            : t('console.identity.review')}
      </div>
      {view.mayReview ? null : (
        <p className="identity-warning" data-testid="identity-not-yours">
          {t('console.identity.notYours')}
        </p>
      )}
      <label className="identity-field">
        <span>{t('console.identity.rejectReason')}</span>
        <select
          value={reason}
          onChange={(e) => setReason(e.target.value as KycRejectReason)}
          data-testid="identity-reject-reason"
        >
          {kycRejectReasons.map((r) => (
            <option key={r} value={r}>
              {t(`identity.reason.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="identity-field">
        <span>{t('console.identity.note')}</span>
        <textarea
          className="c2c-textarea"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('console.identity.notePlaceholder')}
          data-testid="identity-review-note"
        />
      </label>
      <span className="console-actions">
        <Button
          color="primary"
          disabled={!view.mayReview}
          loading={decide.isPending}
          onClick={() => void act(true)}
          data-testid="identity-approve"
        >
          {view.level === 2 && view.status === 'pending' ? t('console.identity.check') : t('console.approve')}
        </Button>
        <Button
          color="danger"
          fill="outline"
          disabled={!view.mayReview}
          loading={decide.isPending}
          onClick={() => void act(false)}
          data-testid="identity-reject"
        >
          {t('console.reject')}
        </Button>
      </span>
    </div>
  );
};

const Review = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const query = useKycSubmission(id);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const view = query.data;
  return (
    <div className="identity-review" data-testid="identity-review" data-status={view.status}>
      <div>
        <Facts view={view} />
        <Decision view={view} />
      </div>
      <div className="identity-files" data-testid="identity-files">
        {view.level === 1 ? (
          <>
            <File
              url={view.documentUrl}
              caption={t('identity.form.document')}
              testId="identity-file-document"
            />
            <File url={view.selfieUrl} caption={t('identity.form.selfie')} testId="identity-file-selfie" />
          </>
        ) : (
          <>
            <File url={view.addressUrl} caption={t('identity.form.address')} testId="identity-file-address" />
            <File
              url={view.identity?.documentUrl ?? null}
              caption={t('console.identity.identityDocument')}
              testId="identity-file-document"
            />
            <File
              url={view.identity?.selfieUrl ?? null}
              caption={t('console.identity.identitySelfie')}
              testId="identity-file-selfie"
            />
          </>
        )}
      </div>
    </div>
  );
};

/**
 * Identity review (/admin/identity, docs/design/identity.md): the waiting submissions oldest first; one
 * submission with its files side by side, approve or reject with a reason the member reads in their language.
 */
const IdentityPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  if (!id) return <Queue />;
  return (
    <ConsolePage title={t('console.identity.title', { id })} testId="console-identity-review">
      <Link to={Paths.consoleIdentity} data-testid="identity-back">
        {t('console.backToList')}
      </Link>
      <Review id={id} />
    </ConsolePage>
  );
};

export default IdentityPage;
