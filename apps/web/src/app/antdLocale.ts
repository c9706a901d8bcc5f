import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { i18n } from '../lib/i18n/index.ts';
import { resolveLocale } from '../lib/i18n/locale.ts';

const byLocale = { en: enUS, zh: zhCN, vn: viVN, jp: jaJP } as const;

/** antd-mobile's built-in texts (default zh-CN) follow the app language. */
export const antdLocale = (language: string) => byLocale[resolveLocale(language)];

/** Imperative dialogs and toasts render outside the provider: keep their default in step too. */
export const syncAntdLocale = () => {
  setDefaultConfig({ locale: antdLocale(i18n.language) });
  i18n.on('languageChanged', (lng) => setDefaultConfig({ locale: antdLocale(lng) }));
};
