import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { frameHost } from '../lib/frame-host.ts';

/** Only absolute http(s) URLs may be framed: no javascript:, data: or same-app paths. */
export const safeWebUrl = (raw: string | null | undefined): string | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * An external page in a sandboxed frame under a line naming its host (the title may come from a link, so only
 * the host says whose page it is: anti-phishing), the rules of the h5 view and the ad web view.
 */
export const WebFrame = ({ url, title }: { url: string | null; title: string }) => {
  const { t } = useTranslation();
  if (!url)
    return <ErrorBlock status="default" title={t('h5.invalidUrl')} description="" data-testid="h5-invalid" />;
  const { host, secure } = frameHost(url);
  return (
    <>
      <div className={secure ? 'h5-host' : 'h5-host h5-host-insecure'} data-testid="h5-host">
        {t(secure ? 'h5.host' : 'h5.hostInsecure', { host })}
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
  );
};
