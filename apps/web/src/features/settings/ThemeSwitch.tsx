import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme.ts';

/** Settings row: the dark theme on or off (off is the `default` theme), kept on this device. */
export const ThemeSwitch = () => {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <List.Item
      extra={
        <Switch
          checked={theme === 'dark'}
          onChange={(on) => setTheme(on ? 'dark' : 'default')}
          data-testid="set-theme-dark"
          aria-label={t('set.themeDark')}
        />
      }
    >
      {t('set.themeDark')}
    </List.Item>
  );
};
