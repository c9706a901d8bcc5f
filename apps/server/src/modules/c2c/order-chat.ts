import { randomInt, randomUUID } from 'node:crypto';
import { cents, ErrorCode, formatFiat } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type FirstMessage,
  noticeMessage,
  openSessionWithMessages,
  postNotice,
  type StoredMessage,
} from '../chat/index.ts';
import { type AdRow, c2cAds, c2cOrders, type OrderRow } from './tables.ts';

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
const firstMessages = (order: OrderRow, ad: AdRow, actorId: number): FirstMessage[] => {
  const base = { orderId: order.id, orderNo: order.orderNo };
  const messages = [
    noticeMessage({
      senderId: actorId,
      key: `c2c:${order.id}:start`,
      content: { type: 'c2c.order', ...base, text: `Order ${order.orderNo} created` },
    }),
    noticeMessage({
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
    messages.push(
      noticeMessage({
        senderId: ad.userId,
        key: `c2c:${order.id}:terms`,
        content: { type: 'c2c.terms', ...base, terms: ad.terms, text: `Terms: ${ad.terms}` },
      }),
    );
  }
  if (ad.autoReply) {
    messages.push({
      senderId: ad.userId,
      clientMsgId: `c2c:${order.id}:welcome`,
      contentType: 'text',
      content: { text: ad.autoReply },
      isAutoReply: true,
    });
  }
  return messages;
};

/** The order chat with its members and first messages, in one statement; answers them to deliver. */
const openOrderChat = async (tx: Tx, order: OrderRow, ad: AdRow, actorId: number) => {
  const { sessionId, stored } = await openSessionWithMessages(tx, {
    type: 'single',
    kind: 'mcc',
    pairKey: `order:${order.id}`,
    trade: { orderId: order.id, orderNo: order.orderNo },
    memberIds: [order.buyerId, order.sellerId],
    messages: firstMessages(order, ad, actorId),
  });
  return { sessionId, notices: stored };
};

/**
 * Writes an order's chat if it has none yet, and answers the order with its session and the notices to
 * deliver after the commit (none when it already had one). Start's second step, after the money commit, and
 * the repair of an order whose process died between the two (docs/design/market.md, "Starting an order"):
 * the order row lock and the re-check make it happen once, whoever comes first. `ad` saves a read when the
 * caller holds the row it checked.
 */
export const ensureOrderChat = async (
  tx: Tx,
  orderId: number,
  ad?: AdRow,
): Promise<{ order: OrderRow; notices: StoredMessage[] }> => {
  const [order] = await tx.select().from(c2cOrders).where(eq(c2cOrders.id, orderId)).for('update');
  if (!order) throw new AppError(ErrorCode.OrderNotFound);
  if (order.sessionId !== null) return { order, notices: [] };
  const [adRow] =
    ad?.id === order.adId ? [ad] : await tx.select().from(c2cAds).where(eq(c2cAds.id, order.adId));
  // The taker opened the order: the buyer of a sell ad, the seller of a buy ad.
  const takerId = order.type === 'sell' ? order.buyerId : order.sellerId;
  const { sessionId, notices } = await openOrderChat(tx, order, adRow!, takerId);
  const [withChat] = await tx
    .update(c2cOrders)
    .set({ sessionId })
    .where(eq(c2cOrders.id, order.id))
    .returning();
  return { order: withChat!, notices };
};

/** Who appealed or decided, so the chat can label it ("Seller appealed: …", "Support decided: …"). */
type NoticeExtra = { by?: 'buyer' | 'seller'; reasonCode?: string; result?: string };

/**
 * A notice in the order chat (appeal opened, support's resolution), in the caller's transaction that holds the
 * order row lock. An order whose chat was never written (its start died after the money commit) gets it first,
 * so the notice is never lost. Answers every message to deliver after the commit.
 */
export const orderNotice = async (
  tx: Tx,
  order: OrderRow,
  senderId: number,
  type: string,
  text: string,
  extra: NoticeExtra = {},
): Promise<StoredMessage[]> => {
  const chat = order.sessionId === null ? await ensureOrderChat(tx, order.id) : null;
  const notice = await postNotice(tx, {
    sessionId: chat?.order.sessionId ?? order.sessionId!,
    senderId,
    key: `c2c:${order.id}:${type}:${randomUUID()}`,
    content: { type, orderId: order.id, orderNo: order.orderNo, status: order.status, text, ...extra },
  });
  return [...(chat?.notices ?? []), notice];
};
