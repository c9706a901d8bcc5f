import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { Page } from '../components/Page.tsx';
import { navigate } from '../lib/router/navigate.ts';
import { Paths } from '../lib/router/paths.ts';

/** Unknown addresses: say so and offer the way home. */
const NotFound = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.notFound')}>
      <ErrorBlock
        status="empty"
        title={t('titles.notFound')}
        description={t('notFound.description')}
        data-testid="not-found"
      >
        <Button
          color="primary"
          data-testid="not-found-home"
          onClick={() => {
            navigate({ path: Paths.root, mode: 'reLaunch' });
          }}
        >
          {t('common.backHome')}
        </Button>
      </ErrorBlock>
    </Page>
  );
};

export default NotFound;
