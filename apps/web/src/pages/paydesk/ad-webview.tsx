import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { safeWebUrl, WebFrame } from '../../components/WebFrame.tsx';
import { useParam } from '../../features/base/index.ts';

/**
 * The ad web view (docs/product.md#routes): the operator's promotional page (AD_INTERACTIVE_URL, read from
 * the server, never from the link, so a link cannot put another page under this title), framed with the h5
 * view's rules.
 */
const AdInteractiveWebviewPage = () => {
  const { t } = useTranslation();
  const param = useParam('adInteractiveUrl');
  const title = t('titles.adWebview');
  let body: React.ReactNode;
  if (param.isPending) body = <Loading />;
  else if (param.isError) body = <LoadError error={param.error} onRetry={() => void param.refetch()} />;
  else if (!param.data) body = <EmptyState title={t('h5.noPromotion')} testId="ad-webview-empty" />;
  else body = <WebFrame url={safeWebUrl(param.data)} title={title} />;
  return (
    <Page title={title} bodyClassName="h5-body">
      {body}
    </Page>
  );
};

export default AdInteractiveWebviewPage;
