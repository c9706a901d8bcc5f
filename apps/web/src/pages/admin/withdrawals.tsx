import { withdrawalStatuses } from '@chatpay/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  TextField,
} from '../../features/console/components.tsx';
import {
  useWithdrawalApprove,
  useWithdrawalReject,
  useWithdrawalsPage,
} from '../../features/console/queries.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

type Status = (typeof withdrawalStatuses)[number];

/** Withdrawal review (issue 14): the queue waiting for support, approve or reject with a reason. */
const WithdrawalsPage = () => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('reviewing');
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const query = useWithdrawalsPage({ status, page, size: 20 });
  const approve = useWithdrawalApprove();
  const reject = useWithdrawalReject();
  type Row = NonNullable<typeof query.data>['list'][number];
  const onApprove = async (w: Row) => {
    if (!(await confirm(t('console.withdrawal.approveConfirm', { amount: w.amount }), 'withdrawal-approve')))
      return;
    try {
      await approve.mutateAsync({ id: w.id });
      toastSuccess(t('console.withdrawal.approved'));
    } catch (error) {
      toastError(error);
    }
  };
  const onReject = async (w: Row) => {
    if (!reason.trim()) return void toast(t('console.withdrawal.reasonRequired'));
    try {
      await reject.mutateAsync({ id: w.id, reason: reason.trim() });
      toastSuccess(t('console.withdrawal.rejected'));
      setReason('');
    } catch (error) {
      toastError(error);
    }
  };
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.id'), render: (w) => w.id },
    { key: 'member', title: t('console.col.member'), render: (w) => `${w.nickName} (${w.memberId})` },
    { key: 'amount', title: t('console.col.amount'), render: (w) => `${w.amount} + ${w.fee}` },
    { key: 'network', title: t('console.withdrawal.network'), render: (w) => w.network },
    { key: 'address', title: t('console.withdrawal.address'), render: (w) => w.address },
    {
      key: 'status',
      title: t('console.col.status'),
      render: (w) => (
        <span data-testid={`withdrawal-status-${w.id}`} data-status={w.status}>
          {t(`console.withdrawal.status.${w.status}`)}
        </span>
      ),
    },
    { key: 'tx', title: t('console.withdrawal.tx'), render: (w) => w.txHash ?? '—' },
    { key: 'created', title: t('console.col.created'), render: (w) => formatTime(w.createTime) },
    {
      key: 'actions',
      title: t('console.col.actions'),
      render: (w) =>
        w.status === 'reviewing' ? (
          <span className="console-actions">
            <Button
              size="mini"
              color="primary"
              loading={approve.isPending}
              onClick={() => void onApprove(w)}
              data-testid={`withdrawal-approve-${w.id}`}
            >
              {t('console.approve')}
            </Button>
            <Button
              size="mini"
              color="danger"
              fill="outline"
              loading={reject.isPending}
              onClick={() => void onReject(w)}
              data-testid={`withdrawal-reject-${w.id}`}
            >
              {t('console.reject')}
            </Button>
          </span>
        ) : (
          w.reason || '—'
        ),
    },
  ];
  return (
    <ConsolePage
      title={t('console.menu.withdrawals')}
      testId="console-withdrawals"
      filters={
        <>
          <Choice
            title={t('console.col.status')}
            value={status}
            values={withdrawalStatuses}
            label={(v) => t(`console.withdrawal.status.${v}`)}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            testId="withdrawals-status"
          />
          <TextField
            title={t('console.withdrawal.rejectReason')}
            value={reason}
            onChange={setReason}
            testId="withdrawal-reason"
          />
        </>
      }
    >
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(w) => w.id}
        testId="withdrawals"
        empty={t('console.withdrawal.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default WithdrawalsPage;
