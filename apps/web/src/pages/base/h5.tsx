import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page.tsx';
import { frameHost } from '../../lib/frame-host.ts';

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
        <>
          {/* The title comes from the link: the host shows whose page this really is (anti-phishing). */}
          <div
            className={frameHost(url).secure ? 'h5-host' : 'h5-host h5-host-insecure'}
            data-testid="h5-host"
          >
            {t(frameHost(url).secure ? 'h5.host' : 'h5.hostInsecure', { host: frameHost(url).host })}
          </div>
          <iframe
            className="h5-frame"
            src={url}
            title={title}
            data-testid="h5-frame"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
          />
        </>
      ) : (
        <ErrorBlock status="default" title={t('h5.invalidUrl')} description="" data-testid="h5-invalid" />
      )}
    </Page>
  );
};

export default H5Page;
