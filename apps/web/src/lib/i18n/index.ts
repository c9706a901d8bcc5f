import { LOCALES, type Locale } from '@chatpay/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKey, storage } from '../storage.ts';
import { htmlLang, resolveLocale } from './locale.ts';
import en from './locales/en.json';

/**
 * English ships with the app (it is the fallback); the other languages are their own chunks, loaded before
 * the first render when stored as the setting and on a switch, so the first screen carries one language.
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('./locales/zh.json'),
  vn: () => import('./locales/vn.json'),
  jp: () => import('./locales/jp.json'),
};

const loadLocale = async (locale: Locale) => {
  if (locale === 'en' || i18n.hasResourceBundle(locale, 'translation')) return;
  const { default: bundle } = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle, true, true);
};

const setHtmlLang = (locale: Locale) => {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[locale];
};

const initial = resolveLocale(storage.get(StorageKey.Locale));

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
setHtmlLang(initial);

/** Resolves once the stored language is loaded (render after it, so nothing flashes in English). */
export const i18nReady: Promise<void> = loadLocale(initial)
  .then(() => i18n.changeLanguage(initial))
  .then(
    () => undefined,
    // Offline with an uncached chunk: English it is, never a blank app.
    () => undefined,
  );

export const currentLocale = (): Locale => resolveLocale(i18n.language);

/** Switches the UI language at once and remembers it (the stored setting, docs/product.md#features). */
export const setLocale = async (value: string) => {
  const locale = resolveLocale(value);
  storage.set(StorageKey.Locale, locale);
  await loadLocale(locale);
  setHtmlLang(locale);
  await i18n.changeLanguage(locale);
};

export const t = i18n.t.bind(i18n);
export { i18n };
