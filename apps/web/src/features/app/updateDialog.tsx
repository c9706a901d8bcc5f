import type { AppVersion } from '@chatpay/shared';
import { Dialog } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/dialog';
import { t } from '../../lib/i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { updateAction } from './version.ts';
import './app.css';

/** Takes the update: a reload that fetches the new build, or the download link opened; a bad link is refused. */
export const update = async (latest: AppVersion) => {
  const action = updateAction(latest, window.location.origin);
  if (action.kind === 'invalid') {
    toast(t('about.invalidUrl'));
    return;
  }
  if (action.kind === 'open') {
    window.open(action.url, '_blank', 'noopener');
    return;
  }
  toast(t('about.restarting'));
  // Let the service worker fetch the new build first, so the reload starts it.
  try {
    await (await navigator.serviceWorker?.getRegistration())?.update();
  } catch {
    // No service worker (first visit, private mode): a plain reload gets the new files anyway.
  }
  window.location.reload();
};

/** The new version with its notes; a forced update cannot be put off. */
export const showUpdateDialog = (latest: AppVersion, forced: boolean) => {
  const later = { key: 'later', text: t('about.later'), 'data-testid': 'update-later' } as Action;
  const now = {
    key: 'update',
    text: t('about.updateNow'),
    bold: true,
    'data-testid': 'update-now',
    onClick: () => void update(latest),
  } as Action;
  Dialog.show({
    'aria-label': t('about.newVersion', { version: latest.version }),
    title: t('about.newVersion', { version: latest.version }),
    content: (
      <div className="update-notes" data-testid="update-dialog">
        {latest.notes ? <p>{latest.notes}</p> : null}
        {forced ? <p className="update-forced">{t('about.forced')}</p> : null}
      </div>
    ),
    closeOnAction: !forced,
    closeOnMaskClick: !forced,
    actions: forced ? [now] : [[later, now]],
  });
};
