import { formatUsdt, micro, type Network } from '@chatpay/shared';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { ChainRuntime } from './runtime.ts';
import { chainDeposits, chainWithdrawals } from './tables.ts';

/** Withdrawals whose tokens have left the hot wallet (mined or being confirmed). */
const SENT = ['confirming', 'completed'] as const;
/** Deposits that are ours on chain (credited, or kept below the minimum). */
const HELD = ['credited', 'below_minimum'] as const;
/** How long the dashboard waits for a node before showing the balance as unknown. */
const NODE_TIMEOUT_MS = 3_000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([
    work.catch(() => null),
    new Promise<null>((resolve) => {
      setTimeout(() => resolve(null), ms).unref();
    }),
  ]);

const sumOf = (rows: { total: string | null }[]) => BigInt(rows[0]?.total ?? '0');

/**
 * The chain's numbers for the operator console: 24 h deposit and withdrawal volume, a day-by-day
 * series for the charts, and per enabled network the hot wallet's token balance read from the node through the
 * adapter, next to what the chain tables say came in and went out on that network (docs/design/chain.md,
 * invariant 5: on-chain tokens = float + deposits held − withdrawals sent).
 */
export const chainStats = async (db: Db, chain: ChainRuntime, now: Date, days: number) => {
  const since24h = new Date(now.getTime() - 24 * 3600 * 1000);
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const depositSum = sql<string>`COALESCE(SUM(${chainDeposits.amount}), 0)::text`;
  const withdrawalSum = sql<string>`COALESCE(SUM(${chainWithdrawals.amount}), 0)::text`;
  const depositDay = sql<string>`to_char(${chainDeposits.updateTime} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const withdrawalDay = sql<string>`to_char(${chainWithdrawals.updateTime} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const [dep24, wd24, depDaily, wdDaily, depByNet, wdByNet] = await Promise.all([
    db
      .select({ total: depositSum })
      .from(chainDeposits)
      .where(and(eq(chainDeposits.status, 'credited'), gte(chainDeposits.updateTime, since24h))),
    db
      .select({ total: withdrawalSum })
      .from(chainWithdrawals)
      .where(and(inArray(chainWithdrawals.status, SENT), gte(chainWithdrawals.updateTime, since24h))),
    db
      .select({ day: depositDay, total: depositSum })
      .from(chainDeposits)
      .where(and(eq(chainDeposits.status, 'credited'), gte(chainDeposits.updateTime, firstDay)))
      .groupBy(depositDay),
    db
      .select({ day: withdrawalDay, total: withdrawalSum })
      .from(chainWithdrawals)
      .where(and(inArray(chainWithdrawals.status, SENT), gte(chainWithdrawals.updateTime, firstDay)))
      .groupBy(withdrawalDay),
    db
      .select({ network: chainDeposits.network, total: depositSum })
      .from(chainDeposits)
      .where(inArray(chainDeposits.status, HELD))
      .groupBy(chainDeposits.network),
    db
      .select({ network: chainWithdrawals.network, total: withdrawalSum })
      .from(chainWithdrawals)
      .where(inArray(chainWithdrawals.status, SENT))
      .groupBy(chainWithdrawals.network),
  ]);
  const daily = Array.from({ length: days }, (_, i) => {
    const day = new Date(firstDay.getTime() + i * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const dep = depDaily.find((r) => r.day === day)?.total ?? '0';
    const wd = wdDaily.find((r) => r.day === day)?.total ?? '0';
    return { day, deposits: formatUsdt(micro(BigInt(dep))), withdrawals: formatUsdt(micro(BigInt(wd))) };
  });
  const hd = chain.hd;
  const hotWallets = await Promise.all(
    chain.networks
      .filter((n) => n.enabled)
      .map(async (n) => {
        const adapter = chain.adapter(n.network);
        const address = adapter && hd ? adapter.hotAddress(hd) : null;
        const balance =
          adapter && address ? await withTimeout(adapter.tokenBalance(address), NODE_TIMEOUT_MS) : null;
        const held = BigInt(depByNet.find((r) => r.network === n.network)?.total ?? '0');
        const sent = BigInt(wdByNet.find((r) => r.network === n.network)?.total ?? '0');
        return {
          network: n.network as Network,
          address,
          onChain: balance === null ? null : formatUsdt(micro(balance)),
          depositsHeld: formatUsdt(micro(held)),
          withdrawalsSent: formatUsdt(micro(sent)),
          /** Deposits held less withdrawals sent: what this network owes the books before the float. */
          books: formatUsdt(micro(held - sent)),
        };
      }),
  );
  return {
    deposits24h: formatUsdt(micro(sumOf(dep24))),
    withdrawals24h: formatUsdt(micro(sumOf(wd24))),
    daily,
    hotWallets,
  };
};
