import { ErrorCode, formatUsdt, micro, parseUsdt } from '@chatpay/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { levelSql, type WithdrawalLimits, withdrawalLimits } from '../kyc/index.ts';
import { credentialsChangedAt, users } from '../user/index.ts';
import { memberOutflows } from './tables.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** Advisory transaction lock (with the member's id) that serialises one member's outgoing operations. */
const OUTFLOW_LOCK = 72_173_160;

/** How value leaves a member. Withdrawals count toward the daily limit; their hold is a review, not a refusal. */
export type OutflowChannel = 'transfer' | 'chat-transfer' | 'redpacket' | 'c2c' | 'paydesk' | 'withdrawal';

export interface OutflowPolicy {
  /** Hours after a password or PIN change during which internal sending is capped (0: off). */
  holdHours: number;
  /** What may still go to other members in total during that hold, in micro-USDT. */
  holdAllowance: bigint;
  /** What may leave in any 24 hours, all channels together, in micro-USDT (0n: no limit). */
  dailyLimit: bigint;
  /**
   * What may be withdrawn in any 24 hours at each identity verification level (docs/design/identity.md,
   * "Levels"), in micro-USDT (0n: no cap of the level's own).
   */
  withdrawalByLevel: WithdrawalLimits;
}

export const outflowPolicy = (
  config: {
    WITHDRAWAL_HOLD_HOURS: number;
    OUTFLOW_HOLD_ALLOWANCE_USDT: number;
    OUTFLOW_DAILY_LIMIT_USDT: number;
  } & Parameters<typeof withdrawalLimits>[0],
): OutflowPolicy => ({
  holdHours: config.WITHDRAWAL_HOLD_HOURS,
  holdAllowance: parseUsdt(String(config.OUTFLOW_HOLD_ALLOWANCE_USDT)),
  dailyLimit: parseUsdt(String(config.OUTFLOW_DAILY_LIMIT_USDT)),
  withdrawalByLevel: withdrawalLimits(config),
});

interface StateRow {
  counted: boolean;
  changed: string | Date | null;
  since_change: string;
  today: string;
  withdrawn_today: string;
  level: number | string;
}

export interface Outflow {
  userId: number;
  channel: OutflowChannel;
  /** Micro-USDT, positive. */
  amount: bigint;
  /** The operation's business key: a replay of a counted operation passes and is not counted again. */
  key: string;
}

/**
 * The one rule every path that sends a member's money out calls, inside the operation's transaction and before
 * the ledger posting: the hold after a credential change, the rolling 24 h limit and, for withdrawals, the
 * 24 h withdrawal amount of the member's verification level. The member's advisory
 * lock makes concurrent sends of one member wait for each other, so they cannot both pass under a limit; the
 * row it writes commits or rolls back with the operation.
 */
export class OutflowGuard {
  constructor(
    private readonly policy: OutflowPolicy,
    private readonly clock: Clock,
  ) {}

  /** When the hold after the member's last password or PIN change ends, if it still runs. */
  async holdEnd(tx: Executor, userId: number, now = this.clock.now()): Promise<Date | null> {
    if (this.policy.holdHours <= 0) return null;
    return this.endOfHold(await credentialsChangedAt(tx, userId), now);
  }

  async check(tx: Tx, outflow: Outflow): Promise<void> {
    const { userId, channel, amount, key } = outflow;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${OUTFLOW_LOCK}, ${userId})`);
    const now = this.clock.now();
    const state = await this.stateOf(tx, userId, key, now);
    if (state.counted) return;
    if (channel !== 'withdrawal') this.checkHold(state, amount, now);
    else this.checkLevelLimit(state.level, state.withdrawnToday, amount);
    this.checkDailyLimit(state.sentToday, amount);
    await tx.insert(memberOutflows).values({ userId, channel, amount, key, createTime: now });
  }

  /**
   * In one read: whether this operation is counted already, the last credential change, what went to other
   * members since it, what left and what was withdrawn in the last 24 hours, and the verification level.
   */
  private async stateOf(tx: Tx, userId: number, key: string, now: Date) {
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const sum = (where: SQL) =>
      sql<string>`(SELECT coalesce(sum(amount), 0) FROM ${memberOutflows} WHERE user_id = ${userId} AND ${where})::text`;
    const result = await tx.execute(sql`
      SELECT
        EXISTS (SELECT 1 FROM ${memberOutflows} WHERE key = ${key}) AS counted,
        u.credentials_changed_at AS changed,
        ${sum(sql`channel <> 'withdrawal' AND create_time >= u.credentials_changed_at`)} AS since_change,
        ${sum(sql`create_time >= ${dayAgo.toISOString()}`)} AS today,
        ${sum(sql`channel = 'withdrawal' AND create_time >= ${dayAgo.toISOString()}`)} AS withdrawn_today,
        ${levelSql(userId)} AS level
      FROM ${users} u WHERE u.id = ${userId}`);
    const row = (result as unknown as { rows: StateRow[] }).rows[0];
    const changed = row?.changed ? new Date(row.changed) : null;
    return {
      counted: Boolean(row?.counted),
      holdEnd: this.endOfHold(changed, now),
      sentSinceChange: BigInt(row?.since_change ?? '0'),
      sentToday: BigInt(row?.today ?? '0'),
      withdrawnToday: BigInt(row?.withdrawn_today ?? '0'),
      level: Number(row?.level ?? 0),
    };
  }

  private endOfHold(changed: Date | null, now: Date): Date | null {
    if (this.policy.holdHours <= 0 || !changed) return null;
    const end = new Date(changed.getTime() + this.policy.holdHours * HOUR_MS);
    return end > now ? end : null;
  }

  private checkHold(state: { holdEnd: Date | null; sentSinceChange: bigint }, amount: bigint, now: Date) {
    const until = state.holdEnd;
    if (!until || until <= now) return;
    const sent = state.sentSinceChange;
    if (sent + amount <= this.policy.holdAllowance) return;
    const left = this.policy.holdAllowance > sent ? this.policy.holdAllowance - sent : 0n;
    throw new AppError(
      ErrorCode.OutflowHeld,
      `Your password or PIN changed recently: until ${until.toISOString()} you can send at most ${formatUsdt(micro(left))} USDT more to other members`,
      { until: until.toISOString(), remaining: formatUsdt(micro(left)) },
    );
  }

  /** A withdrawal past what the member's level may withdraw in 24 hours: verifying raises it. */
  private checkLevelLimit(level: number, withdrawn: bigint, amount: bigint) {
    const limit = this.policy.withdrawalByLevel[level === 1 || level === 2 ? level : 0];
    if (limit <= 0n || withdrawn + amount <= limit) return;
    const left = limit > withdrawn ? limit - withdrawn : 0n;
    throw new AppError(
      ErrorCode.WithdrawalLevelLimit,
      `At verification level ${level} you can withdraw ${formatUsdt(micro(limit))} USDT in 24 hours: ${formatUsdt(micro(left))} USDT is left now`,
      { level, limit: formatUsdt(micro(limit)), remaining: formatUsdt(micro(left)) },
    );
  }

  private checkDailyLimit(sent: bigint, amount: bigint) {
    const limit = this.policy.dailyLimit;
    if (limit <= 0n || sent + amount <= limit) return;
    const left = limit > sent ? limit - sent : 0n;
    throw new AppError(
      ErrorCode.OutflowLimitReached,
      `You can send ${formatUsdt(micro(limit))} USDT in 24 hours: ${formatUsdt(micro(left))} USDT is left now`,
      { limit: formatUsdt(micro(limit)), remaining: formatUsdt(micro(left)) },
    );
  }
}

/** An operation that gave its money back (a withdrawal rejected by support or failed on chain) stops counting. */
export const releaseOutflow = async (tx: Tx, key: string): Promise<void> => {
  await tx.delete(memberOutflows).where(eq(memberOutflows.key, key));
};
