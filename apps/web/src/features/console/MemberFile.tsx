import { orderStatuses } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Choice, type Column, ConsoleList, formatTime } from './components.tsx';
import { useMemberLedger, useMemberOrders, useMemberSessions } from './queries.ts';

const accounts = ['all', 'available', 'frozen'] as const;
const statuses = ['all', ...orderStatuses] as const;

/** A member's ledger history: every posting on their accounts, paged on the server. */
export const MemberLedger = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const [account, setAccount] = useState<(typeof accounts)[number]>('all');
  const [page, setPage] = useState(1);
  const query = useMemberLedger({ userId, account, page, size: 10 });
  type Row = NonNullable<typeof query.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'time', title: t('console.col.time'), render: (p) => formatTime(p.createTime) },
    { key: 'kind', title: t('console.member.ledgerKind'), render: (p) => p.kind },
    {
      key: 'account',
      title: t('console.member.account'),
      render: (p) => t(`console.member.accounts.${p.account}`),
    },
    { key: 'amount', title: t('console.col.amount'), render: (p) => p.amount },
    { key: 'after', title: t('console.member.balanceAfter'), render: (p) => p.balanceAfter },
    { key: 'memo', title: t('console.member.memo'), render: (p) => p.memo || '—' },
  ];
  return (
    <div className="console-panel">
      <h2>{t('console.member.ledger')}</h2>
      <div className="console-filters">
        <Choice
          title={t('console.member.account')}
          value={account}
          values={accounts}
          label={(v) => t(`console.member.accounts.${v}`)}
          onChange={(v) => {
            setAccount(v);
            setPage(1);
          }}
          testId="member-ledger-account"
        />
      </div>
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(p) => p.postingId}
        testId="member-ledger"
        empty={t('console.member.noLedger')}
        page={page}
        onPage={setPage}
      />
    </div>
  );
};

/** A member's C2C orders as buyer or seller. */
export const MemberOrders = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof statuses)[number]>('all');
  const [page, setPage] = useState(1);
  const query = useMemberOrders({ userId, status, page, size: 10 });
  type Row = NonNullable<typeof query.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.id'), render: (o) => o.id },
    { key: 'time', title: t('console.col.time'), render: (o) => formatTime(o.createTime) },
    { key: 'side', title: t('console.member.side'), render: (o) => t(`console.member.sides.${o.side}`) },
    {
      key: 'counterparty',
      title: t('console.member.counterparty'),
      render: (o) => <a href={`#/admin/members?id=${o.counterpartyId}`}>{o.counterpartyId}</a>,
    },
    {
      key: 'amount',
      title: t('console.col.amount'),
      render: (o) => `${o.amountCoin} USDT · ${o.amountFiat}`,
    },
    {
      key: 'status',
      title: t('console.col.status'),
      render: (o) => t(`console.member.orderStatus.${o.status}`),
    },
  ];
  return (
    <div className="console-panel">
      <h2>{t('console.member.orderList')}</h2>
      <div className="console-filters">
        <Choice
          title={t('console.col.status')}
          value={status}
          values={statuses}
          label={(v) => t(`console.member.orderStatus.${v}`)}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          testId="member-orders-status"
        />
      </div>
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(o) => o.id}
        testId="member-order-list"
        empty={t('console.member.noOrders')}
        page={page}
        onPage={setPage}
      />
    </div>
  );
};

/** A member's logins (one current session at a time) and the devices that take push notifications. */
export const MemberSessions = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const query = useMemberSessions(userId);
  return (
    <div className="console-panel" data-testid="member-sessions">
      <h2>{t('console.member.sessions')}</h2>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.sessions.length === 0 ? (
            <p>{t('console.member.noSessions')}</p>
          ) : (
            <table className="console-table">
              <thead>
                <tr>
                  <th>{t('console.member.loginTime')}</th>
                  <th>{t('console.member.lastRefresh')}</th>
                  <th>{t('console.member.expires')}</th>
                  <th>{t('console.col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.sessions.map((s) => (
                  <tr key={s.sessionId} data-testid={`member-session-${s.active ? 'active' : 'ended'}`}>
                    <td data-label={t('console.member.loginTime')}>{formatTime(s.loginTime)}</td>
                    <td data-label={t('console.member.lastRefresh')}>{formatTime(s.lastRefresh)}</td>
                    <td data-label={t('console.member.expires')}>{formatTime(s.expiresAt)}</td>
                    <td data-label={t('console.col.status')}>
                      {s.active ? t('console.member.sessionActive') : t('console.member.sessionEnded')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>{t('console.member.devices')}</h2>
          {query.data.devices.length === 0 ? (
            <p>{t('console.member.noDevices')}</p>
          ) : (
            <table className="console-table">
              <tbody>
                {query.data.devices.map((d) => (
                  <tr key={d.deviceId}>
                    <td data-label={t('console.member.device')}>{d.deviceName || d.deviceId}</td>
                    <td data-label={t('console.member.lang')}>{d.lang}</td>
                    <td data-label={t('console.col.created')}>{formatTime(d.createTime)}</td>
                    <td data-label={t('console.member.lastSeen')}>{formatTime(d.updateTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
};
