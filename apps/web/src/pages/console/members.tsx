import { hasPermission, memberSortFields } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import {
  useForceLogout,
  useFreeze,
  useMember,
  useMembersPage,
  useResetFactors,
  useUnlockPin,
} from '../../features/console/index.ts';
import {
  AuditActionText,
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  MemberLedger,
  MemberOrders,
  MemberSessions,
  Roles,
  StaffRequests,
  TestUsdt,
  TextField,
} from '../../features/console/ui.ts';
import { useAuth } from '../../lib/auth.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const frozenFilters = ['all', 'active', 'frozen'] as const;

const MemberList = () => {
  const { t } = useTranslation();
  const payload = useAuth((s) => s.payload);
  const [keyword, setKeyword] = useState('');
  const [frozen, setFrozen] = useState<(typeof frozenFilters)[number]>('all');
  const [sort, setSort] = useState<(typeof memberSortFields)[number]>('id');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const query = useMembersPage({
    keyword: keyword.trim() || undefined,
    ...(frozen === 'all' ? {} : { frozen: frozen === 'frozen' }),
    sort,
    order,
    page,
    size: 20,
  });
  type Row = NonNullable<typeof query.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.id'), render: (m) => m.id },
    { key: 'memberId', title: t('console.col.memberId'), render: (m) => m.memberId },
    { key: 'username', title: t('console.col.username'), render: (m) => m.username },
    { key: 'nickName', title: t('console.col.nickName'), render: (m) => m.nickName },
    { key: 'role', title: t('console.col.role'), render: (m) => <Roles roles={m.role} /> },
    {
      key: 'state',
      title: t('console.col.status'),
      render: (m) => (m.frozen ? t('console.member.frozen') : t('console.member.active')),
    },
    { key: 'created', title: t('console.col.created'), render: (m) => formatTime(m.createTime) },
  ];
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <ConsolePage
      title={t('console.menu.members')}
      testId="console-members"
      filters={
        <>
          <TextField
            title={t('console.member.search')}
            placeholder={t('console.member.searchHint')}
            value={keyword}
            onChange={reset(setKeyword)}
            testId="members-search"
          />
          <Choice
            title={t('console.col.status')}
            value={frozen}
            values={frozenFilters}
            label={(v) => t(`console.member.filter.${v}`)}
            onChange={reset(setFrozen)}
            testId="members-frozen"
          />
          <Choice
            title={t('console.sortBy')}
            value={sort}
            values={memberSortFields}
            label={(v) => t(`console.member.sort.${v}`)}
            onChange={reset(setSort)}
            testId="members-sort"
          />
          <Choice
            title={t('console.order')}
            value={order}
            values={['desc', 'asc'] as const}
            label={(v) => t(`console.orderBy.${v}`)}
            onChange={reset(setOrder)}
            testId="members-order"
          />
        </>
      }
    >
      {payload && hasPermission(payload, 'admin:user:resetFactor') ? (
        <StaffRequests scope="resetFactor" />
      ) : null}
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(m) => m.id}
        testId="members"
        empty={t('console.member.empty')}
        page={page}
        onPage={setPage}
        onRow={(m) => void navigate({ path: Paths.consoleMembers, query: { id: m.id } })}
      />
    </ConsolePage>
  );
};

const MemberDetail = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const member = useMember(id);
  const payload = useAuth((s) => s.payload);
  const can = (key: string) => (payload ? hasPermission(payload, key) : false);
  const freeze = useFreeze();
  const logout = useForceLogout();
  const unlock = useUnlockPin();
  const resetFactors = useResetFactors();
  const [reason, setReason] = useState('');
  if (member.isPending) return <Loading />;
  if (member.isError) return <LoadError error={member.error} onRetry={() => void member.refetch()} />;
  const m = member.data;
  const run = async <T,>(work: () => Promise<T>, done: string | ((answer: T) => string)) => {
    try {
      const answer = await work();
      toastSuccess(typeof done === 'string' ? done : done(answer));
      setReason('');
    } catch (error) {
      toastError(error);
    }
  };
  // A member who lost every second factor and their recovery codes: a request another staff member approves,
  // which then ends their sessions and starts the withdrawal hold (docs/security.md, "Losing every factor").
  const resetSecondFactors = async () => {
    if (!reason.trim()) return void toast(t('console.member.reasonRequired'));
    if (!(await confirm(t('console.member.resetFactorsConfirm'), 'reset-factors', t('common.confirm'), true)))
      return;
    await run(
      () => resetFactors.mutateAsync({ userId: m.id, reason: reason.trim() }),
      (change) =>
        change.status === 'pending' ? t('console.member.resetRequested') : t('console.member.factorsReset'),
    );
  };
  const toggleFreeze = async () => {
    if (!reason.trim()) return void toast(t('console.member.reasonRequired'));
    const frozen = !m.frozen;
    if (frozen && !(await confirm(t('console.member.freezeConfirm'), 'freeze', t('common.confirm'), true)))
      return;
    await run(
      () => freeze.mutateAsync({ userId: m.id, frozen, reason: reason.trim() }),
      frozen ? t('console.member.frozenDone') : t('console.member.unfrozenDone'),
    );
  };
  return (
    <ConsolePage title={t('console.member.title', { name: m.nickName })} testId="member-detail">
      <Link to={Paths.consoleMembers} data-testid="member-back">
        {t('console.backToList')}
      </Link>
      <div className="console-panel">
        <h2>{t('console.member.profile')}</h2>
        <dl className="console-kv">
          <dt>{t('console.col.id')}</dt>
          <dd>{m.id}</dd>
          <dt>{t('console.col.memberId')}</dt>
          <dd>{m.memberId}</dd>
          <dt>{t('console.col.username')}</dt>
          <dd>{m.username}</dd>
          <dt>{t('console.col.role')}</dt>
          <dd>
            <Roles roles={m.role} />
          </dd>
          <dt>{t('console.col.status')}</dt>
          <dd data-testid="member-state" data-frozen={String(m.frozen)}>
            {m.frozen ? t('console.member.frozen') : t('console.member.active')}
          </dd>
          <dt>{t('console.member.balance')}</dt>
          <dd>
            {t('console.member.balanceValue', { available: m.balance.available, frozen: m.balance.frozen })}
          </dd>
          <dt>{t('console.member.orders')}</dt>
          <dd data-testid="member-orders">
            {t('console.member.ordersValue', { total: m.orders.total, completed: m.orders.completed })}
          </dd>
          <dt>{t('console.member.pin')}</dt>
          <dd data-testid="member-pin">
            {!m.pinSet
              ? t('console.member.pinNotSet')
              : m.pinLockedUntil
                ? t('console.member.pinLocked', { until: formatTime(m.pinLockedUntil) })
                : t('console.member.pinOk', { n: m.pinFailures })}
          </dd>
          <dt>{t('console.col.created')}</dt>
          <dd>{formatTime(m.createTime)}</dd>
        </dl>
        <div className="console-actions">
          {can('admin:user:freeze') || can('admin:user:resetFactor') ? (
            <TextField
              title={t('console.member.reason')}
              value={reason}
              onChange={setReason}
              testId="member-reason"
            />
          ) : null}
          {can('admin:user:freeze') ? (
            <Button
              color={m.frozen ? 'primary' : 'danger'}
              loading={freeze.isPending}
              onClick={() => void toggleFreeze()}
              data-testid="member-freeze"
            >
              {m.frozen ? t('console.member.unfreeze') : t('console.member.freeze')}
            </Button>
          ) : null}
          {can('admin:user:logout') ? (
            <Button
              loading={logout.isPending}
              onClick={() =>
                void run(() => logout.mutateAsync({ userId: m.id }), t('console.member.loggedOut'))
              }
              data-testid="member-logout"
            >
              {t('console.member.forceLogout')}
            </Button>
          ) : null}
          {can('admin:user:unlockPin') && m.pinLockedUntil ? (
            <Button
              loading={unlock.isPending}
              onClick={() =>
                void run(() => unlock.mutateAsync({ userId: m.id }), t('console.member.unlocked'))
              }
              data-testid="member-unlock-pin"
            >
              {t('console.member.unlockPin')}
            </Button>
          ) : null}
          {can('admin:user:resetFactor') ? (
            <Button
              loading={resetFactors.isPending}
              onClick={() => void resetSecondFactors()}
              data-testid="member-reset-factors"
            >
              {t('console.member.resetFactors')}
            </Button>
          ) : null}
        </div>
      </div>
      <TestUsdt userId={m.id} />
      <MemberLedger userId={m.id} />
      <MemberOrders userId={m.id} />
      <div className="console-panel">
        <h2>{t('console.member.withdrawals')}</h2>
        {m.withdrawals.length === 0 ? (
          <p>{t('console.member.noWithdrawals')}</p>
        ) : (
          <table className="console-table">
            <tbody>
              {m.withdrawals.map((w) => (
                <tr key={w.id}>
                  <td data-label={t('console.col.time')}>{formatTime(w.createTime)}</td>
                  <td data-label={t('console.withdrawal.network')}>{w.network}</td>
                  <td data-label={t('console.col.amount')}>{w.amount}</td>
                  <td data-label={t('console.col.status')}>{t(`console.withdrawal.status.${w.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <MemberSessions userId={m.id} />
      <div className="console-panel">
        <h2>{t('console.member.history')}</h2>
        {m.audit.length === 0 ? (
          <p>{t('console.member.noHistory')}</p>
        ) : (
          <table className="console-table">
            <tbody>
              {m.audit.map((a) => (
                <tr key={a.id}>
                  <td data-label={t('console.col.time')}>{formatTime(a.createTime)}</td>
                  <td data-label={t('console.col.action')}>
                    <AuditActionText action={a.action} />
                  </td>
                  <td data-label={t('console.col.reason')}>{a.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </ConsolePage>
  );
};

/**
 * Member look-up: search, a member's file, freeze/unfreeze, force logout, clear a PIN lockout, ask for a
 * second-factor reset; the resets waiting for a checker are listed above the search.
 */
const MembersPage = () => {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  return id ? <MemberDetail id={id} /> : <MemberList />;
};

export default MembersPage;
