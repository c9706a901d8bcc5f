import { and, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connection.ts';
import type { RefDescriber } from '../../http/ports.ts';
import { users } from '../user/index.ts';
import { c2cOrders } from './tables.ts';

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/**
 * The wallet history's view of my orders: the order number I see, its state, the other trader and,
 * for the buyer, the charge taken from the coins. Orders I am not a party to are absent.
 */
export const describeOrders: RefDescriber = async (exec: Executor, userId, ids) => {
  const numeric = ids.map(Number).filter((n) => Number.isSafeInteger(n));
  if (numeric.length === 0) return new Map();
  const rows = await exec
    .select({
      id: c2cOrders.id,
      orderNo: c2cOrders.orderNo,
      status: c2cOrders.status,
      buyerId: c2cOrders.buyerId,
      charge: c2cOrders.charge,
      buyer: { memberId: buyer.memberId, nickName: buyer.nickName },
      seller: { memberId: seller.memberId, nickName: seller.nickName },
    })
    .from(c2cOrders)
    .innerJoin(buyer, eq(buyer.id, c2cOrders.buyerId))
    .innerJoin(seller, eq(seller.id, c2cOrders.sellerId))
    .where(
      and(inArray(c2cOrders.id, numeric), or(eq(c2cOrders.buyerId, userId), eq(c2cOrders.sellerId, userId))),
    );
  return new Map(
    rows.map((o) => {
      const iBuy = o.buyerId === userId;
      return [
        String(o.id),
        {
          no: o.orderNo,
          status: o.status,
          counterparty: iBuy ? o.seller : o.buyer,
          fee: iBuy && o.charge > 0n ? o.charge : null,
          txHash: null,
        },
      ] as const;
    }),
  );
};
