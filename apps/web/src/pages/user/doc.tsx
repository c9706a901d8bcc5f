import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useParam } from '../../features/base/index.ts';

/** The user agreement or the privacy policy (`?type=agreement|privacy`), as plain text from the server. */
const DocPage = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const privacy = search.get('type') === 'privacy';
  const doc = useParam(privacy ? 'privacyPolicy' : 'userAgreement');
  const title = privacy ? t('titles.privacy') : t('titles.agreement');
  return (
    <Page title={title}>
      {doc.isPending ? (
        <Loading />
      ) : doc.isError ? (
        <LoadError error={doc.error} onRetry={() => void doc.refetch()} />
      ) : doc.data ? (
        // Rendered as text, never as HTML: the server's text cannot inject markup.
        <article className="doc-text" data-testid="doc-text">
          {doc.data}
        </article>
      ) : (
        <EmptyState title={t('doc.empty')} testId="doc-empty" />
      )}
    </Page>
  );
};

export default DocPage;
