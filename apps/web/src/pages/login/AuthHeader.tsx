import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** Logo, product name and a line of welcome above the login and sign-up forms. */
export const AuthHeader = ({ subtitle, language = true }: { subtitle: string; language?: boolean }) => {
  const { t } = useTranslation();
  return (
    <header className="auth-header">
      {language && (
        <div className="auth-top">
          <LanguageSwitch />
        </div>
      )}
      <img className="auth-logo" src="./icon.svg" alt="" width={72} height={72} />
      <h1 className="auth-title">{t('app.name')}</h1>
      <p className="auth-subtitle">{subtitle}</p>
    </header>
  );
};
