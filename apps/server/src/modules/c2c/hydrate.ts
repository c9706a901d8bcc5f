import type { MerchantStats, OrderStatus } from '@chatpay/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { kycMembers } from '../kyc/index.ts';
import { users } from '../user/index.ts';
import { statsOf } from './stats.ts';
import { type AdRow, c2cAds, c2cFeedback, c2cMerchants, c2cOrders, type OrderRow } from './tables.ts';
import { trustedAmong } from './trusted.ts';

/**
 * The reads a presentation needs besides its own rows, batched for a whole list (present.ts shapes them and
 * never queries). Each hydration is a fixed number of statements whatever the list's length.
 */

export const OPEN_STATUSES: OrderStatus[] = ['pending', 'payment', 'appealing'];

/** What ads show besides their own row: the owners, their stats, open orders and whether the viewer trusts them. */
export interface AdHydration {
  owners: Map<
    number,
    {
      nickName: string;
      avatar: string;
      name: string | null;
      online: boolean | null;
      hoursFrom: number | null;
      hoursTo: number | null;
    }
  >;
  stats: Map<number, MerchantStats>;
  openOrders: Map<number, number>;
  trusted: Set<number>;
}

/** Four statements (three without a viewer): owners with their merchant row, stats, open orders, trust. */
export const hydrateAds = async (exec: Executor, rows: AdRow[], viewerId?: number): Promise<AdHydration> => {
  const owners = [...new Set(rows.map((r) => r.userId))];
  if (rows.length === 0)
    return { owners: new Map(), stats: new Map(), openOrders: new Map(), trusted: new Set() };
  const [people, stats, open, trusted] = await Promise.all([
    exec
      .select({
        id: users.id,
        nickName: users.nickName,
        avatar: users.avatar,
        name: c2cMerchants.name,
        online: c2cMerchants.online,
        hoursFrom: c2cMerchants.hoursFrom,
        hoursTo: c2cMerchants.hoursTo,
      })
      .from(users)
      .leftJoin(c2cMerchants, eq(c2cMerchants.userId, users.id))
      .where(inArray(users.id, owners)),
    statsOf(exec, owners),
    exec
      .select({ adId: c2cOrders.adId, n: sql<number>`count(*)::int` })
      .from(c2cOrders)
      .where(
        and(
          inArray(
            c2cOrders.adId,
            rows.map((r) => r.id),
          ),
          inArray(c2cOrders.status, OPEN_STATUSES),
        ),
      )
      .groupBy(c2cOrders.adId),
    viewerId === undefined ? new Set<number>() : trustedAmong(exec, viewerId, owners),
  ]);
  return {
    owners: new Map(people.map(({ id, ...p }) => [id, p])),
    stats,
    openOrders: new Map(open.map((o) => [o.adId, o.n])),
    trusted,
  };
};

export interface OrderParty {
  userId: number;
  memberId: string;
  nickName: string;
  avatar: string;
  /** The verified legal name (docs/design/identity.md), null when not verified. */
  realName: string | null;
}

/** What orders show besides their own row: the parties, the ad's terms and the feedback left on them. */
export interface OrderHydration {
  people: OrderParty[];
  terms: Map<number, string>;
  feedback: (typeof c2cFeedback.$inferSelect)[];
}

/** The parties with their verified names: one statement (a read-only join of the kyc module's table). */
const partiesOf = (exec: Executor, rows: OrderRow[]) =>
  exec
    .select({
      userId: users.id,
      memberId: users.memberId,
      nickName: users.nickName,
      avatar: users.avatar,
      realName: kycMembers.realName,
    })
    .from(users)
    .leftJoin(kycMembers, eq(kycMembers.userId, users.id))
    .where(inArray(users.id, [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]));

/** Three statements: the parties, the ads' terms, the feedback. */
export const hydrateOrders = async (exec: Executor, rows: OrderRow[]): Promise<OrderHydration> => {
  if (rows.length === 0) return { people: [], terms: new Map(), feedback: [] };
  const [people, ads, feedback] = await Promise.all([
    partiesOf(exec, rows),
    exec
      .select({ id: c2cAds.id, terms: c2cAds.terms })
      .from(c2cAds)
      .where(
        inArray(
          c2cAds.id,
          rows.map((r) => r.adId),
        ),
      ),
    exec
      .select()
      .from(c2cFeedback)
      .where(
        inArray(
          c2cFeedback.orderId,
          rows.map((r) => r.id),
        ),
      ),
  ]);
  return { people, terms: new Map(ads.map((a) => [a.id, a.terms])), feedback };
};

/**
 * An order its start just wrote, on the ad row the start committed against: the terms are that ad's and
 * nobody left feedback yet, so only the parties are read (the market start's statement count is pinned by
 * test/c2c/orders.test.ts).
 */
export const hydrateStartedOrder = async (
  exec: Executor,
  row: OrderRow,
  ad: AdRow,
): Promise<OrderHydration> => ({
  people: await partiesOf(exec, [row]),
  terms: new Map([[ad.id, ad.terms]]),
  feedback: [],
});
