import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { merchantApi } from '@chatpay/shared';
import { hmacHex, signingString } from '../../src/modules/c2c/merchant-api.ts';
import { createMerchant } from '../c2c/factories.ts';
import type { TestApp } from '../helpers/app.ts';
import { TEST_PIN, type TestUser } from '../helpers/factories.ts';

export interface Creds {
  merchantId: string;
  merchantKey: string;
}

export interface Signed<T = unknown> {
  status: number;
  code: number;
  data: T;
  message: string;
}

/** A merchant with an API key (and balance), ready to sign calls. */
export const createShop = async (t: TestApp, balance = '0') => {
  const user = await createMerchant(t, balance);
  const creds: Creds = await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, user.token);
  return { user, creds };
};
export type Shop = Awaited<ReturnType<typeof createShop>>;

/** One signed merchant API call; `tamper: 'signature'` flips the signature after signing. */
export const signed = async <T = unknown>(
  t: TestApp,
  creds: Creds,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  opts: { tamper?: 'signature' | 'body' } = {},
): Promise<Signed<T>> => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID();
  const text = method === 'GET' ? '' : JSON.stringify(body ?? {});
  let signature = hmacHex(creds.merchantKey, signingString(method, url, timestamp, nonce, text));
  if (opts.tamper === 'signature') signature = signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
  const sent = opts.tamper === 'body' ? JSON.stringify({ ...(body as object), amount: '0.01' }) : text;
  const res = await t.app.inject({
    method,
    url,
    headers: {
      'x-merchant-id': creds.merchantId,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { payload: sent } : {}),
  });
  return { status: res.statusCode, ...(res.json() as { code: number; data: T; message: string }) };
};

/** A local webhook receiver that records every POST and answers 200. */
export const startReceiver = async () => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

export type { TestUser };
