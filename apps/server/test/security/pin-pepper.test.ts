import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, userApi } from '@chatpay/shared';
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { users } from '../../src/modules/user/index.ts';
import { PROD_POR, PROD_VAPID, useTestApp } from '../helpers/app.ts';
import { createUser, setPin, TEST_PIN } from '../helpers/factories.ts';

/** The payment PIN is peppered before argon2 (docs/security.md, "Second factors"). */
const PEPPER = 'a-test-pepper-of-at-least-32-characters';
const t = useTestApp({ PIN_PEPPER: PEPPER });

const pinHashOf = async (userId: number) => {
  const [row] = await t.database.db
    .select({ pinHash: users.pinHash })
    .from(users)
    .where(eq(users.id, userId));
  return row!.pinHash!;
};

describe('PIN pepper', () => {
  it('stores HMAC-SHA256(PIN_PEPPER, PIN) hashed with argon2, marked as peppered', async () => {
    const member = await createUser(t);
    await setPin(t, member);
    const stored = await pinHashOf(member.id);
    expect(stored.startsWith('p1$$argon2id$')).toBe(true);
    const peppered = createHmac('sha256', PEPPER).update(TEST_PIN).digest('base64url');
    expect(await verify(stored.slice(3), peppered)).toBe(true);
    // The bare PIN does not match: a database reader cannot try the million PINs without the pepper.
    expect(await verify(stored.slice(3), TEST_PIN)).toBe(false);
  });

  it('accepts a PIN hashed before the pepper and upgrades it at the next right check', async () => {
    const member = await createUser(t);
    const old = await hash(TEST_PIN);
    await t.database.db.update(users).set({ pinHash: old }).where(eq(users.id, member.id));
    await t.fails(userApi.verifyPayPassword, { pin: '000000' }, member.token, ErrorCode.WrongPin);
    expect(await pinHashOf(member.id)).toBe(old);
    await t.ok(userApi.verifyPayPassword, { pin: TEST_PIN }, member.token);
    const upgraded = await pinHashOf(member.id);
    expect(upgraded.startsWith('p1$')).toBe(true);
    await t.ok(userApi.verifyPayPassword, { pin: TEST_PIN }, member.token);
    await t.fails(userApi.verifyPayPassword, { pin: '000000' }, member.token, ErrorCode.WrongPin);
  });

  it('is required in production, and generated under DATA_DIR elsewhere', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), C2C_SECRET: 'y'.repeat(40), ...PROD_VAPID, ...PROD_POR };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets })).toThrow(
      /PIN_PEPPER: required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, PIN_PEPPER: 'x'.repeat(40) })).toThrow(
      /PIN_PEPPER/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, PIN_PEPPER: 'short' })).toThrow(
      /PIN_PEPPER/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        ...secrets,
        PIN_PEPPER: 'p'.repeat(40),
        STAFF_FACTOR_REQUIRED: 'false',
      }),
    ).toThrow(/STAFF_FACTOR_REQUIRED/);
    expect(loadConfig({ NODE_ENV: 'production', ...secrets, PIN_PEPPER: 'p'.repeat(40) }).PIN_PEPPER).toBe(
      'p'.repeat(40),
    );
    // This app was given PIN_PEPPER: nothing written. createTestApp's other apps generate `pin-pepper`.
    expect(fs.existsSync(path.join(t.dataDir, 'pin-pepper'))).toBe(false);
  });
});

describe('without PIN_PEPPER (development)', () => {
  const dev = useTestApp();
  it('generates a pepper once under DATA_DIR', async () => {
    const file = path.join(dev.dataDir, 'pin-pepper');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    const member = await createUser(dev);
    await setPin(dev, member);
    await dev.ok(userApi.verifyPayPassword, { pin: TEST_PIN }, member.token);
  });
});
