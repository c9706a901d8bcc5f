import type { Endpoint } from '@chatpay/shared';
import * as shared from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { createUser, loginAdmin } from './helpers/factories.ts';

/** Every endpoint of the shared contract (objects of endpoints exported as `…Api`). */
const endpoints = Object.entries(shared)
  .filter(([name]) => name.endsWith('Api'))
  .flatMap(([, api]) => Object.values(api as Record<string, Endpoint>))
  .filter((e) => !e.path.endsWith('/logout'));

const hostile: unknown[] = [
  null,
  [],
  'text',
  42,
  { a: { b: { c: { d: [1, 2, { e: 'x'.repeat(10_000) }] } } } },
  {
    username: ['x'],
    password: { $ne: null },
    id: -1,
    page: 'NaN',
    size: 1e308,
    sessionId: '1; DROP TABLE users',
  },
  { dataKey: 'nickName', dataValue: 'x'.repeat(5000), token: 'y'.repeat(5000), types: 'payType' },
  { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
  { id: 2 ** 53 + 2, page: -5, size: 0, key: '<script>', shareCode: '\u0000\u202e' },
];

const toQuery = (value: unknown) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return '?x=1&x=2';
  return `?${Object.entries(value)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
    )
    .join('&')}`;
};

let token: string;
let adminToken: string;
const t = useTestApp();
beforeAll(async () => {
  token = (await createUser(t)).token;
  adminToken = (await loginAdmin(t)).token;
});

describe('bad input never answers 500 and always answers the envelope', () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, endpoint) => {
    for (const auth of [undefined, token, adminToken]) {
      for (const input of hostile) {
        const res =
          endpoint.method === 'GET'
            ? await t.app.inject({
                method: 'GET',
                url: `/api${endpoint.path}${toQuery(input)}`,
                headers: auth ? { authorization: auth } : {},
              })
            : await t.app.inject({
                method: 'POST',
                url: `/api${endpoint.path}`,
                headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
                payload: JSON.stringify(input),
              });
        expect(
          res.statusCode,
          `${JSON.stringify(input)?.slice(0, 80)} → ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        const body = res.json();
        expect(typeof body.code).toBe('number');
        expect(typeof body.message).toBe('string');
        expect('data' in body).toBe(true);
      }
    }
  });
});

/**
 * Amounts past what a bigint column holds (1e21 micro-USDT fits the wire format) are refused by the contract
 * with the field named, never reaching the database (docs/security.md). Every endpoint that takes one of these
 * fields must name it in its validation answer.
 */
const AMOUNT_FIELDS = ['amount', 'amountCoin', 'amountFiat', 'quantity', 'price', 'minLimit', 'maxLimit'];
const HUGE = '999999999999999.999999';
const shapeOf = (endpoint: Endpoint): Record<string, unknown> =>
  (endpoint.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};

describe('huge amounts answer a validation envelope naming the field, never 500', () => {
  const withAmounts = endpoints.filter((e) => AMOUNT_FIELDS.some((f) => f in shapeOf(e)));

  it('covers the money calls', () => {
    const paths = withAmounts.map((e) => e.path);
    for (const api of [shared.walletApi.transfer, shared.walletApi.withdrawal, shared.redPacketApi.send]) {
      expect(paths).toContain(api.path);
    }
  });

  it.each(withAmounts.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, endpoint) => {
    const fields = AMOUNT_FIELDS.filter((f) => f in shapeOf(endpoint));
    const input = Object.fromEntries(fields.map((f) => [f, HUGE]));
    const auth = endpoint.path.startsWith('/admin/') ? adminToken : token;
    const res =
      endpoint.method === 'GET'
        ? await t.app.inject({
            method: 'GET',
            url: `/api${endpoint.path}${toQuery(input)}`,
            headers: { authorization: auth },
          })
        : await t.app.inject({
            method: 'POST',
            url: `/api${endpoint.path}`,
            headers: { 'content-type': 'application/json', authorization: auth },
            payload: JSON.stringify(input),
          });
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    const body = res.json() as { code: number; data: { field: string }[] | null };
    expect(body.code, res.body.slice(0, 200)).toBe(shared.ErrorCode.Validation);
    const named = (body.data ?? []).map((i) => i.field);
    for (const f of fields) expect(named, `${f} in ${res.body.slice(0, 300)}`).toContain(f);
  });
});

describe('the address book names the bad field', () => {
  it('a label too long or empty, an unknown network, an id out of range', async () => {
    const cases = [
      [
        shared.addressBookApi.add,
        { network: 'ERC20', address: `0x${'1'.repeat(40)}`, label: 'x'.repeat(31) },
        'label',
      ],
      [shared.addressBookApi.add, { network: 'ERC20', address: `0x${'1'.repeat(40)}`, label: '  ' }, 'label'],
      [shared.addressBookApi.add, { network: 'BTC', address: `0x${'1'.repeat(40)}`, label: 'a' }, 'network'],
      [shared.addressBookApi.label, { id: 0, label: 'a' }, 'id'],
      [shared.addressBookApi.remove, { id: 2 ** 40 }, 'id'],
      [shared.addressBookApi.allowlist, { enabled: 'yes' }, 'enabled'],
    ] as const;
    for (const [endpoint, input, field] of cases) {
      const res = await t.call(endpoint as Endpoint, input as never, token);
      expect(res.code, JSON.stringify(input)).toBe(shared.ErrorCode.Validation);
      expect(JSON.stringify(res.data)).toContain(field);
    }
  });
});

describe('staff requests name the bad field', () => {
  it.each([
    [shared.consoleApi.staffRequestReject, { id: 1, note: '   ' }, 'note'],
    [shared.consoleApi.staffRequestApprove, { id: 0 }, 'id'],
    [shared.consoleApi.staffRequestPage, { status: 'posted' }, 'status'],
    [shared.consoleApi.staffRoles, { userId: 2, roles: ['user'] }, 'roles'],
  ] as const)('%#', async (endpoint, input, field) => {
    const res = await t.call(endpoint as Endpoint, input as never, adminToken);
    expect(res.code).toBe(shared.ErrorCode.Validation);
    expect((res.data as { field: string }[]).map((i) => i.field.split('.')[0])).toContain(field);
  });
});
