import type { Locale } from '@chatpay/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKey, storage } from '../storage.ts';
import { htmlLang, resolveLocale } from './locale.ts';
import en from './locales/en.json';
import jp from './locales/jp.json';
import vn from './locales/vn.json';
import zh from './locales/zh.json';

export const resources = {
  en: { translation: en },
  zh: { translation: zh },
  vn: { translation: vn },
  jp: { translation: jp },
} as const;

const setHtmlLang = (locale: Locale) => {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[locale];
};

const initial = resolveLocale(storage.get(StorageKey.Locale));

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh', 'vn', 'jp'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
setHtmlLang(initial);

export const currentLocale = (): Locale => resolveLocale(i18n.language);

/** Switches the UI language at once and remembers it (SPEC §9: the stored setting). */
export const setLocale = async (value: string) => {
  const locale = resolveLocale(value);
  storage.set(StorageKey.Locale, locale);
  setHtmlLang(locale);
  await i18n.changeLanguage(locale);
};

export const t = i18n.t.bind(i18n);
export { i18n };
