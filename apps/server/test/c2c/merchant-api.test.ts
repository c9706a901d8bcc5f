import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, merchantApi, merchantOpenApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookTargetProblem } from '../../src/lib/outbound.ts';
import { hmacHex, signingString } from '../../src/modules/c2c/merchant-api.ts';
import { webhookSignature } from '../../src/modules/c2c/webhooks.ts';
import { useTestApp } from '../helpers/app.ts';
import { TEST_PIN, type TestUser } from '../helpers/factories.ts';
import {
  createAd,
  createMerchant,
  createTrader,
  expectBooks,
  pay,
  release,
  startOrder,
} from './factories.ts';

// The test's webhook receiver listens on loopback.
const t = useTestApp({ C2C_WEBHOOK_ALLOW_PRIVATE: 'true' });
afterAll(() => expectBooks(t));

interface Creds {
  merchantId: string;
  merchantKey: string;
}

/** A signed GET of the merchant API; `tamper` changes one part after signing. */
const signedGet = async (
  creds: Creds,
  url: string,
  opts: { timestamp?: number; nonce?: string; tamper?: 'path' | 'signature' } = {},
) => {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? randomUUID();
  const signature = hmacHex(creds.merchantKey, signingString('GET', url, timestamp, nonce, ''));
  const res = await t.app.inject({
    method: 'GET',
    url: opts.tamper === 'path' ? `${url}${url.includes('?') ? '&' : '?'}size=99` : url,
    headers: {
      'x-merchant-id': creds.merchantId,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature':
        opts.tamper === 'signature' ? signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) : signature,
    },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; data: unknown }) };
};

describe('merchant API', () => {
  let merchant: TestUser;
  let creds: Creds;
  let orderId: number;
  beforeAll(async () => {
    merchant = await createMerchant(t, '100');
    creds = await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, merchant.token);
    const ad = await createAd(t, merchant, { quantity: '50' });
    const buyer = await createTrader(t);
    orderId = (await startOrder(t, buyer, ad.id, '10')).orderId;
  });

  it('the key is shown once; signed calls answer balance, my orders and one order', async () => {
    expect(creds.merchantKey.length).toBeGreaterThanOrEqual(40);
    const info = await t.ok(merchantApi.info, {}, merchant.token);
    expect(info?.hasApiKey).toBe(true);
    expect(JSON.stringify(info)).not.toContain(creds.merchantKey);
    const balance = await signedGet(creds, '/api/open/c2c/balance');
    expect(balance).toMatchObject({ status: 200, code: 1000, data: { available: '50.00', frozen: '40.00' } });
    const page = await signedGet(creds, '/api/open/c2c/order/page?status=pending');
    expect(merchantOpenApi.orderPage.output.parse(page.data).list.map((o) => o.orderId)).toEqual([orderId]);
    const one = await signedGet(creds, `/api/open/c2c/order/info?id=${orderId}`);
    expect(one.data).toMatchObject({ orderId, status: 'pending', amountCoin: '10.00' });
    expect((one.data as { orderNo: string }).orderNo).toMatch(/^\d{18}$/);
    expect(one.data).not.toHaveProperty('payee');
  });

  it('refuses bad signatures, old timestamps, reused nonces, unknown merchants, rotated keys', async () => {
    expect(await signedGet(creds, '/api/open/c2c/balance', { tamper: 'signature' })).toMatchObject({
      status: 401,
      code: ErrorCode.SignatureInvalid,
    });
    expect((await signedGet(creds, '/api/open/c2c/order/page', { tamper: 'path' })).code).toBe(
      ErrorCode.SignatureInvalid,
    );
    expect(
      (await signedGet(creds, '/api/open/c2c/balance', { timestamp: Math.floor(Date.now() / 1000) - 301 }))
        .code,
    ).toBe(ErrorCode.TimestampOutOfWindow);
    const nonce = randomUUID();
    expect((await signedGet(creds, '/api/open/c2c/balance', { nonce })).code).toBe(1000);
    expect((await signedGet(creds, '/api/open/c2c/balance', { nonce })).code).toBe(ErrorCode.NonceReused);
    expect((await signedGet({ ...creds, merchantId: 'm0000' }, '/api/open/c2c/balance')).code).toBe(
      ErrorCode.SignatureInvalid,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/open/c2c/balance' });
    expect(res.statusCode).toBe(401);
    // Another merchant's order is not mine.
    const other = await createMerchant(t, '10');
    const otherCreds = await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, other.token);
    expect((await signedGet(otherCreds, `/api/open/c2c/order/info?id=${orderId}`)).code).toBe(
      ErrorCode.OrderNotFound,
    );
    // Rotation: the old key stops working.
    const rotated = await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, other.token);
    expect(rotated.merchantId).toBe(otherCreds.merchantId);
    expect((await signedGet(otherCreds, '/api/open/c2c/balance')).code).toBe(ErrorCode.SignatureInvalid);
    expect((await signedGet(rotated, '/api/open/c2c/balance')).code).toBe(1000);
  });

  it('webhooks: signed POSTs on status changes, retried with backoff until delivered', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    let failNext = 1;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = failNext-- > 0 ? 500 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const shop = await createMerchant(t, '100');
      const shopCreds = await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, shop.token);
      await t.ok(merchantApi.update, { webhookUrl: url }, shop.token);
      const ad = await createAd(t, shop, { quantity: '50' });
      const buyer = await createTrader(t);
      const order = await startOrder(t, buyer, ad.id, '10');
      await pay(t, buyer, order.orderId);
      await release(t, shop, order.orderId);

      expect(await t.jobs.runNow('c2c-webhooks')).toBe(3);
      // The first POST failed (HTTP 500): it waits for its backoff; make it due. A second back: the job asks
      // for rows due by the process's clock in milliseconds, and the database's now() has microseconds, so
      // a job run within the same millisecond would find it not yet due.
      await t.database.db.execute(
        sql`UPDATE c2c_webhook_deliveries SET next_attempt_time = now() - interval '1 second' WHERE status = 'pending'`,
      );
      expect(await t.jobs.runNow('c2c-webhooks')).toBe(1);
      expect(await t.jobs.runNow('c2c-webhooks')).toBe(0);
      const rows = (await t.database.db.execute(
        sql`SELECT status, attempts FROM c2c_webhook_deliveries WHERE order_id = ${order.orderId} ORDER BY id`,
      )) as unknown as { rows: { status: string; attempts: number }[] };
      expect(rows.rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered']);
      expect(rows.rows[0]!.attempts).toBe(2);

      expect(received).toHaveLength(4);
      const statuses = received.slice(1).map((r) => JSON.parse(r.body).status);
      expect(statuses.sort()).toEqual(['completed', 'payment', 'pending']);
      for (const r of received) {
        const ts = r.headers['x-timestamp'] as string;
        expect(r.headers['x-signature']).toBe(webhookSignature(shopCreds.merchantKey, ts, r.body));
        expect(JSON.parse(r.body)).toMatchObject({
          event: 'order.status',
          merchantId: shopCreds.merchantId,
          orderId: order.orderId,
          orderNo: order.orderNo,
        });
      }
    } finally {
      server.close();
    }
  });

  it("webhooks never post into the server's own network unless allowed", async () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://10.1.2.3/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:80/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://localhost/x',
    ]) {
      expect(await webhookTargetProblem(url, false), url).toMatch(/private or loopback/);
    }
    expect(await webhookTargetProblem('ftp://example.com/x', false)).toBe('not an http(s) URL');
    expect(await webhookTargetProblem('http://93.184.216.34/hook', false)).toBeNull();
    expect(await webhookTargetProblem('http://127.0.0.1/x', true)).toBeNull();
  });
});
