import { type Network, networks, withdrawalStatuses } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import {
  useWithdrawalApprove,
  useWithdrawalReject,
  useWithdrawalsPage,
} from '../../features/console/index.ts';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  TextField,
} from '../../features/console/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

type Status = (typeof withdrawalStatuses)[number];
type NetworkFilter = 'all' | Network;
const sorts = {
  newest: { sort: 'id', order: 'desc' },
  oldest: { sort: 'id', order: 'asc' },
  largest: { sort: 'amount', order: 'desc' },
  smallest: { sort: 'amount', order: 'asc' },
} as const;
type Sort = keyof typeof sorts;
/** A password or PIN change this recent is a risk signal (the server holds withdrawals for a while after one). */
const RECENT_CHANGE_MS = 7 * 24 * 3600 * 1000;

/** Withdrawal review: the queue waiting for support, approve or reject with a reason. */
const WithdrawalsPage = () => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('reviewing');
  const [network, setNetwork] = useState<NetworkFilter>('all');
  const [sort, setSort] = useState<Sort>('newest');
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const query = useWithdrawalsPage({
    status,
    page,
    size: 20,
    ...(network === 'all' ? {} : { network }),
    ...sorts[sort],
  });
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
    {
      key: 'member',
      title: t('console.col.member'),
      render: (w) => (
        <a href={`#/admin/members?id=${w.userId}`} data-testid={`withdrawal-member-${w.id}`}>
          {`${w.nickName} (${w.memberId})`}
        </a>
      ),
    },
    { key: 'amount', title: t('console.col.amount'), render: (w) => `${w.amount} + ${w.fee}` },
    { key: 'network', title: t('console.withdrawal.network'), render: (w) => w.network },
    {
      key: 'address',
      title: t('console.withdrawal.address'),
      render: (w) => <span className="console-mono">{w.address}</span>,
    },
    {
      key: 'risk',
      title: t('console.withdrawal.risk'),
      render: (w) => {
        const changed =
          w.risk.credentialsChangedAt !== null &&
          Date.now() - new Date(w.risk.credentialsChangedAt).getTime() < RECENT_CHANGE_MS;
        return (
          <div data-testid={`withdrawal-risk-${w.id}`}>
            {w.risk.newAddress ? (
              <span className="console-flag" data-testid={`withdrawal-new-address-${w.id}`}>
                {t('console.withdrawal.newAddress')}
              </span>
            ) : (
              <span className="console-flag console-flag-ok">{t('console.withdrawal.knownAddress')}</span>
            )}
            {changed ? (
              <span className="console-flag">
                {t('console.withdrawal.credentialsChanged', {
                  time: formatTime(w.risk.credentialsChangedAt),
                })}
              </span>
            ) : null}
            <div className="console-muted">
              {t('console.withdrawal.total24h', { amount: w.risk.total24h })}
            </div>
            <div className="console-muted">
              {t('console.withdrawal.history', {
                withdrawals: w.risk.completedWithdrawals,
                withdrawn: w.risk.completedTotal,
                deposits: w.risk.creditedDeposits,
                deposited: w.risk.depositTotal,
              })}
            </div>
            <div className="console-muted">
              {t('console.withdrawal.memberSince', { time: formatTime(w.risk.memberSince) })}
            </div>
          </div>
        );
      },
    },
    {
      key: 'status',
      title: t('console.col.status'),
      render: (w) => (
        <span data-testid={`withdrawal-status-${w.id}`} data-status={w.status}>
          {t(`console.withdrawal.status.${w.status}`)}
        </span>
      ),
    },
    {
      key: 'tx',
      title: t('console.withdrawal.tx'),
      render: (w) =>
        w.txHash === null ? (
          '—'
        ) : w.txUrl ? (
          <a
            href={w.txUrl}
            target="_blank"
            rel="noreferrer"
            className="console-mono"
            data-testid={`withdrawal-tx-${w.id}`}
          >
            {w.txHash}
          </a>
        ) : (
          <span className="console-mono" data-testid={`withdrawal-tx-${w.id}`}>
            {w.txHash}
          </span>
        ),
    },
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
          <Choice
            title={t('console.withdrawal.network')}
            value={network}
            values={['all', ...networks] as const}
            label={(v) => (v === 'all' ? t('console.all') : v)}
            onChange={(v) => {
              setNetwork(v);
              setPage(1);
            }}
            testId="withdrawals-network"
          />
          <Choice
            title={t('console.sortBy')}
            value={sort}
            values={Object.keys(sorts) as Sort[]}
            label={(v) => t(`console.withdrawal.sort.${v}`)}
            onChange={(v) => {
              setSort(v);
              setPage(1);
            }}
            testId="withdrawals-sort"
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
