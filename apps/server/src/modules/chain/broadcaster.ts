import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { Realtime } from '../../realtime/socket.ts';
import type { ChainAdapter } from './adapter.ts';
import type { HdWallet } from './hd.ts';
import { closeWithdrawal } from './ledger.ts';
import { presentWithdrawal } from './presenter.ts';
import type { NetworkConfig } from './settings.ts';
import { chainWithdrawals } from './tables.ts';

type WithdrawalRow = typeof chainWithdrawals.$inferSelect;

export interface BroadcasterDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/** How many approved withdrawals one pass signs. */
const SIGN_BATCH = 20;

/**
 * One pass of a network's broadcaster (docs/design/chain.md, "The broadcaster"). The rule: a withdrawal is signed
 * once, its signed transaction is committed before it is sent, and afterwards only those bytes are sent again.
 * Steps: (1) signed → look for the receipt, else resend the same bytes; (2) confirming → completed at N
 * confirmations (settle), or back to signed when a reorg removed it; (3) approved → sign, commit, send.
 */
export const broadcastWithdrawals = async (
  deps: BroadcasterDeps,
  config: NetworkConfig,
  adapter: ChainAdapter,
  hd: HdWallet,
): Promise<number> => {
  const { db, log } = deps;
  const network = config.network;
  const changed: WithdrawalRow[] = [];
  const hot = adapter.hotAddress(hd);

  /** Moves a row from one status to another if it is still in the first (the row lock decides races). */
  const move = async (
    w: WithdrawalRow,
    from: string,
    to: 'completed' | 'failed' | 'confirming' | 'signed' | 'approved',
    extra: Partial<WithdrawalRow> = {},
  ) => {
    const row = await db.transaction(async (tx) => {
      const [cur] = await tx
        .select()
        .from(chainWithdrawals)
        .where(eq(chainWithdrawals.id, w.id))
        .for('update');
      if (!cur || cur.status !== from) return null;
      if (to === 'completed' || to === 'failed') return closeWithdrawal(tx, cur, to, extra);
      const [updated] = await tx
        .update(chainWithdrawals)
        .set({ ...extra, status: to, updateTime: new Date() })
        .where(eq(chainWithdrawals.id, w.id))
        .returning();
      return updated ?? null;
    });
    if (row) changed.push(row);
    return row;
  };

  const ofStatus = (status: string, limit = 500) =>
    db
      .select()
      .from(chainWithdrawals)
      .where(and(eq(chainWithdrawals.network, network), eq(chainWithdrawals.status, status)))
      .orderBy(asc(chainWithdrawals.nonce), asc(chainWithdrawals.id))
      .limit(limit);

  // (1) Signed: mined? else send the recorded bytes again.
  const head = await adapter.head();
  for (const w of await ofStatus('signed')) {
    const receipt = await adapter.receipt(w.txHash!);
    if (receipt) {
      if (receipt.status === 'reverted') {
        log.error({ network, id: w.id, txHash: w.txHash }, 'withdrawal transaction reverted: unfrozen');
        await move(w, 'signed', 'failed', { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash });
      } else {
        await move(w, 'signed', 'confirming', {
          blockNumber: receipt.blockNumber,
          blockHash: receipt.blockHash,
          confirmations: Number(head - receipt.blockNumber + 1n),
        });
      }
      continue;
    }
    // Its nonce taken by another transaction of the hot wallet (mined, not ours): ours can never be mined.
    const mined = await adapter.nonceAt(hot, 'latest');
    if (mined > w.nonce! && !(await adapter.receipt(w.txHash!))) {
      log.error(
        { network, id: w.id, nonce: String(w.nonce) },
        'nonce used by another transaction: signing again',
      );
      await move(w, 'signed', 'approved', { nonce: null, txHash: null, rawTx: null });
      continue;
    }
    try {
      await adapter.sendRaw(w.rawTx!);
    } catch (error) {
      log.warn({ network, id: w.id, err: (error as Error).message }, 'resend failed, will retry');
    }
  }

  // (2) Confirming: final at N confirmations in a canonical block.
  for (const w of await ofStatus('confirming')) {
    const receipt = await adapter.receipt(w.txHash!);
    if (!receipt) {
      await move(w, 'confirming', 'signed', { blockNumber: null, blockHash: null, confirmations: 0 });
      continue;
    }
    const confirmations = Number(head - receipt.blockNumber + 1n);
    if (
      confirmations >= config.confirmations &&
      (await adapter.blockHash(receipt.blockNumber)) === receipt.blockHash
    ) {
      if (receipt.status === 'reverted') await move(w, 'confirming', 'failed');
      else
        await move(w, 'confirming', 'completed', {
          blockNumber: receipt.blockNumber,
          blockHash: receipt.blockHash,
          confirmations,
        });
    } else if (confirmations !== w.confirmations || receipt.blockHash !== w.blockHash) {
      await move(w, 'confirming', 'confirming', {
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        confirmations: Math.max(confirmations, 0),
      });
    }
  }

  // (3) Approved: sign, commit, send — while the hot wallet holds enough tokens.
  const approved = await db
    .select()
    .from(chainWithdrawals)
    .where(and(eq(chainWithdrawals.network, network), eq(chainWithdrawals.status, 'approved')))
    .orderBy(asc(chainWithdrawals.id))
    .limit(SIGN_BATCH);
  if (approved.length > 0) {
    const [outstanding] = await db
      .select({
        amount: sql<string>`coalesce(sum(${chainWithdrawals.amount}), 0)::text`,
        maxNonce: sql<string | null>`max(${chainWithdrawals.nonce})::text`,
      })
      .from(chainWithdrawals)
      .where(eq(chainWithdrawals.network, network));
    const [unmined] = await db
      .select({ amount: sql<string>`coalesce(sum(${chainWithdrawals.amount}), 0)::text` })
      .from(chainWithdrawals)
      .where(and(eq(chainWithdrawals.network, network), eq(chainWithdrawals.status, 'signed')));
    let spendable = (await adapter.tokenBalance(hot)) - BigInt(unmined?.amount ?? '0');
    const pending = await adapter.nonceAt(hot, 'pending');
    const recorded = outstanding?.maxNonce ? BigInt(outstanding.maxNonce) + 1n : 0n;
    let nonce = pending > recorded ? pending : recorded;
    for (const w of approved) {
      if (w.amount > spendable) {
        log.warn({ network, id: w.id, hot }, 'hot wallet float too low: withdrawal waits');
        break;
      }
      const signed = await adapter.signTransfer(hd, { to: w.address, amount: w.amount, nonce });
      // Recorded before it is ever sent: after a crash only these bytes go out.
      const row = await move(w, 'approved', 'signed', { nonce, txHash: signed.hash, rawTx: signed.raw });
      if (!row) continue;
      nonce += 1n;
      spendable -= w.amount;
      try {
        await adapter.sendRaw(signed.raw);
      } catch (error) {
        log.warn({ network, id: w.id, err: (error as Error).message }, 'send failed, will resend');
      }
    }
  }

  for (const row of changed) deps.realtime.emitToUser(row.userId, 'chain', presentWithdrawal(row));
  return changed.length;
};
