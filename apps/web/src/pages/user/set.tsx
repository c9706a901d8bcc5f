import { useQueryClient } from '@tanstack/react-query';
import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { logout } from '../../app/session.ts';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { fileSize, requestNotificationPermission } from '../../features/chat/index.ts';
import { useContactService } from '../../features/chat/ui.ts';
import { disablePush, enablePush } from '../../features/push/index.ts';
import { PushStateItem } from '../../features/push/ui.ts';
import { clearCache, usePrefs } from '../../features/settings/index.ts';
import { ThemeSwitch } from '../../features/settings/ui.ts';
import { InviterItem } from '../../features/user/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { showLoading, toast, toastSuccess } from '../../lib/toast.ts';

const entries = [
  { key: 'security', path: Paths.userSecurity, testId: 'set-security' },
  { key: 'password', path: Paths.userPassword, testId: 'set-password' },
  { key: 'password2', path: Paths.userPassword2, testId: 'set-password2' },
  { key: 'language', path: Paths.language, testId: 'set-language' },
  { key: 'blocked', path: Paths.userBlocked, testId: 'set-blocked' },
] as const;

/** Settings: notifications and sound, account security, language, cache, feedback, about, log out. */
const SetPage = () => {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const prefs = usePrefs();
  const service = useContactService();

  const setNotify = async (on: boolean) => {
    prefs.set({ notify: on });
    if (!on) {
      await disablePush({ unsubscribeBrowser: true });
      return;
    }
    // The browser asks once; a refusal is remembered by the browser, so say where to change it.
    if (!(await requestNotificationPermission()) && 'Notification' in window) {
      if (Notification.permission === 'denied') toast(t('set.notifyDenied'));
      return;
    }
    await enablePush(true);
  };

  const setPreview = async (on: boolean) => {
    prefs.set({ preview: on });
    if (prefs.notify) await enablePush(false);
  };

  // Pushes of this device follow the sound switch too (shown silently when it is off).
  const setSound = async (on: boolean) => {
    prefs.set({ sound: on });
    if (prefs.notify) await enablePush(false);
  };

  const onClearCache = async () => {
    if (!(await confirm(t('set.clearConfirm'), 'set-clear-dialog', t('set.clear')))) return;
    const done = showLoading(t('common.loading'));
    try {
      const freed = await clearCache(qc);
      done();
      toastSuccess(freed > 0 ? t('set.cleared', { size: fileSize(freed) }) : t('set.clearedNothing'));
    } catch {
      done();
      toastSuccess(t('set.clearedNothing'));
    }
  };

  const confirmLogout = async () => {
    if (!(await confirm(t('set.logoutConfirm'), 'logout', t('common.confirm'), true))) return;
    await logout();
    toast(t('set.loggedOut'));
  };

  return (
    <Page title={t('titles.userSet')}>
      <List className="entry-list" header={t('set.groupNotify')}>
        <List.Item
          extra={
            <Switch
              checked={prefs.notify}
              onChange={(on) => void setNotify(on)}
              data-testid="set-notify"
              aria-label={t('set.notify')}
            />
          }
        >
          {t('set.notify')}
        </List.Item>
        {/* Whether notifications really reach this device, and why not (docs/design/push.md, Settings). */}
        <PushStateItem />
        <List.Item
          description={prefs.notify ? undefined : t('set.soundOffHint')}
          extra={
            <Switch
              checked={prefs.notify && prefs.sound}
              disabled={!prefs.notify}
              onChange={(on) => void setSound(on)}
              data-testid="set-sound"
              aria-label={t('set.sound')}
            />
          }
        >
          {t('set.sound')}
        </List.Item>
        <List.Item
          description={t('pwa.previewHint')}
          extra={
            <Switch
              checked={prefs.notify && prefs.preview}
              disabled={!prefs.notify}
              onChange={(on) => void setPreview(on)}
              data-testid="set-preview"
              aria-label={t('pwa.preview')}
            />
          }
        >
          {t('pwa.preview')}
        </List.Item>
      </List>
      <List className="entry-list" header={t('set.groupGeneral')}>
        <ThemeSwitch />
        {entries.map(({ key, path, testId }) => (
          <List.Item
            key={key}
            onClick={() => navigate(path)}
            data-testid={testId}
            extra={key === 'language' ? t(`languages.${i18n.language}`) : undefined}
          >
            {t(`set.${key}`)}
          </List.Item>
        ))}
        <InviterItem />
        <List.Item onClick={() => void onClearCache()} data-testid="set-clear-cache">
          {t('set.clearCache')}
        </List.Item>
        <List.Item onClick={service.pending ? undefined : service.open} data-testid="set-service">
          {t('set.service')}
        </List.Item>
        <List.Item onClick={() => navigate(Paths.feedbackSubmit)} data-testid="set-feedback">
          {t('set.feedback')}
        </List.Item>
        <List.Item onClick={() => navigate(Paths.userAbout)} data-testid="set-about">
          {t('set.about')}
        </List.Item>
      </List>
      <div className="page-actions">
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          onClick={confirmLogout}
          data-testid="set-logout"
        >
          {t('set.logout')}
        </Button>
      </div>
    </Page>
  );
};

export default SetPage;
