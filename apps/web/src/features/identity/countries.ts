import { intlTag } from '../../lib/i18n/locale.ts';

/**
 * The countries the form offers first (the product's languages' regions and the usual others), by ISO 3166-1
 * alpha-2 code; any other code may be typed.
 */
export const COUNTRIES = [
  'CN',
  'HK',
  'MO',
  'TW',
  'VN',
  'JP',
  'KR',
  'SG',
  'MY',
  'TH',
  'PH',
  'ID',
  'KH',
  'LA',
  'MM',
  'IN',
  'AE',
  'TR',
  'RU',
  'UA',
  'GB',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'US',
  'CA',
  'BR',
  'MX',
  'AU',
  'NZ',
] as const;

const names = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the reader's language ("中国", "Vietnam"), or the code when the browser has no names. */
export const countryName = (code: string, lang: string) => {
  const tag = intlTag(lang);
  if (!names.has(tag)) {
    try {
      names.set(tag, new Intl.DisplayNames([tag], { type: 'region' }));
    } catch {
      names.set(tag, null);
    }
  }
  try {
    return names.get(tag)?.of(code) ?? code;
  } catch {
    return code;
  }
};
