import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorText, isNetworkError } from '../lib/errors.ts';

/** A page load failure shows a clickable area that loads again (docs/product.md#errors). */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  // No network (or the server is down): say so in the member's words, not "Loading failed · Failed to fetch".
  const offline = isNetworkError(error);
  return (
    <button
      type="button"
      className="load-error"
      onClick={onRetry}
      data-testid="load-retry"
      data-state={offline ? 'offline' : 'failed'}
    >
      <ErrorBlock
        status="default"
        title={offline ? t('common.offlineTitle') : t('common.loadFailed')}
        description={`${offline ? t('common.offlineHint') : errorText(error)} · ${t('common.retry')}`}
      />
    </button>
  );
};
