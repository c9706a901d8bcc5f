import { TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** Customer service's avatar in an order chat: its own mark, never the other trader's face. */
export const StaffAvatar = () => {
  const { t } = useTranslation();
  return (
    <span className="trade-staff-avatar" role="img" aria-label={t('trade.support')}>
      <TeamOutline />
    </span>
  );
};
