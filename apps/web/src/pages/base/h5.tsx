import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page.tsx';

/** Only absolute http(s) URLs may be framed: no javascript:, data: or same-app paths. */
export const safeWebUrl = (raw: string | null): string | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** A web view of an external page (`?url=`), with an optional `?title=`; no pull-to-refresh. */
const H5Page = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const url = safeWebUrl(search.get('url'));
  const title = search.get('title') || t('titles.h5');
  return (
    <Page title={title} bodyClassName="h5-body">
      {url ? (
        <iframe
          className="h5-frame"
          src={url}
          title={title}
          data-testid="h5-frame"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      ) : (
        <ErrorBlock status="default" title={t('h5.invalidUrl')} description="" data-testid="h5-invalid" />
      )}
    </Page>
  );
};

export default H5Page;
