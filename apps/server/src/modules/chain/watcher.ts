import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { ensureMemberAccounts, ensureSystemAccount, postEntry, SystemAccount } from '../ledger/index.ts';
import type { ChainAdapter } from './adapter.ts';
import { presentDeposit } from './presenter.ts';
import { depositAward, type NetworkConfig } from './settings.ts';
import { chainAddresses, chainCursors, chainDeposits } from './tables.ts';

export interface WatcherDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

type DepositRow = typeof chainDeposits.$inferSelect;

/**
 * One pass of a network's deposit watcher (docs/design/chain.md, "The watcher"): read the token's Transfer logs
 * from the cursor to the head, store deposits to our addresses, advance the cursor over final blocks only, then
 * confirm, credit, or drop the deposits still confirming. Answers how many deposits changed.
 */
export const watchDeposits = async (
  deps: WatcherDeps,
  config: NetworkConfig,
  adapter: ChainAdapter,
): Promise<number> => {
  const { db } = deps;
  const network = config.network;
  const N = BigInt(config.confirmations);
  const head = await adapter.head();
  const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.network, network));
  const start = cursor?.nextBlock ?? config.startBlock ?? head;
  const changed: DepositRow[] = [];

  if (start <= head) {
    const end = head < start + BigInt(config.blockBatch) - 1n ? head : start + BigInt(config.blockBatch) - 1n;
    const logs = await adapter.transfers(start, end);
    const keys = [...new Set(logs.map((l) => adapter.addressKey(l.to)))];
    const ours = keys.length
      ? await db
          .select({
            key: chainAddresses.addressKey,
            userId: chainAddresses.userId,
            address: chainAddresses.address,
          })
          .from(chainAddresses)
          .where(and(eq(chainAddresses.network, network), inArray(chainAddresses.addressKey, keys)))
      : [];
    const byKey = new Map(ours.map((o) => [o.key, o]));
    // Final blocks (≥ N confirmations) are passed for good; the tail is read again next pass.
    const finalEnd = head - N + 1n;
    let next = end + 1n < finalEnd + 1n ? end + 1n : finalEnd + 1n;
    if (next < start) next = start;
    await db.transaction(async (tx) => {
      for (const l of logs) {
        const owner = byKey.get(adapter.addressKey(l.to));
        if (!owner) continue;
        const inserted = await tx
          .insert(chainDeposits)
          .values({
            network,
            txHash: l.txHash,
            logIndex: l.logIndex,
            blockNumber: l.blockNumber,
            blockHash: l.blockHash,
            userId: owner.userId,
            address: owner.address,
            fromAddress: l.from,
            amount: l.amount,
            belowMinimum: l.amount < config.minDeposit,
            required: config.confirmations,
            confirmations: Number(head - l.blockNumber + 1n),
          })
          .onConflictDoNothing()
          .returning();
        if (inserted[0]) changed.push(inserted[0]);
      }
      await tx
        .insert(chainCursors)
        .values({ network, nextBlock: next })
        .onConflictDoUpdate({
          target: chainCursors.network,
          set: { nextBlock: next, updateTime: new Date() },
        });
    });
  }

  // Every deposit still confirming: still canonical? how many confirmations? final?
  const pending = await db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, network), eq(chainDeposits.status, 'confirming')))
    .orderBy(asc(chainDeposits.id));
  const hashes = new Map<bigint, string | null>();
  const canonical = async (height: bigint) => {
    if (!hashes.has(height)) hashes.set(height, await adapter.blockHash(height));
    return hashes.get(height);
  };
  for (const d of pending) {
    let { blockNumber, blockHash } = d;
    if ((await canonical(blockNumber)) !== blockHash) {
      // Its block left the canonical chain: is the same log in another block now?
      const receipt = await adapter.receipt(d.txHash);
      const moved = receipt?.transfers.find(
        (t) =>
          adapter.addressKey(t.to) === adapter.addressKey(d.address) &&
          t.amount === d.amount &&
          t.blockHash === receipt.blockHash,
      );
      if (
        receipt?.status !== 'success' ||
        !moved ||
        (await canonical(moved.blockNumber)) !== moved.blockHash
      ) {
        const row = await settleDeposit(db, config, d.id, 'dropped');
        if (row) changed.push(row);
        continue;
      }
      blockNumber = moved.blockNumber;
      blockHash = moved.blockHash;
    }
    const confirmations = Number(head - blockNumber + 1n);
    if (confirmations >= config.confirmations) {
      const row = await settleDeposit(db, config, d.id, d.belowMinimum ? 'below_minimum' : 'credited', {
        blockNumber,
        blockHash,
        confirmations,
      });
      if (row) changed.push(row);
    } else if (confirmations !== d.confirmations || blockHash !== d.blockHash) {
      const [row] = await db
        .update(chainDeposits)
        .set({ confirmations: Math.max(confirmations, 0), blockNumber, blockHash, updateTime: new Date() })
        .where(and(eq(chainDeposits.id, d.id), eq(chainDeposits.status, 'confirming')))
        .returning();
      if (row) changed.push(row);
    }
  }
  for (const row of changed) deps.realtime.emitToUser(row.userId, 'chain', presentDeposit(row));
  return changed.length;
};

/**
 * Ends a confirming deposit: credited (the credit entry, and the award entry when the percent is > 0, in the same
 * transaction as the status), below_minimum or dropped (nothing posted). The row lock and the status re-check
 * make a second run answer null; the entries' keys make a double credit impossible anyway.
 */
const settleDeposit = async (
  db: Db,
  config: NetworkConfig,
  id: number,
  status: 'credited' | 'below_minimum' | 'dropped',
  at?: { blockNumber: bigint; blockHash: string; confirmations: number },
): Promise<DepositRow | null> =>
  db.transaction(async (tx) => {
    const [d] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, id)).for('update');
    if (d?.status !== 'confirming') return null;
    let creditEntryId: number | null = null;
    let awardEntryId: number | null = null;
    let award = 0n;
    if (status === 'credited') {
      const source = await ensureSystemAccount(tx, SystemAccount.ChainDeposits);
      const member = (await ensureMemberAccounts(tx, [d.userId])).get(d.userId)!;
      const ref = { type: 'chain-deposit', id: String(d.id) };
      creditEntryId = (
        await postEntry(tx, {
          key: `deposit:${d.id}:credit`,
          kind: 'chain-deposit',
          legs: [
            { accountId: member.available, amount: d.amount },
            { accountId: source, amount: -d.amount },
          ],
          memo: `${d.network} ${d.txHash}`,
          ref,
        })
      ).id;
      award = depositAward(config, d.amount);
      if (award > 0n) {
        const awards = await ensureSystemAccount(tx, SystemAccount.ChainAwards);
        awardEntryId = (
          await postEntry(tx, {
            key: `deposit:${d.id}:award`,
            kind: 'chain-award',
            legs: [
              { accountId: member.available, amount: award },
              { accountId: awards, amount: -award },
            ],
            memo: `${d.network} ${d.txHash}`,
            ref,
          })
        ).id;
      }
    }
    const [row] = await tx
      .update(chainDeposits)
      .set({
        status,
        award,
        creditEntryId,
        awardEntryId,
        ...(at ?? {}),
        updateTime: new Date(),
      })
      .where(eq(chainDeposits.id, id))
      .returning();
    return row ?? null;
  });
