import { LOCALES, type Locale } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../../lib/i18n/index.ts';
import { resolveLocale } from '../../lib/i18n/locale.ts';

export { LOCALES };

/** The current UI language and a switch that applies at once and persists. */
export const useLocale = () => {
  const { i18n } = useTranslation();
  const locale: Locale = resolveLocale(i18n.language);
  return { locale, setLocale, locales: LOCALES };
};
