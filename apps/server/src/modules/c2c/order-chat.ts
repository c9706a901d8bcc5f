import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/connection.ts';
import { addSessionMembers, createSession, postNotice, type StoredMessage } from '../chat/index.ts';
import type { OrderRow } from './present.ts';

/**
 * Each order has its own chat: a single session of kind `mcc` (trade contact: no friendship needed) keyed
 * `order:<id>`, with the buyer and the seller. Support is not a member (docs/design/market.md, "Order chat").
 */
export const openOrderChat = async (tx: Tx, order: OrderRow, actorId: number) => {
  const sessionId = await createSession(tx, { type: 'single', kind: 'mcc', pairKey: `order:${order.id}` });
  await addSessionMembers(tx, sessionId, [order.buyerId, order.sellerId]);
  const notice = await postNotice(tx, {
    sessionId,
    senderId: actorId,
    key: `c2c:${order.id}:start`,
    content: { type: 'c2c.order', orderId: order.id, text: `Order ${order.id} created` },
  });
  return { sessionId, notice };
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
  return postNotice(tx, {
    sessionId: order.sessionId,
    senderId,
    key: `c2c:${order.id}:${type}:${randomUUID()}`,
    content: { type, orderId: order.id, status: order.status, text },
  });
};
