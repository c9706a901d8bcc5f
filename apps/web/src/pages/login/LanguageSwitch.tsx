import { Popup } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../features/settings/index.ts';
import { LanguageList } from '../../features/settings/ui.ts';

/**
 * The language entry of the login and sign-up pages. It opens in place: the language page needs a login
 * (docs/product.md#route-guard), and a visitor must be able to read the login page first.
 */
export const LanguageSwitch = () => {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="language-switch"
        data-testid="login-language"
        aria-label={t('common.changeLanguage')}
        onClick={() => setOpen(true)}
      >
        <GlobalOutline />
        <span>{t(`languages.${locale}`)}</span>
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="language-popup">
        <h2 className="popup-title">{t('titles.language')}</h2>
        <LanguageList onChosen={() => setOpen(false)} />
      </Popup>
    </>
  );
};
