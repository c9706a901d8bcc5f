import { type StaffRole, staffRoles } from '@chatpay/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useRoles, useStaffAdd, useStaffPage, useStaffRoles } from '../../features/console/index.ts';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  StaffRequests,
  TextField,
} from '../../features/console/ui.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const roleChoices = ['support', 'admin', 'none'] as const;

/**
 * Staff accounts: created in the console with a role; roles changed or taken away later. Both wait for a
 * second admin unless the caller is the only admin (the requests panel).
 */
const StaffPage = () => {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [nickName, setNickName] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [page, setPage] = useState(1);
  const query = useStaffPage({ page, size: 20 });
  const roles = useRoles();
  const add = useStaffAdd();
  const setRoles = useStaffRoles();
  type Row = NonNullable<typeof query.data>['list'][number];
  const create = async () => {
    if (!username.trim() || password.length < 6 || !nickName.trim())
      return void toast(t('console.staff.fill'));
    try {
      const done = await add.mutateAsync({
        username: username.trim(),
        password,
        nickName: nickName.trim(),
        roles: [role],
      });
      toastSuccess(done.status === 'pending' ? t('console.staff.requested') : t('console.staff.created'));
      setUsername('');
      setPassword('');
      setNickName('');
    } catch (error) {
      toastError(error);
    }
  };
  const change = async (r: Row, next: (typeof roleChoices)[number]) => {
    try {
      const done = await setRoles.mutateAsync({ userId: r.id, roles: next === 'none' ? [] : [next] });
      toastSuccess(done.status === 'pending' ? t('console.staff.requested') : t('console.staff.updated'));
    } catch (error) {
      toastError(error);
    }
  };
  const current = (r: Row) =>
    (staffRoles.find((x) => x === 'admin' && r.role.includes(x)) ??
      staffRoles.find((x) => r.role.includes(x)) ??
      'none') as (typeof roleChoices)[number];
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.id'), render: (r) => r.id },
    { key: 'username', title: t('console.col.username'), render: (r) => r.username },
    { key: 'nickName', title: t('console.col.nickName'), render: (r) => r.nickName },
    {
      key: 'role',
      title: t('console.col.role'),
      render: (r) => (
        <Choice
          title=""
          ariaLabel={t('console.staff.roleOf', { name: r.username })}
          value={current(r)}
          values={roleChoices}
          label={(v) => t(`console.staff.role.${v}`)}
          onChange={(v) => void change(r, v)}
          testId={`staff-role-${r.id}`}
        />
      ),
    },
    { key: 'created', title: t('console.col.created'), render: (r) => formatTime(r.createTime) },
  ];
  return (
    <ConsolePage title={t('console.menu.staff')} testId="console-staff">
      <div className="console-panel">
        <h2>{t('console.staff.new')}</h2>
        <div className="console-actions">
          <TextField
            title={t('console.col.username')}
            value={username}
            onChange={setUsername}
            testId="staff-username"
          />
          <TextField
            title={t('console.staff.password')}
            type="password"
            value={password}
            onChange={setPassword}
            testId="staff-password"
          />
          <TextField
            title={t('console.col.nickName')}
            value={nickName}
            onChange={setNickName}
            testId="staff-nickname"
          />
          <Choice
            title={t('console.col.role')}
            value={role}
            values={staffRoles}
            label={(v) => t(`console.staff.role.${v}`)}
            onChange={setRole}
            testId="staff-new-role"
          />
          <Button
            color="primary"
            loading={add.isPending}
            onClick={() => void create()}
            data-testid="staff-create"
          >
            {t('console.staff.create')}
          </Button>
        </div>
      </div>
      <StaffRequests />
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        testId="staff"
        empty={t('console.staff.empty')}
        page={page}
        onPage={setPage}
      />
      {roles.data ? (
        <div className="console-panel">
          <h2>{t('console.staff.permissions')}</h2>
          <dl className="console-kv">
            {roles.data.map((r) => (
              <Fragment key={r.name}>
                <dt>{t(`console.staff.role.${r.name}`)}</dt>
                <dd>{r.permissions.join(' · ')}</dd>
              </Fragment>
            ))}
          </dl>
        </div>
      ) : null}
    </ConsolePage>
  );
};

export default StaffPage;
