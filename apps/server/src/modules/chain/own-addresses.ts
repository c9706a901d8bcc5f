import type { Network } from '@chatpay/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { chainAddresses } from './tables.ts';

/** Our members' deposit addresses on a network, in user id order (the user id is the derivation index). */
export const depositAddressesOf = (db: Db, network: Network) =>
  db
    .select({ userId: chainAddresses.userId, address: chainAddresses.address })
    .from(chainAddresses)
    .where(eq(chainAddresses.network, network))
    .orderBy(asc(chainAddresses.userId));
