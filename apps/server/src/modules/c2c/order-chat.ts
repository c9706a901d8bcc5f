import { randomInt, randomUUID } from 'node:crypto';
import { cents, formatFiat } from '@chatpay/shared';
import type { Tx } from '../../db/connection.ts';
import {
  addSessionMembers,
  createSession,
  postNotice,
  type StoredMessage,
  storeMessage,
} from '../chat/index.ts';
import type { AdRow, OrderRow } from './present.ts';

/**
 * The public order number: `YYMMDD` (UTC) and 12 random digits, so members never see a guessable 1, 2, 3.
 * The internal id stays the key between tables; the unique index catches the (1 in 10^12 a day) clash.
 */
export const newOrderNo = (now: Date) => {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const random = `${randomInt(1_000_000).toString().padStart(6, '0')}${randomInt(1_000_000).toString().padStart(6, '0')}`;
  return `${day}${random}`;
};

/**
 * Each order has its own chat: a single session of kind `mcc` (trade contact: no friendship needed) keyed
 * `order:<id>`, with the buyer and the seller, titled after the order (`trade`). Support is not a member
 * (docs/design/market.md, "Order chat"). At start it gets, in order: the start notice, the seller's payment
 * details as a card (`c2c.payee`), the ad's terms (`c2c.terms`) and the merchant's welcome message, a text
 * from the merchant marked as an auto-reply. All of it stays in the chat as evidence for support.
 */
export const openOrderChat = async (tx: Tx, order: OrderRow, ad: AdRow, actorId: number) => {
  const sessionId = await createSession(tx, {
    type: 'single',
    kind: 'mcc',
    pairKey: `order:${order.id}`,
    trade: { orderId: order.id, orderNo: order.orderNo },
  });
  await addSessionMembers(tx, sessionId, [order.buyerId, order.sellerId]);
  const base = { orderId: order.id, orderNo: order.orderNo };
  const notices = [
    await postNotice(tx, {
      sessionId,
      senderId: actorId,
      key: `c2c:${order.id}:start`,
      content: { type: 'c2c.order', ...base, text: `Order ${order.orderNo} created` },
    }),
    await postNotice(tx, {
      sessionId,
      senderId: order.sellerId,
      key: `c2c:${order.id}:payee`,
      content: {
        type: 'c2c.payee',
        ...base,
        amountFiat: formatFiat(cents(order.amountFiat)),
        payee: order.payee,
        text: `Payment details: ${Object.values(order.payee).join(' · ')}`,
      },
    }),
  ];
  if (ad.terms) {
    notices.push(
      await postNotice(tx, {
        sessionId,
        senderId: ad.userId,
        key: `c2c:${order.id}:terms`,
        content: { type: 'c2c.terms', ...base, terms: ad.terms, text: `Terms: ${ad.terms}` },
      }),
    );
  }
  if (ad.autoReply) {
    notices.push(
      await storeMessage(tx, {
        sessionId,
        senderId: ad.userId,
        clientMsgId: `c2c:${order.id}:welcome`,
        contentType: 'text',
        content: { text: ad.autoReply },
        isAutoReply: true,
      }),
    );
  }
  return { sessionId, notices };
};

/** Who appealed or decided, so the chat can label it ("Seller appealed: …", "Support decided: …"). */
type NoticeExtra = { by?: 'buyer' | 'seller'; reasonCode?: string; result?: string };

/** A notice in the order chat (appeal opened, support's resolution); null for an order without a chat. */
export const orderNotice = async (
  tx: Tx,
  order: OrderRow,
  senderId: number,
  type: string,
  text: string,
  extra: NoticeExtra = {},
): Promise<StoredMessage | null> => {
  if (order.sessionId === null) return null;
  return postNotice(tx, {
    sessionId: order.sessionId,
    senderId,
    key: `c2c:${order.id}:${type}:${randomUUID()}`,
    content: { type, orderId: order.id, orderNo: order.orderNo, status: order.status, text, ...extra },
  });
};
