import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errors.ts';

/** SPEC §8: a page load failure shows a clickable area that loads again. */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <button type="button" className="load-error" onClick={onRetry} data-testid="load-retry">
      <ErrorBlock
        status="default"
        title={t('common.loadFailed')}
        description={`${errorText(error)} · ${t('common.retry')}`}
      />
    </button>
  );
};
