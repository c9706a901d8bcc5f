import { APP_VERSION } from '@chatpay/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { useParam } from '../../features/base/queries.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

/** About: the product, its version, and the agreement and policy. */
const AboutPage = () => {
  const { t } = useTranslation();
  const aboutUs = useParam('aboutUs');
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
