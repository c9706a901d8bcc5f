import { type StaffRequest, staffRequestStatuses } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';
import { Choice, type Column, ConsoleList, formatTime, TextField } from './components.tsx';
import {
  type StaffRequestScope,
  useStaffRequestApprove,
  useStaffRequestReject,
  useStaffRequestsPage,
} from './queries.ts';

const filters = ['all', ...staffRequestStatuses] as const;

/** The panel's heading, hint and empty text, and its test ids, by scope. */
const panels = {
  staff: { texts: 'console.staff.requests', testId: 'staff-requests', itemId: 'staff-request' },
  resetFactor: { texts: 'console.member.resetRequests', testId: 'reset-requests', itemId: 'reset-request' },
} as const;

/**
 * Staff requests (docs/security.md, "Staff requests"): new staff accounts, role changes and second-factor resets
 * that wait for a checker, who approves them or rejects them with a note. `scope`: every kind (the staff page,
 * admins), or the resets alone (the members page, support too). The server refuses a checker who may not decide.
 */
export const StaffRequests = ({ scope = 'staff' }: { scope?: StaffRequestScope }) => {
  const { t } = useTranslation();
  const { texts, testId, itemId } = panels[scope];
  const [status, setStatus] = useState<(typeof filters)[number]>('pending');
  const [page, setPage] = useState(1);
  const [note, setNote] = useState('');
  const query = useStaffRequestsPage(scope, {
    ...(status === 'all' ? {} : { status }),
    page,
    size: 20,
    order: 'desc',
  });
  const approve = useStaffRequestApprove(scope);
  const reject = useStaffRequestReject(scope);
  const decide = async (r: StaffRequest, ok: boolean) => {
    if (!ok && !note.trim()) return void toast(t('console.staff.requests.noteRequired'));
    try {
      if (ok) await approve.mutateAsync({ id: r.id });
      else await reject.mutateAsync({ id: r.id, note: note.trim() });
      toastSuccess(ok ? t('console.staff.requests.approved') : t('console.staff.requests.rejected'));
      if (!ok) setNote('');
    } catch (error) {
      toastError(error);
    }
  };
  const roles = (r: StaffRequest) =>
    r.roles.length
      ? r.roles.map((x) => t(`console.staff.role.${x}`)).join(', ')
      : t('console.staff.role.none');
  const columns: Column<StaffRequest>[] = [
    { key: 'id', title: t('console.col.id'), render: (r) => r.id },
    {
      key: 'kind',
      title: t('console.staff.requests.kind'),
      render: (r) => t(`console.staff.requests.kinds.${r.kind}`),
    },
    {
      key: 'account',
      title: t('console.staff.requests.account'),
      render: (r) => `${r.username} (${r.nickName})${r.targetUserId ? ` #${r.targetUserId}` : ''}`,
    },
    { key: 'roles', title: t('console.col.role'), render: roles },
    { key: 'reason', title: t('console.col.reason'), render: (r) => r.reason || '—' },
    { key: 'maker', title: t('console.adjust.maker'), render: (r) => `#${r.makerId}` },
    {
      key: 'checker',
      title: t('console.adjust.checker'),
      render: (r) => (r.checkerId ? `#${r.checkerId}` : '—'),
    },
    {
      key: 'status',
      title: t('console.col.status'),
      render: (r) => t(`console.staff.requests.status.${r.status}`),
    },
    { key: 'created', title: t('console.col.created'), render: (r) => formatTime(r.createTime) },
    {
      key: 'actions',
      title: t('console.col.actions'),
      render: (r) =>
        r.status === 'pending' ? (
          <span className="console-actions">
            <Button
              size="mini"
              color="primary"
              onClick={() => void decide(r, true)}
              data-testid={`${itemId}-approve-${r.id}`}
              aria-label={t('console.staff.requests.approveOne', { id: r.id })}
            >
              {t('console.approve')}
            </Button>
            <Button
              size="mini"
              color="danger"
              fill="outline"
              onClick={() => void decide(r, false)}
              data-testid={`${itemId}-reject-${r.id}`}
              aria-label={t('console.staff.requests.rejectOne', { id: r.id })}
            >
              {t('console.reject')}
            </Button>
          </span>
        ) : (
          r.note || '—'
        ),
    },
  ];
  return (
    <section className="console-panel" aria-labelledby={`${testId}-title`} data-testid={`${testId}-panel`}>
      <h2 id={`${testId}-title`}>{t(`${texts}.title`)}</h2>
      <p>{t(`${texts}.hint`)}</p>
      <div className="console-filters">
        <Choice
          title={t('console.col.status')}
          value={status}
          values={filters}
          label={(v) => (v === 'all' ? t('console.all') : t(`console.staff.requests.status.${v}`))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          testId={`${itemId}-status`}
        />
        <TextField
          title={t('console.staff.requests.note')}
          value={note}
          onChange={setNote}
          testId={`${itemId}-note`}
        />
      </div>
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        testId={testId}
        empty={t(`${texts}.empty`)}
        page={page}
        onPage={setPage}
      />
    </section>
  );
};
