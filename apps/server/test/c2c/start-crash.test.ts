import { randomUUID } from 'node:crypto';
import { messageApi, transactionApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startCrashPoint } from '../../src/modules/c2c/orders.ts';
import { useTestApp } from '../helpers/app.ts';
import { balanceOf, type TestUser } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { createAd, createMerchant, createTrader, expectBooks } from './factories.ts';

/**
 * A start commits the money first and writes the order chat in a second transaction
 * (docs/design/market.md, "Starting an order"). A process that dies between the two leaves an order with its
 * escrow and no chat; these tests stand for that death with the crash point after the money commit and prove
 * the order still gets its chat and notices: from the job, from a retried start, and on first read.
 */
const t = useTestApp();
const idle = startCrashPoint.afterMoneyCommit;
afterEach(() => {
  startCrashPoint.afterMoneyCommit = idle;
});
afterAll(async () => {
  await expectBooks(t);
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A start on `adId` whose process "dies" right after the money commit: no answer reaches the client. */
const startThatDies = async (buyer: TestUser, adId: number, requestId: string) => {
  startCrashPoint.afterMoneyCommit = async () => {
    throw new Error('process died after the money commit');
  };
  const res = await t.call(transactionApi.start, { adId, amountCoin: '10', requestId }, buyer.token);
  startCrashPoint.afterMoneyCommit = idle;
  expect(res.code).not.toBe(1000);
  const [order] = await rows<{ id: number; session_id: number | null }>(
    sql`SELECT id, session_id FROM c2c_orders WHERE request_key = ${`${buyer.id}:${requestId}`}`,
  );
  // The money step committed: the order exists, its escrow entry too, and it has no chat yet.
  expect(order).toBeDefined();
  expect(order!.session_id).toBeNull();
  const [entry] = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key = ${`c2c:order:${order!.id}:start`}`,
  );
  expect(entry!.n).toBe(1);
  return order!.id;
};

/** The chat's messages in order, as [contentType, notice type]. */
const chatOf = async (viewer: TestUser, sessionId: number) => {
  const { list } = await t.ok(messageApi.page, { sessionId }, viewer.token);
  return [...list].sort((a, b) => a.seq - b.seq).map((m) => [m.contentType, m.content.type ?? null]);
};
const FULL_CHAT = [
  ['notice', 'c2c.order'],
  ['notice', 'c2c.payee'],
  ['notice', 'c2c.terms'],
  ['text', null],
];

describe('a start whose process dies after the money commit', () => {
  const setup = async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant, { terms: 'Own account only', autoReply: 'Hi, I release fast.' });
    const buyer = await createTrader(t);
    return { merchant, ad, buyer };
  };

  it('the c2c-order-chats job writes its chat and delivers the notices to both parties', async () => {
    const { merchant, ad, buyer } = await setup();
    const buyerSocket = await connectSocket(t, buyer.token);
    const sellerSocket = await connectSocket(t, merchant.token);
    const buyerMessages = recorder(buyerSocket, 'message');
    const sellerStatus = recorder(sellerSocket, 'onC2COrderStatus');
    try {
      const id = await startThatDies(buyer, ad.id, randomUUID());
      // The money is where it belongs while the chat is missing.
      expect(await balanceOf(t, merchant)).toMatchObject({ frozen: '90.00' });
      await expectBooks(t);

      expect(await t.jobs.runNow('c2c-order-chats')).toBe(1);
      const [order] = await rows<{ session_id: number | null }>(
        sql`SELECT session_id FROM c2c_orders WHERE id = ${id}`,
      );
      expect(order!.session_id).not.toBeNull();
      expect(await chatOf(buyer, order!.session_id!)).toEqual(FULL_CHAT);
      expect(await chatOf(merchant, order!.session_id!)).toEqual(FULL_CHAT);
      const notice = await buyerMessages.next((m) => m.content.type === 'c2c.order');
      expect(notice.sessionId).toBe(order!.session_id);
      expect(await sellerStatus.next((s) => s.orderId === id)).toMatchObject({ status: 'pending' });
      // Written once: the next pass finds nothing, and the order reads the same chat.
      expect(await t.jobs.runNow('c2c-order-chats')).toBe(0);
      const seen = await t.ok(transactionApi.detail, { id }, buyer.token);
      expect(seen.sessionId).toBe(order!.session_id);
      expect(seen.events.map((e) => e.kind)).toEqual(['start']);
    } finally {
      buyerSocket.close();
      sellerSocket.close();
    }
  });

  it('a retried start with the same requestId answers the order with its chat', async () => {
    const { merchant, ad, buyer } = await setup();
    const requestId = randomUUID();
    const id = await startThatDies(buyer, ad.id, requestId);
    const again = await t.ok(transactionApi.start, { adId: ad.id, amountCoin: '10', requestId }, buyer.token);
    expect(again.orderId).toBe(id);
    expect(again.sessionId).not.toBeNull();
    expect(await chatOf(merchant, again.sessionId!)).toEqual(FULL_CHAT);
    const [count] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM c2c_orders WHERE ad_id = ${ad.id}`,
    );
    expect(count!.n).toBe(1);
    expect(await t.jobs.runNow('c2c-order-chats')).toBe(0);
  });

  it('the first read of the order writes its chat', async () => {
    const { merchant, ad, buyer } = await setup();
    const id = await startThatDies(buyer, ad.id, randomUUID());
    const seen = await t.ok(transactionApi.detail, { id }, merchant.token);
    expect(seen.sessionId).not.toBeNull();
    expect(await chatOf(buyer, seen.sessionId!)).toEqual(FULL_CHAT);
    expect(await t.jobs.runNow('c2c-order-chats')).toBe(0);
  });
});
