import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page.tsx';
import { safeWebUrl, WebFrame } from '../../components/WebFrame.tsx';

/** A web view of an external page (`?url=`), with an optional `?title=`; no pull-to-refresh. */
const H5Page = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const url = safeWebUrl(search.get('url'));
  const title = search.get('title') || t('titles.h5');
  return (
    <Page title={title} bodyClassName="h5-body">
      <WebFrame url={url} title={title} />
    </Page>
  );
};

export default H5Page;
