import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';

/** Every member's balance and some system accounts' at one ledger position (docs/design/reserves.md). */
export interface PositionRead {
  /** The highest journal entry id the read includes (0: no entry yet); it includes every entry below it too. */
  position: bigint;
  /** The database's clock when the position was fixed. */
  time: Date;
  /** Members with ledger accounts: available + frozen, in user id order. */
  members: { userId: number; memberId: string; balance: bigint }[];
  /** Member accounts found below zero (the books' CHECK forbids it; a proof of reserves must not hide one). */
  negative: { userId: number; kind: string; balance: bigint }[];
  /** The named system accounts' balances (0 for an account not created yet). */
  system: { code: string; balance: bigint }[];
}

type Rows = { rows: Record<string, unknown>[] };

/**
 * Reads every member balance at ONE ledger position: the balances are those after every journal entry up to
 * `position` and before any later one, so that `Σ postings of entries ≤ position` gives back the same numbers.
 *
 * Entry ids are taken when an entry is inserted, not when it commits: in a plain snapshot a transaction with a
 * lower id could still be running while a higher one is visible, and no single position would describe what
 * was read. So the read first takes `LOCK TABLE ledger_entries IN SHARE MODE`, which waits until every
 * transaction that has written an entry commits or rolls back and holds new entries off until this
 * transaction ends; its snapshot (REPEATABLE READ, taken at the first query after the lock) then holds every
 * entry up to the highest id it sees and none above. Postings are written by the same statement as their
 * entry, and balances in the same transaction. New entries wait for the length of three short reads.
 * PGlite runs one transaction at a time, which gives the same guarantee.
 */
export const readAtOnePosition = async (db: Db, systemCodes: readonly string[]): Promise<PositionRead> =>
  db.transaction(
    async (tx) => {
      const q = async (query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as Rows).rows;
      await tx.execute(sql`LOCK TABLE ledger_entries IN SHARE MODE`);
      const [head] = await q(sql`
        SELECT COALESCE(MAX(id), 0)::text AS position, clock_timestamp() AS time FROM ledger_entries`);
      const members = await q(sql`
        SELECT a.user_id AS "userId", u.member_id AS "memberId", SUM(a.balance)::text AS balance
        FROM ledger_accounts a JOIN users u ON u.id = a.user_id
        WHERE a.user_id IS NOT NULL
        GROUP BY a.user_id, u.member_id
        ORDER BY a.user_id`);
      const negative = await q(sql`
        SELECT user_id AS "userId", kind, balance::text AS balance FROM ledger_accounts
        WHERE user_id IS NOT NULL AND balance < 0 ORDER BY id LIMIT 100`);
      const system =
        systemCodes.length === 0
          ? []
          : await q(sql`
        SELECT code, balance::text AS balance FROM ledger_accounts
        WHERE code IN (${sql.join(
          systemCodes.map((c) => sql`${c}`),
          sql`, `,
        )})`);
      return {
        position: BigInt(String(head?.position ?? '0')),
        time: new Date(head?.time as string | Date),
        members: members.map((r) => ({
          userId: Number(r.userId),
          memberId: String(r.memberId),
          balance: BigInt(String(r.balance)),
        })),
        negative: negative.map((r) => ({
          userId: Number(r.userId),
          kind: String(r.kind),
          balance: BigInt(String(r.balance)),
        })),
        system: systemCodes.map((code) => ({
          code,
          balance: BigInt(String(system.find((r) => r.code === code)?.balance ?? '0')),
        })),
      };
    },
    { isolationLevel: 'repeatable read' },
  );
