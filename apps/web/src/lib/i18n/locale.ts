import { type Locale, normaliseLocale } from '@chatpay/shared';

/** The language tag browsers and screen readers understand for each app locale code. */
export const htmlLang: Record<Locale, string> = { en: 'en', zh: 'zh-Hans', vn: 'vi', jp: 'ja' };

/**
 * The locale comes from the stored setting, falling back to en; zh-Hans is zh (docs/product.md#features).
 * Anything unknown (a stale or tampered setting) is en, never an empty UI.
 */
export const resolveLocale = (stored: string | null | undefined): Locale => normaliseLocale(stored?.trim());

/** The tag `Intl` and `toLocale…String` understand for an app language ("jp" → "ja", "vn" → "vi"). */
export const intlTag = (language: string | null | undefined): string => htmlLang[resolveLocale(language)];
