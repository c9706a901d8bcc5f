import type { Locale } from '@chatpay/shared';
import type { DocumentTexts } from '../documents.ts';
import { en } from './en.ts';
import { jp } from './jp.ts';
import { vn } from './vn.ts';
import { zh } from './zh.ts';

/**
 * The built-in wording of the public documents (`param` keys userAgreement, privacyPolicy, aboutUs) in each
 * language the app speaks, with the app's name filled in (docs/product.md#documents). Plain text with line
 * breaks; an operator is expected to replace them in the console with their own, reviewed by their counsel.
 *
 * What they say about the product must stay true of it: hashing and second factors (docs/security.md),
 * withdrawal review and holds (docs/product.md#withdrawals), orders and appeals (docs/product.md#orders).
 * The translations say what the English says, section by section; a change to one is a change to all four.
 */
export const builtInDocuments = (appName: string): Record<Locale, DocumentTexts> => ({
  en: en(appName),
  zh: zh(appName),
  jp: jp(appName),
  vn: vn(appName),
});
