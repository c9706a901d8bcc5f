import { and, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/connection.ts';
import type { RefDescriber } from '../../http/ports.ts';
import { users } from '../user/index.ts';
import { payOrders } from './tables.ts';

const payer = alias(users, 'payer');
const payee = alias(users, 'payee');

/**
 * The wallet history's view of pay-desk orders: the order number, its state and the other side
 * (the shop for the member who paid, the member for the merchant). Orders I neither paid nor sold are absent.
 */
export const describePayOrders: RefDescriber = async (exec: Executor, userId, ids) => {
  if (ids.length === 0) return new Map();
  const rows = await exec
    .select({
      orderNo: payOrders.orderNo,
      status: payOrders.status,
      userId: payOrders.userId,
      payer: { memberId: payer.memberId, nickName: payer.nickName },
      payee: { memberId: payee.memberId, nickName: payee.nickName },
    })
    .from(payOrders)
    .leftJoin(payer, eq(payer.id, payOrders.userId))
    .leftJoin(payee, eq(payee.id, payOrders.payeeId))
    .where(
      and(inArray(payOrders.orderNo, ids), or(eq(payOrders.userId, userId), eq(payOrders.payeeId, userId))),
    );
  return new Map(
    rows.map((o) => {
      const other = o.userId === userId ? o.payee : o.payer;
      return [
        o.orderNo,
        {
          no: o.orderNo,
          status: o.status,
          counterparty: other?.memberId ? other : null,
          fee: null,
          txHash: null,
        },
      ] as const;
    }),
  );
};
