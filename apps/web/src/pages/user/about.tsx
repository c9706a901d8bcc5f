import { APP_VERSION } from '@chatpay/shared';
import { Badge, List, SpinLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { useAppUpdate, useVersionCheck } from '../../features/app/index.ts';
import { showUpdateDialog } from '../../features/app/ui.ts';
import { useParam } from '../../features/base/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';

/** About: the product, its version with the update check, and the agreement and policy. */
const AboutPage = () => {
  const { t } = useTranslation();
  const aboutUs = useParam('aboutUs');
  const check = useVersionCheck();
  const result = check.data;

  // What the check finds holds for the whole app: a forced update blocks every member page at once.
  useEffect(() => {
    if (result) useAppUpdate.getState().setCheck(result);
  }, [result]);

  const onCheck = async () => {
    const { data, error } = await check.refetch();
    if (error) return toastError(error);
    if (data?.hasUpdate && data.latest) showUpdateDialog(data.latest, data.forced);
    else toast(t('about.latest'));
  };

  return (
    <Page title={t('titles.userAbout')}>
      <div className="about-hero">
        <img className="about-logo" src="./icon.svg" alt="" width={80} height={80} />
        <h1 className="about-name" data-testid="about-name">
          {t('app.name')}
        </h1>
        <div className="about-version" data-testid="about-version">
          {t('about.version', { version: APP_VERSION })}
        </div>
        <p className="about-slogan">{t('app.slogan')}</p>
      </div>
      {aboutUs.data ? (
        // Plain text from the server, never HTML.
        <article className="doc-text about-text" data-testid="about-text">
          {aboutUs.data}
        </article>
      ) : null}
      <List className="entry-list">
        <List.Item
          onClick={() => void onCheck()}
          data-testid="about-check"
          extra={
            check.isFetching ? (
              <SpinLoading style={{ '--size': '16px' }} />
            ) : result?.hasUpdate ? (
              <span data-testid="about-update-state">
                <Badge content={Badge.dot} style={{ '--right': '-8px' }}>
                  {t('about.hasUpdate')}
                </Badge>
              </span>
            ) : result ? (
              <span data-testid="about-update-state">{t('about.upToDate')}</span>
            ) : undefined
          }
        >
          {t('about.checkUpdate')}
        </List.Item>
        <List.Item
          onClick={() => navigate({ path: Paths.userDoc, query: { type: 'agreement' } })}
          data-testid="about-agreement"
        >
          {t('about.agreement')}
        </List.Item>
        <List.Item
          onClick={() => navigate({ path: Paths.userDoc, query: { type: 'privacy' } })}
          data-testid="about-privacy"
        >
          {t('about.privacy')}
        </List.Item>
      </List>
    </Page>
  );
};

export default AboutPage;
