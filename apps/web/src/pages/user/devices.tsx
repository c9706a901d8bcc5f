import type { LoginRecord, LoginSession } from '@chatpay/shared';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { logout } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useEndSession, useLoginActivity } from '../../features/user/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { dateTime } from '../../lib/i18n/time.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

/** "Chrome 120 · Android 14", or "Unknown device" when the user agent said nothing. */
const useAgentName = () => {
  const { t } = useTranslation();
  return (place: { browser: string; os: string }) =>
    [place.browser, place.os].filter(Boolean).join(' · ') || t('devices.unknown');
};

const SessionItem = ({ session }: { session: LoginSession }) => {
  const { t, i18n } = useTranslation();
  const end = useEndSession();
  const agentName = useAgentName();
  const onEnd = async () => {
    if (!(await confirm(t('devices.endConfirm'), 'devices-end', t('devices.end'), true))) return;
    // This device's session ends through the app's own sign-out, which also clears this browser.
    if (session.current) {
      await logout();
      toast(t('set.loggedOut'));
      return;
    }
    end.mutate(session.sid, { onSuccess: () => toastSuccess(t('devices.ended')), onError: toastError });
  };
  return (
    <List.Item
      data-testid={`devices-session-${session.current ? 'current' : session.sid}`}
      description={
        <>
          <div>{t('devices.address', { address: session.address })}</div>
          <div>{t('devices.started', { time: dateTime(session.createTime, i18n.language) })}</div>
          <div>{t('devices.lastSeen', { time: dateTime(session.lastSeenTime, i18n.language) })}</div>
        </>
      }
      extra={
        <Button
          size="mini"
          color="danger"
          fill="outline"
          loading={end.isPending}
          onClick={() => void onEnd()}
        >
          {session.current ? t('devices.signOut') : t('devices.end')}
        </Button>
      }
    >
      {agentName(session)}{' '}
      {session.current ? (
        <Tag color="primary" fill="outline">
          {t('devices.thisDevice')}
        </Tag>
      ) : null}
    </List.Item>
  );
};

const LoginItem = ({ login }: { login: LoginRecord }) => {
  const { t, i18n } = useTranslation();
  const agentName = useAgentName();
  return (
    <List.Item
      description={`${dateTime(login.time, i18n.language)} · ${login.address}`}
      extra={
        <Tag color={login.success ? 'success' : 'danger'} fill="outline">
          {login.success ? t('devices.succeeded') : t('devices.failed')}
        </Tag>
      }
    >
      {agentName(login)}{' '}
      {login.newDevice ? (
        <Tag color="warning" fill="outline">
          {t('devices.newDevice')}
        </Tag>
      ) : null}
    </List.Item>
  );
};

/** Me → Login activity: my session on this device, my latest sign-ins (right and wrong), and signing out. */
const DevicesPage = () => {
  const { t } = useTranslation();
  const activity = useLoginActivity();
  return (
    <Page title={t('titles.userDevices')}>
      {activity.isError ? (
        <LoadError error={activity.error} onRetry={() => void activity.refetch()} />
      ) : !activity.data ? (
        <Loading />
      ) : (
        <>
          <List header={t('devices.sessions')} data-testid="devices-sessions">
            {activity.data.sessions.map((s) => (
              <SessionItem key={s.sid} session={s} />
            ))}
          </List>
          <div className="page-hint">{t('devices.singleSession')}</div>
          <List header={t('devices.logins')} data-testid="devices-logins">
            {activity.data.logins.map((l) => (
              <LoginItem key={`${l.time}-${l.success}-${l.address}`} login={l} />
            ))}
          </List>
        </>
      )}
    </Page>
  );
};

export default DevicesPage;
