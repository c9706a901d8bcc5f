import { APP_VERSION, type PublicParamKey } from '@chatpay/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { params } from './tables.ts';
import { defaultDocuments } from './texts.ts';

/**
 * Default public parameters. Inserted only when absent, so an operator's edit survives every restart (and a
 * later change of APP_NAME does not overwrite an edited appName either).
 */
export const seedBase = async (db: Db, config: Config) => {
  // adInteractiveUrl is not stored: it follows the configuration (AD_INTERACTIVE_URL) at every start.
  const defaults: Record<Exclude<PublicParamKey, 'adInteractiveUrl'>, string> = {
    appName: config.APP_NAME,
    appVersion: APP_VERSION,
    ...defaultDocuments(config.APP_NAME),
  };
  await db
    .insert(params)
    .values(Object.entries(defaults).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: params.key });
};
