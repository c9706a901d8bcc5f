import { type MerchantStatus, merchantStatuses } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useMerchantReview, useMerchantRevoke, useMerchantsPage } from '../../features/console/index.ts';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  OrderChoice,
  TextField,
} from '../../features/console/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

/** Merchant applications: list by status, approve or reject with a note the member sees. */
const MerchantsPage = () => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MerchantStatus>('pending');
  const [page, setPage] = useState(1);
  const [note, setNote] = useState('');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const query = useMerchantsPage({ status, order, page, size: 20 });
  const review = useMerchantReview();
  const revoke = useMerchantRevoke();
  type Row = NonNullable<typeof query.data>['list'][number];
  const decide = async (row: Row, approve: boolean) => {
    try {
      await review.mutateAsync({ userId: row.userId, approve, note: note.trim() });
      toastSuccess(approve ? t('console.merchant.approved') : t('console.merchant.rejected'));
      setNote('');
    } catch (error) {
      toastError(error);
    }
  };
  const onRevoke = async (row: Row) => {
    if (!note.trim()) return void toast(t('console.merchant.noteRequired'));
    if (!(await confirm(t('console.merchant.revokeConfirm'), 'merchant-revoke', t('common.confirm'), true)))
      return;
    try {
      await revoke.mutateAsync({ userId: row.userId, note: note.trim() });
      toastSuccess(t('console.merchant.revoked'));
      setNote('');
    } catch (error) {
      toastError(error);
    }
  };
  const columns: Column<Row>[] = [
    {
      key: 'user',
      title: t('console.col.member'),
      render: (m) => <a href={`#/admin/members?id=${m.userId}`}>{`${m.nickName} (#${m.userId})`}</a>,
    },
    { key: 'name', title: t('console.merchant.name'), render: (m) => m.name },
    {
      key: 'intro',
      title: t('console.merchant.intro'),
      render: (m) => <span data-testid={`merchant-intro-${m.userId}`}>{m.intro || '—'}</span>,
    },
    { key: 'note', title: t('console.merchant.applyNote'), render: (m) => m.applyNote || '—' },
    {
      key: 'history',
      title: t('console.merchant.history'),
      render: (m) => (
        <div data-testid={`merchant-history-${m.userId}`}>
          <div>
            {t('console.merchant.historyOrders', {
              orders: m.history.orders,
              completed: m.history.completed,
              rate: m.history.orders ? Math.round((m.history.completed / m.history.orders) * 100) : 0,
            })}
          </div>
          <div className="console-muted">
            {t('console.merchant.historyAppeals', { n: m.history.appealed })} ·{' '}
            {t('console.withdrawal.memberSince', { time: formatTime(m.history.memberSince) })}
          </div>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('console.col.status'),
      render: (m) => t(`console.merchant.status.${m.status}`),
    },
    { key: 'created', title: t('console.col.created'), render: (m) => formatTime(m.createTime) },
    {
      key: 'actions',
      title: t('console.col.actions'),
      render: (m) =>
        m.status === 'pending' ? (
          <span className="console-actions">
            <Button
              size="mini"
              color="primary"
              loading={review.isPending}
              onClick={() => void decide(m, true)}
              data-testid={`merchant-approve-${m.userId}`}
            >
              {t('console.approve')}
            </Button>
            <Button
              size="mini"
              color="danger"
              fill="outline"
              loading={review.isPending}
              onClick={() => void decide(m, false)}
              data-testid={`merchant-reject-${m.userId}`}
            >
              {t('console.reject')}
            </Button>
          </span>
        ) : m.status === 'approved' ? (
          <Button
            size="mini"
            color="danger"
            fill="outline"
            loading={revoke.isPending}
            onClick={() => void onRevoke(m)}
            data-testid={`merchant-revoke-${m.userId}`}
          >
            {t('console.merchant.revoke')}
          </Button>
        ) : (
          m.reviewNote || '—'
        ),
    },
  ];
  return (
    <ConsolePage
      title={t('console.menu.merchants')}
      testId="console-merchants"
      filters={
        <>
          <Choice
            title={t('console.col.status')}
            value={status}
            values={merchantStatuses}
            label={(v) => t(`console.merchant.status.${v}`)}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            testId="merchants-status"
          />
          <OrderChoice
            value={order}
            onChange={(v) => {
              setOrder(v);
              setPage(1);
            }}
            testId="merchants-order"
          />
          <TextField
            title={t('console.merchant.reviewNote')}
            value={note}
            onChange={setNote}
            testId="merchant-note"
          />
        </>
      }
    >
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(m) => m.userId}
        testId="merchants"
        empty={t('console.merchant.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default MerchantsPage;
