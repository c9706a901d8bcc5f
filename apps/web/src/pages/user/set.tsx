import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { logout } from '../../app/session.ts';
import { Page } from '../../components/Page.tsx';
import { confirm } from '../../lib/dialog.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast } from '../../lib/toast.ts';

const entries = [
  { key: 'password', path: Paths.userPassword, testId: 'set-password' },
  { key: 'password2', path: Paths.userPassword2, testId: 'set-password2' },
  { key: 'language', path: Paths.language, testId: 'set-language' },
  { key: 'about', path: Paths.userAbout, testId: 'set-about' },
] as const;

/** Settings: account security, language, about, and log out (after confirmation). */
const SetPage = () => {
  const { t, i18n } = useTranslation();

  const confirmLogout = async () => {
    if (!(await confirm(t('set.logoutConfirm'), 'logout', t('common.confirm'), true))) return;
    await logout();
    toast(t('set.loggedOut'));
  };

  return (
    <Page title={t('titles.userSet')}>
      <List className="entry-list">
        {entries.map(({ key, path, testId }) => (
          <List.Item
            key={key}
            onClick={() => navigate(path)}
            data-testid={testId}
            extra={key === 'language' ? t(`languages.${i18n.language}`) : undefined}
          >
            {t(`set.${key}`)}
          </List.Item>
        ))}
      </List>
      <div className="page-actions">
        <Button
          block
          color="danger"
          fill="outline"
          size="large"
          onClick={confirmLogout}
          data-testid="set-logout"
        >
          {t('set.logout')}
        </Button>
      </div>
    </Page>
  );
};

export default SetPage;
