import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { ConsolePage } from '../../features/console/components.tsx';
import { useDashboard } from '../../features/console/queries.ts';

/** The console's first screen: members and the queues waiting for staff, with the books' state. */
const DashboardPage = () => {
  const { t } = useTranslation();
  const dash = useDashboard();
  if (dash.isPending) return <Loading />;
  if (dash.isError) return <LoadError error={dash.error} onRetry={() => void dash.refetch()} />;
  const d = dash.data;
  const queues = [
    { key: 'openAppeals', value: d.openAppeals },
    { key: 'pendingMerchants', value: d.pendingMerchants },
    { key: 'withdrawalsWaiting', value: d.withdrawalsWaiting },
    { key: 'openTickets', value: d.openTickets },
  ];
  const most = Math.max(1, ...queues.map((q) => q.value));
  return (
    <ConsolePage title={t('console.menu.dashboard')} testId="console-dashboard">
      <div className="console-cards">
        <div className="console-card" data-testid="dash-members">
          <div className="console-card-label">{t('console.dash.members')}</div>
          <div className="console-card-value">{d.members}</div>
        </div>
        <div className="console-card">
          <div className="console-card-label">{t('console.dash.membersToday')}</div>
          <div className="console-card-value">{d.membersToday}</div>
        </div>
        <div className="console-card" data-testid="dash-ledger">
          <div className="console-card-label">{t('console.dash.ledger')}</div>
          <div
            className={d.ledgerBalanced ? 'console-card-value console-ok' : 'console-card-value console-bad'}
          >
            {d.ledgerBalanced ? t('console.dash.balanced') : t('console.dash.unbalanced')}
          </div>
        </div>
      </div>
      <div className="console-cards">
        {queues.map((q) => (
          <div className="console-card" key={q.key} data-testid={`dash-${q.key}`}>
            <div className="console-card-label">{t(`console.dash.${q.key}`)}</div>
            <div className="console-card-value">{q.value}</div>
            <meter min={0} max={most} value={q.value} />
          </div>
        ))}
      </div>
    </ConsolePage>
  );
};

export default DashboardPage;
