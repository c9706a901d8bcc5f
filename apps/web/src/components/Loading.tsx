import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or data loads. */
export const Loading = () => {
  const { t } = useTranslation();
  return (
    <div className="loading" role="status" aria-label={t('common.loading')}>
      <DotLoading color="primary" />
    </div>
  );
};
