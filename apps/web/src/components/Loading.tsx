import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useShownAfter } from '../lib/delayed.ts';

/**
 * Shown while a page's code or data loads; the dots appear only after 200 ms (docs/product.md#limits), so
 * quick loads stay calm.
 */
export const Loading = () => {
  const { t } = useTranslation();
  const shown = useShownAfter();
  return (
    <div className="loading" role="status" aria-label={t('common.loading')} data-shown={shown || undefined}>
      {shown && <DotLoading color="primary" />}
    </div>
  );
};
