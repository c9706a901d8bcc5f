import { hasPermission } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useReservesPage, useReservesSnapshot } from '../../features/console/index.ts';
import {
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  LineChart,
  TextField,
} from '../../features/console/ui.ts';
import { useAuth } from '../../lib/auth.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

/** Ratios above this are drawn at it: a dev chain's float would flatten every other point. */
const CHART_CEILING = 300;

/**
 * Proof of reserves (docs/design/reserves.md): the signed snapshots with their ratio over time, and a snapshot
 * on demand (admin, audited with its reason).
 */
const ReservesConsolePage = () => {
  const { t } = useTranslation();
  const payload = useAuth((s) => s.payload);
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState('');
  const query = useReservesPage({ page, size: 20 });
  const chart = useReservesPage({ page: 1, size: 60 });
  const snapshot = useReservesSnapshot();
  type Row = NonNullable<typeof query.data>['list'][number];
  const take = async () => {
    if (!reason.trim()) return void toast(t('console.reserves.needReason'));
    try {
      const done = await snapshot.mutateAsync({ reason: reason.trim() });
      toastSuccess(t('console.reserves.taken', { id: done.id }));
      setReason('');
    } catch (error) {
      toastError(error);
    }
  };
  const ratioText = (r: Row) => (r.ratio === null ? '—' : `${r.ratio} %`);
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.id'), render: (r) => r.id },
    { key: 'time', title: t('console.col.time'), render: (r) => formatTime(r.time) },
    {
      key: 'ratio',
      title: t('console.reserves.ratio'),
      render: (r) => (
        <span className={r.covered ? 'console-ok' : 'console-bad'} data-testid={`reserves-ratio-${r.id}`}>
          {ratioText(r)}
        </span>
      ),
    },
    { key: 'reserves', title: t('console.reserves.reserves'), render: (r) => r.reserves },
    { key: 'liabilities', title: t('console.reserves.liabilities'), render: (r) => r.liabilities },
    { key: 'members', title: t('console.reserves.members'), render: (r) => r.members },
    { key: 'position', title: t('console.reserves.position'), render: (r) => `#${r.ledgerPosition}` },
    {
      key: 'trigger',
      title: t('console.reserves.trigger'),
      render: (r) =>
        r.trigger === 'admin'
          ? `${t('console.reserves.byAdmin')} #${r.createdBy}`
          : t('console.reserves.bySchedule'),
    },
    {
      key: 'skipped',
      title: t('console.reserves.skipped'),
      render: (r) => (r.skipped.length === 0 ? '—' : r.skipped.map((s) => s.network).join(', ')),
    },
  ];
  const points = [...(chart.data?.list ?? [])].reverse();
  return (
    <ConsolePage title={t('console.menu.reserves')} testId="console-reserves">
      {payload && hasPermission(payload, 'usdt:reserves:snapshot') ? (
        <div className="console-panel">
          <h2>{t('console.reserves.new')}</h2>
          <p className="console-muted">{t('console.reserves.newHint')}</p>
          <div className="console-actions">
            <TextField
              title={t('console.col.reason')}
              value={reason}
              onChange={setReason}
              testId="reserves-reason"
            />
            <Button
              color="primary"
              loading={snapshot.isPending}
              onClick={() => void take()}
              data-testid="reserves-take"
            >
              {t('console.reserves.take')}
            </Button>
          </div>
        </div>
      ) : null}
      {points.length > 0 ? (
        <div className="console-charts">
          <LineChart
            testId="reserves-chart"
            title={t('console.reserves.chart')}
            labels={points.map((p) => p.time.slice(5, 10))}
            values={points.map((p) => (p.ratio === null ? null : Number(p.ratio)))}
            reference={100}
            ceiling={CHART_CEILING}
            format={(v) => `${v.toFixed(2)} %`}
          />
        </div>
      ) : null}
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        testId="reserves-list"
        empty={t('console.reserves.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default ReservesConsolePage;
