import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/connection.ts';
import { chatMembers, chatSessions } from '../../db/schema/index.ts';
import { type StoredMessage, storeMessage } from '../chat/message/store.ts';
import type { OrderRow } from './present.ts';

/**
 * Each order has its own chat: a single session of kind `mcc` (trade contact: no friendship needed) keyed
 * `order:<id>`, with the buyer and the seller. Support is not a member (docs/design/market.md, "Order chat").
 */
export const openOrderChat = async (tx: Tx, order: OrderRow, actorId: number) => {
  const [session] = await tx
    .insert(chatSessions)
    .values({ type: 'single', kind: 'mcc', pairKey: `order:${order.id}` })
    .returning();
  await tx.insert(chatMembers).values([
    { sessionId: session!.id, userId: order.buyerId },
    { sessionId: session!.id, userId: order.sellerId },
  ]);
  const notice = await storeMessage(tx, {
    sessionId: session!.id,
    senderId: actorId,
    clientMsgId: `c2c:${order.id}:start`,
    contentType: 'notice',
    content: { type: 'c2c.order', orderId: order.id, text: `Order ${order.id} created` },
  });
  return { sessionId: session!.id, notice };
};

/** A notice in the order chat (appeal opened, support's resolution); null for an order without a chat. */
export const orderNotice = async (
  tx: Tx,
  order: OrderRow,
  senderId: number,
  type: string,
  text: string,
): Promise<StoredMessage | null> => {
  if (order.sessionId === null) return null;
  return storeMessage(tx, {
    sessionId: order.sessionId,
    senderId,
    clientMsgId: `c2c:${order.id}:${type}:${randomUUID()}`,
    contentType: 'notice',
    content: { type, orderId: order.id, status: order.status, text },
  });
};
