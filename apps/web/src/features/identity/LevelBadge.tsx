import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './identity.css';

/** "Verified · L1": a member's verification level, as the Me tab and the market show it. */
export const LevelBadge = ({ level, testId }: { level: number; testId?: string }) => {
  const { t } = useTranslation();
  return (
    <Tag
      className="identity-level"
      color={level >= 2 ? 'success' : level === 1 ? 'primary' : 'default'}
      fill="outline"
      data-testid={testId}
      data-level={level}
    >
      {t(`identity.level.short${level}`)}
    </Tag>
  );
};
