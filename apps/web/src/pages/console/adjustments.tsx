import { adjustmentStatuses } from '@chatpay/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import {
  createAdjustSubmit,
  useAdjust,
  useAdjustApprove,
  useAdjustmentsPage,
  useAdjustReject,
} from '../../features/console/index.ts';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  MemberField,
  TextField,
  useMemberLookup,
} from '../../features/console/ui.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const filters = ['all', ...adjustmentStatuses] as const;

/**
 * Ledger adjustments: credit or debit with a reason; large ones, or past the admin's daily cap, wait for a
 * second admin. A submit retried with the same values keeps its request id, so it posts once.
 */
const AdjustmentsPage = () => {
  const { t } = useTranslation();
  const [who, setWho] = useState('');
  const target = useMemberLookup(who);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<(typeof filters)[number]>('pending');
  const [page, setPage] = useState(1);
  const adjust = useAdjust();
  const send = adjust.mutateAsync;
  const submitOnce = useMemo(() => createAdjustSubmit(send), [send]);
  const approve = useAdjustApprove();
  const reject = useAdjustReject();
  const query = useAdjustmentsPage({
    ...(status === 'all' ? {} : { status }),
    page,
    size: 20,
    order: 'desc',
  });
  type Row = NonNullable<typeof query.data>['list'][number];
  const submit = async () => {
    if (target.state !== 'found' || !amount.trim() || !reason.trim())
      return void toast(t('console.adjust.fill'));
    try {
      const done = await submitOnce({
        userId: target.member.id,
        amount: amount.trim(),
        reason: reason.trim(),
      });
      toastSuccess(done.status === 'pending' ? t('console.adjust.pending') : t('console.adjust.posted'));
      setAmount('');
      setReason('');
    } catch (error) {
      toastError(error);
    }
  };
  const decide = async (r: Row, ok: boolean) => {
    try {
      if (ok) await approve.mutateAsync({ id: r.id });
      else await reject.mutateAsync({ id: r.id, note: t('console.adjust.rejectNote') });
      toastSuccess(ok ? t('console.adjust.approved') : t('console.adjust.rejected'));
    } catch (error) {
      toastError(error);
    }
  };
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.id'), render: (r) => r.id },
    { key: 'user', title: t('console.col.member'), render: (r) => `#${r.userId}` },
    { key: 'amount', title: t('console.col.amount'), render: (r) => r.amount },
    { key: 'reason', title: t('console.col.reason'), render: (r) => r.reason },
    { key: 'maker', title: t('console.adjust.maker'), render: (r) => `#${r.makerId}` },
    {
      key: 'checker',
      title: t('console.adjust.checker'),
      render: (r) => (r.checkerId ? `#${r.checkerId}` : '—'),
    },
    { key: 'status', title: t('console.col.status'), render: (r) => t(`console.adjust.status.${r.status}`) },
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
              data-testid={`adjust-approve-${r.id}`}
            >
              {t('console.approve')}
            </Button>
            <Button size="mini" color="danger" fill="outline" onClick={() => void decide(r, false)}>
              {t('console.reject')}
            </Button>
          </span>
        ) : (
          r.note || '—'
        ),
    },
  ];
  return (
    <ConsolePage title={t('console.menu.adjustments')} testId="console-adjustments">
      <div className="console-panel">
        <h2>{t('console.adjust.new')}</h2>
        <div className="console-actions">
          <MemberField
            title={t('console.col.member')}
            value={who}
            onChange={setWho}
            lookup={target}
            testId="adjust-user"
          />
          <TextField
            title={t('console.adjust.amount')}
            placeholder="-10.5 / 100"
            value={amount}
            onChange={setAmount}
            testId="adjust-amount"
          />
          <TextField
            title={t('console.col.reason')}
            value={reason}
            onChange={setReason}
            testId="adjust-reason"
          />
          <Button
            color="primary"
            loading={adjust.isPending}
            onClick={() => void submit()}
            data-testid="adjust-submit"
          >
            {t('console.adjust.submit')}
          </Button>
        </div>
        <p>{t('console.adjust.hint')}</p>
      </div>
      <div className="console-filters">
        <Choice
          title={t('console.col.status')}
          value={status}
          values={filters}
          label={(v) => (v === 'all' ? t('console.all') : t(`console.adjust.status.${v}`))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          testId="adjust-status"
        />
      </div>
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        testId="adjustments"
        empty={t('console.adjust.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default AdjustmentsPage;
