import { APP_VERSION, type AppVersion } from '@chatpay/shared';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useAppUpdate } from './update.ts';
import { update } from './updateDialog.tsx';
import { updateAction } from './version.ts';
import './app.css';

/**
 * This version may no longer be used (a newer one is forced): the whole screen, instead of the app, with the
 * one way out, the update (the download link, or a reload that fetches the new build from this site).
 */
export const UpdateBlock = ({ latest }: { latest: AppVersion }) => {
  const { t } = useTranslation();
  const action = updateAction(latest, window.location.origin);
  return (
    <main className="update-block" data-testid="update-block" aria-labelledby="update-block-title">
      <img className="update-block-logo" src="./icon.svg" alt="" width={72} height={72} />
      <h1 id="update-block-title" className="update-block-title">
        {t('update.requiredTitle')}
      </h1>
      <p className="update-block-text">
        {t('update.requiredText', { current: APP_VERSION, version: latest.version })}
      </p>
      {latest.notes ? <p className="update-block-notes">{latest.notes}</p> : null}
      {action.kind === 'open' ? (
        <>
          <a
            className="update-block-action"
            href={action.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="update-block-download"
          >
            {t('update.download')}
          </a>
          <p className="update-block-url">{action.url}</p>
        </>
      ) : action.kind === 'reload' ? (
        <Button
          block
          color="primary"
          size="large"
          data-testid="update-block-reload"
          onClick={() => void update(latest)}
        >
          {t('about.updateNow')}
        </Button>
      ) : (
        <p className="update-block-invalid" data-testid="update-block-invalid">
          {t('about.invalidUrl')}
        </p>
      )}
    </main>
  );
};

/** A newer version the member may take now or later: a bar over every member page until updated or closed. */
export const UpdateBar = ({ latest }: { latest: AppVersion }) => {
  const { t } = useTranslation();
  const dismiss = useAppUpdate((s) => s.dismiss);
  return (
    <div className="update-bar" data-testid="update-bar" role="status">
      <span className="update-bar-text">{t('update.available', { version: latest.version })}</span>
      <button
        type="button"
        className="update-bar-now"
        data-testid="update-bar-now"
        onClick={() => void update(latest)}
      >
        {t('about.updateNow')}
      </button>
      <button
        type="button"
        className="update-bar-close"
        data-testid="update-bar-close"
        aria-label={t('update.later')}
        onClick={() => dismiss(latest.versionCode)}
      >
        <CloseOutline aria-hidden />
      </button>
    </div>
  );
};
