import { APP_VERSION, documentKeys, LOCALES, type PublicParamKey } from '@chatpay/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { documentParam } from './documents.ts';
import { params } from './tables.ts';
import { builtInDocuments } from './texts/index.ts';

/**
 * Default public parameters. Inserted only when absent, so an operator's edit survives every restart (and a
 * later change of APP_NAME does not overwrite an edited appName either).
 */
export const seedBase = async (db: Db, config: Config) => {
  const documents = builtInDocuments(config.APP_NAME);
  // adInteractiveUrl is not stored: it follows the configuration (AD_INTERACTIVE_URL) at every start.
  const defaults: Record<Exclude<PublicParamKey, 'adInteractiveUrl'>, string> = {
    appName: config.APP_NAME,
    appVersion: APP_VERSION,
    // English stays on the base keys: readers whose language has no text of its own get it.
    ...documents.en,
  };
  // The other languages get their built-in translation in the row the console edits (`userAgreement.zh`);
  // an install from before the translations gets them at its next start, and a text staff saved is kept.
  const translations = LOCALES.filter((lang) => lang !== 'en').flatMap((lang) =>
    documentKeys.map((key) => ({ key: documentParam(key, lang), value: documents[lang][key] })),
  );
  await db
    .insert(params)
    .values([...Object.entries(defaults).map(([key, value]) => ({ key, value })), ...translations])
    .onConflictDoNothing({ target: params.key });
};
