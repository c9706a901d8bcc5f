import {
  type ChainRecord,
  ErrorCode,
  formatUsdt,
  MIN_WITHDRAWAL,
  micro,
  type Network,
  networks,
  parseUsdt,
  type WithdrawalHoldCode,
  type WithdrawalStatus,
} from '@chatpay/shared';
import { and, asc, desc, eq, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import { ensureMemberAccounts, postEntry } from '../ledger/index.ts';
import { memberInflow, type OutflowGuard } from '../outflow/index.ts';
import { assertNotFrozen, users, verifyPin } from '../user/index.ts';
import type { AddressBookService } from './address-book.ts';
import { checkDestination, enabledNetwork } from './destination.ts';
import { closeWithdrawal, withdrawalOutflowKey } from './ledger.ts';
import { presentDeposit, presentWithdrawal } from './presenter.ts';
import type { ChainRuntime } from './runtime.ts';
import { type findNetwork, withdrawalFee } from './settings.ts';
import { chainAddresses, chainDeposits, chainWithdrawals } from './tables.ts';

type WithdrawalRow = typeof chainWithdrawals.$inferSelect;

const DAY_MS = 24 * 3600_000;
/** Advisory transaction lock (with the network's index) that serialises the withdrawal limit checks. */
const WITHDRAWAL_LIMIT_LOCK = 72_173_120;
/**
 * Why a withdrawal waits for support: stored as its code (the member reads it in their language) and as its
 * reason in English (support's list).
 */
export const HOLD_REASON: Record<WithdrawalHoldCode, string> = {
  memberLimit: 'Review: 24-hour withdrawal total at or above the automatic limit',
  outflowCap: 'Review: 24-hour hot-wallet outflow cap reached',
  credentials: 'Review: password or PIN changed recently',
  receivedInternally: 'Review: spends money received from other members in the last 24 hours',
  newAccount: 'Review: the account is new',
};

interface Hold {
  code: WithdrawalHoldCode;
  until: Date | null;
}

export interface WithdrawalPolicy {
  /** Withdrawals of accounts younger than this many days wait for review (0: off). */
  newAccountDays: number;
}

/** Deposit addresses, withdrawal requests and review, the member's records, the faucet (docs/design/chain.md). */
export class ChainService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly chain: ChainRuntime,
    private readonly production: boolean,
    private readonly clock: Clock,
    private readonly policy: WithdrawalPolicy,
    private readonly outflows: OutflowGuard,
    private readonly book: AddressBookService,
  ) {}

  /**
   * Whether a new withdrawal may skip review, decided under a per-network advisory lock so that concurrent
   * requests see each other. It waits when: a password or PIN change is within the hold; the account is
   * younger than the new-account days; it would spend money other members sent in the last 24 h (amount + fee
   * above the available balance less those receipts); the member's rolling 24 h total (every withdrawal not
   * rejected or failed, this one included) reaches the network's limit; or the network's auto-approved outflow
   * of 24 h plus this one reaches the hot-wallet cap.
   */
  private async holdOf(
    tx: Executor,
    userId: number,
    config: ReturnType<typeof findNetwork>,
    amount: bigint,
    fee: bigint,
    now: Date,
  ): Promise<Hold | null> {
    const since = new Date(now.getTime() - DAY_MS);
    const until = await this.outflows.holdEnd(tx, userId, now);
    if (until) return { code: 'credentials', until };
    const [member] = await tx.select({ since: users.createTime }).from(users).where(eq(users.id, userId));
    if (
      this.policy.newAccountDays > 0 &&
      member &&
      member.since.getTime() > now.getTime() - this.policy.newAccountDays * DAY_MS
    )
      return { code: 'newAccount', until: null };
    const { received, available } = await memberInflow(tx, userId, since);
    if (received > 0n && amount + fee > available - received)
      return { code: 'receivedInternally', until: null };
    const [mine] = await tx
      .select({ total: sql<string>`coalesce(sum(${chainWithdrawals.amount}), 0)::text` })
      .from(chainWithdrawals)
      .where(
        and(
          eq(chainWithdrawals.userId, userId),
          gte(chainWithdrawals.createTime, since),
          notInArray(chainWithdrawals.status, ['rejected', 'failed']),
        ),
      );
    if (BigInt(mine?.total ?? '0') + amount >= config.autoReviewLimit)
      return { code: 'memberLimit', until: null };
    const [outflow] = await tx
      .select({ total: sql<string>`coalesce(sum(${chainWithdrawals.amount}), 0)::text` })
      .from(chainWithdrawals)
      .where(
        and(
          eq(chainWithdrawals.network, config.network),
          gte(chainWithdrawals.createTime, since),
          inArray(chainWithdrawals.status, ['approved', 'signed', 'confirming', 'completed']),
        ),
      );
    if (BigInt(outflow?.total ?? '0') + amount >= config.dailyOutflowCap)
      return { code: 'outflowCap', until: null };
    return null;
  }

  private enabled(network: Network) {
    return enabledNetwork(this.chain, network);
  }

  /** My deposit address on a network: derived from the seed at my user id, stored on first use. */
  async address(userId: number, network: Network) {
    const { adapter } = this.enabled(network);
    const { address, path } = adapter.depositAddress(this.chain.hd!, userId);
    await this.db
      .insert(chainAddresses)
      .values({ network, userId, address, addressKey: adapter.addressKey(address), path })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ address: chainAddresses.address })
      .from(chainAddresses)
      .where(and(eq(chainAddresses.network, network), eq(chainAddresses.userId, userId)));
    return { network, address: row!.address };
  }

  /**
   * A withdrawal request: free checks (network, address and its checksum, not our own address, minimum), the PIN,
   * then one transaction: the row (idempotent by (member, requestId)) and amount + fee frozen; auto-approved
   * below the network's review limit.
   */
  async withdrawal(
    userId: number,
    input: { network: Network; address: string; amount: string; pin: string; requestId: string },
  ): Promise<ChainRecord> {
    const { adapter, config, address } = await checkDestination(
      this.db,
      this.chain,
      input.network,
      input.address,
    );
    const amount = parseUsdt(input.amount);
    if (amount < config.minWithdrawal) {
      throw new AppError(ErrorCode.AmountBelowMinimum, `The minimum withdrawal is ${MIN_WITHDRAWAL} USDT`, {
        minimum: MIN_WITHDRAWAL,
      });
    }
    const fee = withdrawalFee(config, amount);
    await this.book.assertMayWithdrawTo(userId, input.network, adapter.addressKey(address));
    await verifyPin(this.db, userId, input.pin);
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${WITHDRAWAL_LIMIT_LOCK}, ${networks.indexOf(input.network)})`,
      );
      const key = withdrawalOutflowKey(userId, input.requestId);
      await this.outflows.check(tx, { userId, channel: 'withdrawal', amount, key });
      const now = this.clock.now();
      const hold = await this.holdOf(tx, userId, config, amount, fee, now);
      const [created] = await tx
        .insert(chainWithdrawals)
        .values({
          userId,
          requestId: input.requestId,
          network: input.network,
          address,
          amount,
          fee,
          status: hold ? 'reviewing' : 'approved',
          reason: hold ? HOLD_REASON[hold.code] : '',
          holdCode: hold?.code ?? null,
          heldUntil: hold?.until ?? null,
          required: config.confirmations,
          createTime: now,
          updateTime: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        const [first] = await tx
          .select()
          .from(chainWithdrawals)
          .where(and(eq(chainWithdrawals.userId, userId), eq(chainWithdrawals.requestId, input.requestId)));
        if (
          !first ||
          first.network !== input.network ||
          first.amount !== amount ||
          adapter.addressKey(first.address) !== adapter.addressKey(address)
        )
          throw new AppError(ErrorCode.IdempotencyConflict);
        return { row: first, fresh: false };
      }
      const member = (await ensureMemberAccounts(tx, [userId])).get(userId)!;
      const entry = await postEntry(tx, {
        key: `withdrawal:${created.id}:freeze`,
        kind: 'withdrawal-freeze',
        legs: [
          { accountId: member.available, amount: -(amount + fee) },
          { accountId: member.frozen, amount: amount + fee },
        ],
        memo: `${input.network} ${address}`,
        ref: { type: 'chain-withdrawal', id: String(created.id) },
        createdBy: userId,
      });
      const [withEntry] = await tx
        .update(chainWithdrawals)
        .set({ freezeEntryId: entry.id })
        .where(eq(chainWithdrawals.id, created.id))
        .returning();
      return { row: withEntry!, fresh: true };
    });
    const record = presentWithdrawal(row.row);
    if (row.fresh) this.realtime.emitToUser(userId, 'chain', record);
    return record;
  }

  /** My deposits and withdrawals, newest first. */
  async records(userId: number, opts: { page: number; size: number; type?: 'deposit' | 'withdrawal' }) {
    const { page, size, type } = opts;
    const parts = [];
    if (type !== 'withdrawal')
      parts.push(
        sql`SELECT 'deposit' AS type, id, create_time FROM chain_deposits WHERE user_id = ${userId}`,
      );
    if (type !== 'deposit')
      parts.push(
        sql`SELECT 'withdrawal' AS type, id, create_time FROM chain_withdrawals WHERE user_id = ${userId}`,
      );
    const union = sql.join(parts, sql` UNION ALL `);
    const result = await this.db.execute<{ type: string; id: number }>(
      sql`SELECT type, id FROM (${union}) r ORDER BY create_time DESC, id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
    );
    const countResult = await this.db.execute<{ n: number }>(
      sql`SELECT COUNT(*)::int AS n FROM (${union}) r`,
    );
    const rows = (result as unknown as { rows: { type: string; id: number }[] }).rows;
    const list: ChainRecord[] = [];
    for (const r of rows) {
      if (r.type === 'deposit') {
        const [d] = await this.db
          .select()
          .from(chainDeposits)
          .where(eq(chainDeposits.id, Number(r.id)));
        if (d) list.push(presentDeposit(d));
      } else {
        const [w] = await this.db
          .select()
          .from(chainWithdrawals)
          .where(eq(chainWithdrawals.id, Number(r.id)));
        if (w) list.push(presentWithdrawal(w));
      }
    }
    const total = Number((countResult as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return { list, pagination: { page, size, total } };
  }

  /** A withdrawal as support sees it: who asked, the risk signals, the explorer link. */
  private async presentAdmin(w: WithdrawalRow) {
    const since = new Date(w.createTime.getTime() - DAY_MS);
    const total = sql<string>`coalesce(sum(${chainWithdrawals.amount}), 0)::text`;
    const [[u], [earlier], [day], [done], [dep]] = await Promise.all([
      this.db
        .select({
          memberId: users.memberId,
          nickName: users.nickName,
          changed: users.credentialsChangedAt,
          since: users.createTime,
        })
        .from(users)
        .where(eq(users.id, w.userId)),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(chainWithdrawals)
        .where(
          and(
            eq(chainWithdrawals.userId, w.userId),
            eq(chainWithdrawals.network, w.network),
            eq(chainWithdrawals.address, w.address),
            lt(chainWithdrawals.id, w.id),
            notInArray(chainWithdrawals.status, ['rejected', 'failed']),
          ),
        ),
      this.db
        .select({ total })
        .from(chainWithdrawals)
        .where(
          and(
            eq(chainWithdrawals.userId, w.userId),
            gte(chainWithdrawals.createTime, since),
            lte(chainWithdrawals.id, w.id),
            notInArray(chainWithdrawals.status, ['rejected', 'failed']),
          ),
        ),
      this.db
        .select({ n: sql<number>`count(*)::int`, total })
        .from(chainWithdrawals)
        .where(and(eq(chainWithdrawals.userId, w.userId), eq(chainWithdrawals.status, 'completed'))),
      this.db
        .select({
          n: sql<number>`count(*)::int`,
          total: sql<string>`coalesce(sum(${chainDeposits.amount}), 0)::text`,
        })
        .from(chainDeposits)
        .where(and(eq(chainDeposits.userId, w.userId), eq(chainDeposits.status, 'credited'))),
    ]);
    const explorer = this.chain.networks.find((n) => n.network === w.network)?.explorerTxUrl ?? null;
    return {
      ...presentWithdrawal(w),
      userId: w.userId,
      memberId: u?.memberId ?? '',
      nickName: u?.nickName ?? '',
      risk: {
        newAddress: Number(earlier?.n ?? 0) === 0,
        credentialsChangedAt: u?.changed ? u.changed.toISOString() : null,
        total24h: formatUsdt(micro(BigInt(day?.total ?? '0'))),
        completedWithdrawals: Number(done?.n ?? 0),
        completedTotal: formatUsdt(micro(BigInt(done?.total ?? '0'))),
        creditedDeposits: Number(dep?.n ?? 0),
        depositTotal: formatUsdt(micro(BigInt(dep?.total ?? '0'))),
        memberSince: (u?.since ?? w.createTime).toISOString(),
      },
      txUrl: explorer && w.txHash ? explorer.replace('{hash}', w.txHash) : null,
    };
  }

  async adminPage(opts: {
    page: number;
    size: number;
    status?: WithdrawalStatus | undefined;
    userId?: number | undefined;
    network?: Network | undefined;
    sort: 'id' | 'amount';
    order: 'asc' | 'desc';
  }) {
    const conditions = [
      opts.status ? eq(chainWithdrawals.status, opts.status) : undefined,
      opts.userId ? eq(chainWithdrawals.userId, opts.userId) : undefined,
      opts.network ? eq(chainWithdrawals.network, opts.network) : undefined,
    ].filter((c) => c !== undefined);
    const where = conditions.length ? and(...conditions) : undefined;
    const column = opts.sort === 'amount' ? chainWithdrawals.amount : chainWithdrawals.id;
    const dir = opts.order === 'asc' ? asc : desc;
    const rows = await this.db
      .select()
      .from(chainWithdrawals)
      .where(where)
      .orderBy(dir(column), dir(chainWithdrawals.id))
      .limit(opts.size)
      .offset((opts.page - 1) * opts.size);
    const [count] = await this.db
      .select({ n: sql<number>`COUNT(*)::int` })
      .from(chainWithdrawals)
      .where(where);
    const list = await Promise.all(rows.map((r) => this.presentAdmin(r)));
    return { list, pagination: { page: opts.page, size: opts.size, total: Number(count?.n ?? 0) } };
  }

  /** Support approves (→ approved, the broadcaster sends it) or rejects (→ rejected, unfrozen) a reviewing one. */
  async review(reviewerId: number, id: number, decision: 'approve' | 'reject', reason = '') {
    const row = await this.db.transaction(async (tx) => {
      const [w] = await tx.select().from(chainWithdrawals).where(eq(chainWithdrawals.id, id)).for('update');
      if (!w) throw new AppError(ErrorCode.WithdrawalNotFound);
      if (w.status !== 'reviewing') throw new AppError(ErrorCode.WithdrawalNotReviewable);
      // Separation of duties: nobody reviews their own withdrawal.
      if (w.userId === reviewerId) throw new AppError(ErrorCode.DutySeparation);
      if (decision === 'approve') await assertNotFrozen(tx, w.userId);
      await recordAudit(tx, {
        actorId: reviewerId,
        action: decision === 'approve' ? 'usdt:withdrawal:approve' : 'usdt:withdrawal:reject',
        targetUserId: w.userId,
        amount: w.amount,
        reason: `#${w.id} ${w.network} ${w.address}${reason ? `: ${reason}` : ''}`.slice(0, 200),
      });
      if (decision === 'reject') return closeWithdrawal(tx, w, 'rejected', { reviewerId, reason });
      const [updated] = await tx
        .update(chainWithdrawals)
        .set({ status: 'approved', reviewerId, reason, updateTime: new Date() })
        .where(eq(chainWithdrawals.id, id))
        .returning();
      return updated!;
    });
    this.realtime.emitToUser(row.userId, 'chain', presentWithdrawal(row));
    return this.presentAdmin(row);
  }

  /** The networks the development faucet can send on: enabled with a faucet key, none in production. */
  faucetNetworks(): Network[] {
    if (this.production) return [];
    return this.chain.networks
      .filter((n) => n.enabled && n.faucetKey && this.chain.adapter(n.network) && this.chain.hd)
      .map((n) => n.network);
  }

  /** Development faucet: test USDT from an outside account to the member's deposit address. */
  async faucet(input: { userId: number; network: Network; amount: string }) {
    if (this.production) throw new AppError(ErrorCode.Forbidden);
    const { adapter, config } = this.enabled(input.network);
    if (!config.faucetKey) throw new AppError(ErrorCode.FaucetUnavailable);
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError(ErrorCode.MemberNotFound);
    const { address } = await this.address(input.userId, input.network);
    const txHash = await adapter.faucet(config.faucetKey, address, parseUsdt(input.amount));
    return { network: input.network, address, txHash };
  }
}
