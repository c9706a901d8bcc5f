import { type DocumentKey, documentKeys } from '@chatpay/shared';

/** One language's text of each document. */
export type DocumentTexts = Record<DocumentKey, string>;

export const isDocumentKey = (key: string): key is DocumentKey =>
  (documentKeys as readonly string[]).includes(key);

/**
 * The params row of a document's text in one language (`userAgreement.zh`). The base key (`userAgreement`)
 * holds the English text every reader falls back to.
 */
export const documentParam = (key: DocumentKey, lang: string) => `${key}.${lang}`;
