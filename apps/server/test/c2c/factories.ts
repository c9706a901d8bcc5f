import {
  type AdInput,
  adminC2cApi,
  advertisingApi,
  bankApi,
  merchantApi,
  type PaymentMethodInput,
  transactionApi,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import type { TestApp } from '../helpers/app.ts';
import {
  adminToken,
  type Caller,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
  verify,
} from '../helpers/factories.ts';

/** A verified member (level 1, docs/design/identity.md) with a PIN and, when given, a balance. */
export const createTrader = async (t: Caller, balance?: string) => {
  const user = await createUser(t, { level: 1 });
  await setPin(t, user);
  if (balance && balance !== '0') await credit(t, user, balance);
  return user;
};

/** A member verified at level 2 (identity and address, docs/design/identity.md) who may apply as a merchant. */
export const createApplicant = async (t: Caller, balance?: string) => {
  const user = await createTrader(t, balance);
  await verify(t, user, 2);
  return user;
};

/**
 * A member verified at level 2 who applied and was approved by the admin: role merchant, PIN set, balance
 * credited.
 */
export const createMerchant = async (t: Caller, balance = '1000') => {
  const user = await createApplicant(t, balance);
  await t.ok(merchantApi.apply, { name: `Shop ${user.username.slice(-4)}` }, user.token);
  await t.ok(adminC2cApi.merchantReview, { userId: user.id, approve: true }, await adminToken(t));
  return user;
};

export const bankForm = (overrides: Partial<PaymentMethodInput> = {}): PaymentMethodInput =>
  ({
    type: 'bank',
    name: 'Li Lei',
    cardNumber: '6222020200112233',
    bankName: 'ICBC',
    ...overrides,
  }) as PaymentMethodInput;

export const addBank = (t: Caller, user: TestUser, form: PaymentMethodInput = bankForm()) =>
  t.ok(bankApi.add, form, user.token);

/** A merchant's ad on its first bank card (made when needed): 100 USDT at 7.00, limits 10.00-700.00. */
export const createAd = async (t: Caller, merchant: TestUser, overrides: Partial<AdInput> = {}) => {
  const method = overrides.paymentMethodId ? null : await addBank(t, merchant);
  return t.ok(
    advertisingApi.publish,
    {
      type: 'sell',
      paymentMethodId: method?.id ?? overrides.paymentMethodId!,
      price: '7.00',
      quantity: '100',
      minLimit: '10.00',
      maxLimit: '700.00',
      timeLimit: 15,
      ...overrides,
    },
    merchant.token,
  );
};

export const startOrder = (t: Caller, taker: TestUser, adId: number, amountCoin = '10', extra = {}) =>
  t.ok(transactionApi.start, { adId, amountCoin, ...extra }, taker.token);

export const pay = (t: Caller, buyer: TestUser, id: number) =>
  t.ok(transactionApi.payment, { id }, buyer.token);

export const release = (t: Caller, seller: TestUser, id: number) =>
  t.ok(transactionApi.completed, { id, pin: TEST_PIN }, seller.token);

/** Books balance and the escrow holds exactly the open orders' coins. */
export const expectBooks = async (t: TestApp) => {
  const report = await verifyLedger(t.database.db);
  expect(report.problems).toEqual([]);
  const rows = (await t.database.db.execute(
    sql`SELECT
       coalesce((SELECT balance FROM ledger_accounts WHERE code = 'c2c-escrow'), 0)::text AS escrow,
       coalesce((SELECT sum(amount_coin) FROM c2c_orders WHERE status IN ('pending','payment','appealing')), 0)::text AS open,
       coalesce((SELECT sum(frozen) FROM c2c_ads WHERE type = 'sell'), 0)::text AS ad_frozen`,
  )) as unknown as { rows: { escrow: string; open: string }[] };
  expect(rows.rows[0]!.escrow).toBe(rows.rows[0]!.open);
};
