import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useDashboard } from '../../features/console/index.ts';
import { BarChart, ConsolePage, formatTime } from '../../features/console/ui.ts';
import { Paths } from '../../lib/router/paths.ts';

/** The console's first screen: members and the queues waiting for staff, with the books' state. */
const DashboardPage = () => {
  const { t } = useTranslation();
  const dash = useDashboard();
  if (dash.isPending) return <Loading />;
  if (dash.isError) return <LoadError error={dash.error} onRetry={() => void dash.refetch()} />;
  const d = dash.data;
  // The scheduled check (docs/operations.md): an alarm here even when the live check above now balances.
  const check = d.ledgerCheck;
  const reserves = d.reserves;
  const queues = [
    { key: 'openAppeals', value: d.openAppeals },
    { key: 'pendingMerchants', value: d.pendingMerchants },
    { key: 'withdrawalsWaiting', value: d.withdrawalsWaiting },
    { key: 'openTickets', value: d.openTickets },
  ];
  const most = Math.max(1, ...queues.map((q) => q.value));
  // "MM-DD" under each bar.
  const days = d.daily.map((x) => x.day.slice(5));
  return (
    <ConsolePage title={t('console.menu.dashboard')} testId="console-dashboard">
      {reserves && !reserves.covered ? (
        // The latest proof-of-reserves snapshot: its reserves do not cover what members are owed.
        <div className="console-alert" role="alert" data-testid="dash-reserves-alert">
          {t('console.dash.reservesShort', { ratio: reserves.ratio ?? '0.00', id: reserves.id })}{' '}
          <a href={`#${Paths.consoleReserves}`}>{t('console.dash.reservesOpen')}</a>
        </div>
      ) : null}
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
        <div className="console-card" data-testid="dash-ledger-check">
          <div className="console-card-label">{t('console.dash.scheduledCheck')}</div>
          <div
            className={
              !check || check.ok ? 'console-card-value console-ok' : 'console-card-value console-bad'
            }
          >
            {!check
              ? t('console.dash.scheduledNever')
              : t(check.ok ? 'console.dash.scheduledOk' : 'console.dash.scheduledFailed', {
                  minutes: Math.floor(check.ageSeconds / 60),
                })}
          </div>
        </div>
      </div>
      {check && !check.ok && check.problems.length > 0 ? (
        <ul className="console-problems" data-testid="dash-ledger-check-problems">
          {check.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {d.ledgerProblems.length > 0 ? (
        <ul className="console-problems" data-testid="dash-ledger-problems">
          {d.ledgerProblems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div className="console-cards">
        <div className="console-card" data-testid="dash-deposits24h">
          <div className="console-card-label">{t('console.dash.deposits24h')}</div>
          <div className="console-card-value">{d.deposits24h}</div>
        </div>
        <div className="console-card" data-testid="dash-withdrawals24h">
          <div className="console-card-label">{t('console.dash.withdrawals24h')}</div>
          <div className="console-card-value">{d.withdrawals24h}</div>
        </div>
        <div className="console-card" data-testid="dash-liabilities">
          <div className="console-card-label">{t('console.dash.liabilities')}</div>
          <div className="console-card-value">{d.memberLiabilities}</div>
        </div>
        <div className="console-card" data-testid="dash-reserves">
          <div className="console-card-label">{t('console.dash.reserveRatio')}</div>
          <div
            className={
              !reserves || reserves.covered
                ? 'console-card-value console-ok'
                : 'console-card-value console-bad'
            }
          >
            {!reserves
              ? t('console.dash.reservesNever')
              : reserves.ratio === null
                ? '—'
                : t('console.dash.reservesRatio', { ratio: reserves.ratio })}
          </div>
        </div>
      </div>
      <div className="console-charts">
        <BarChart
          testId="dash-chart-volume"
          title={t('console.dash.volumeChart')}
          labels={days}
          series={[
            { name: t('console.dash.deposits'), values: d.daily.map((x) => Number(x.deposits)), tone: 'a' },
            {
              name: t('console.dash.withdrawals'),
              values: d.daily.map((x) => Number(x.withdrawals)),
              tone: 'b',
            },
          ]}
        />
        <BarChart
          testId="dash-chart-members"
          title={t('console.dash.membersChart')}
          labels={days}
          series={[
            { name: t('console.dash.membersToday'), values: d.daily.map((x) => x.members), tone: 'c' },
          ]}
        />
      </div>
      <h2 className="console-subtitle">{t('console.dash.hotWallets')}</h2>
      {d.hotWallets.length === 0 ? (
        <p className="console-muted" data-testid="dash-hot-none">
          {t('console.dash.noNetworks')}
        </p>
      ) : (
        <table className="console-table" data-testid="dash-hot">
          <thead>
            <tr>
              <th>{t('console.withdrawal.network')}</th>
              <th>{t('console.dash.hotAddress')}</th>
              <th>{t('console.dash.onChain')}</th>
              <th>{t('console.dash.depositsHeld')}</th>
              <th>{t('console.dash.withdrawalsSent')}</th>
              <th>{t('console.dash.books')}</th>
            </tr>
          </thead>
          <tbody>
            {d.hotWallets.map((h) => (
              <tr key={h.network} data-testid={`dash-hot-${h.network}`}>
                <td data-label={t('console.withdrawal.network')}>{h.network}</td>
                <td data-label={t('console.dash.hotAddress')} className="console-mono">
                  {h.address ?? '—'}
                </td>
                <td data-label={t('console.dash.onChain')}>{h.onChain ?? t('console.dash.nodeDown')}</td>
                <td data-label={t('console.dash.depositsHeld')}>{h.depositsHeld}</td>
                <td data-label={t('console.dash.withdrawalsSent')}>{h.withdrawalsSent}</td>
                <td data-label={t('console.dash.books')}>{h.books}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="console-cards">
        {queues.map((q) => (
          <div className="console-card" key={q.key} data-testid={`dash-${q.key}`}>
            <div className="console-card-label">{t(`console.dash.${q.key}`)}</div>
            <div className="console-card-value">{q.value}</div>
            <meter min={0} max={most} value={q.value} />
          </div>
        ))}
      </div>
      <h2 className="console-subtitle">{t('console.dash.moneyActions')}</h2>
      {d.moneyActions.length === 0 ? (
        <p className="console-muted" data-testid="dash-money-none">
          {t('console.dash.noMoneyActions')}
        </p>
      ) : (
        <table className="console-table" data-testid="dash-money">
          <thead>
            <tr>
              <th>{t('console.col.time')}</th>
              <th>{t('console.dash.actor')}</th>
              <th>{t('console.col.action')}</th>
              <th>{t('console.col.member')}</th>
              <th>{t('console.col.amount')}</th>
              <th>{t('console.col.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {d.moneyActions.map((a) => (
              <tr key={a.id} data-testid={`dash-money-${a.id}`}>
                <td data-label={t('console.col.time')}>{formatTime(a.createTime)}</td>
                <td data-label={t('console.dash.actor')}>#{a.actorId}</td>
                <td data-label={t('console.col.action')} className="console-mono">
                  {a.action}
                </td>
                <td data-label={t('console.col.member')}>{a.targetUserId ? `#${a.targetUserId}` : '—'}</td>
                <td data-label={t('console.col.amount')}>{a.amount ?? '—'}</td>
                <td data-label={t('console.col.reason')}>{a.reason || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ConsolePage>
  );
};

export default DashboardPage;
