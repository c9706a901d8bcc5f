import fs from 'node:fs';
import path from 'node:path';
import { type Endpoint, ErrorCode, userApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { uploads, users } from '../../src/db/schema/index.ts';
import { ARGON2_CONCURRENCY, argon2Load, resetArgon2Peak } from '../../src/modules/user/hashing.ts';
import { resetPassword } from '../../src/modules/user/index.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { createUser, uniqueName } from '../helpers/factories.ts';
import { mediaCookie } from '../helpers/media.ts';

/** Rate limits and login throttling (docs/security.md, "Sessions, PINs and rate limits"). */

/**
 * The login flood below needs a queue behind the argon2 bound, whatever the machine's speed: while `gate`
 * is set, each check waits for it before running the real argon2 (on PGlite one statement runs at a time, so
 * the logins may otherwise arrive slower than argon2 answers them and never queue).
 */
const argon2Gate = vi.hoisted(() => ({ gate: undefined as Promise<void> | undefined }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: async (...args: Parameters<typeof real.verify>) => {
      await argon2Gate.gate;
      return real.verify(...args);
    },
  };
});

const api = (
  t: TestApp,
  endpoint: Endpoint,
  body: object,
  headers: Record<string, string> = {},
  ip = '127.0.0.1',
) =>
  t.app.inject({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    ...(endpoint.method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
    headers,
    remoteAddress: ip,
  });

describe('API buckets: the verified member, else the client address; a malformed header is refused', () => {
  const t = useTestApp({ API_RATE_LIMIT: '6' });

  it('refuses a malformed Authorization header with the envelope, on public calls too', async () => {
    const u = await createUser(t);
    for (const header of [
      `Bearer  ${u.token}`,
      `bearer ${u.token}`,
      `Basic ${u.token}`,
      `Bearer ${u.token} `,
      ` ${u.token}`,
      'Bearer',
      'x',
    ]) {
      for (const endpoint of [userApi.person, userApi.checkShareCode]) {
        const res = await api(t, endpoint, { shareCode: 'ABCDEF' }, { authorization: header });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({
          code: ErrorCode.Unauthorized,
          message: /Malformed Authorization/,
        });
      }
    }
  });

  it('counts a member’s calls in one bucket whatever the header’s spelling or token', async () => {
    const u = await createUser(t); // register: the address's bucket; person: the member's
    for (let i = 0; i < 5; i++) await t.ok(userApi.person, {}, u.token);
    await t.fails(userApi.person, {}, `Bearer ${u.token}`, ErrorCode.RateLimited);
    // Another member (same address) is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api${userApi.registerByName.path}`,
      payload: { username: uniqueName(), password: 'secret-pass-1', nickName: 'O', agree: true },
      remoteAddress: '10.0.0.2',
    });
    const token = other.json().data.token as string;
    expect((await api(t, userApi.person, {}, { authorization: token }, '10.0.0.2')).json().code).toBe(
      ErrorCode.Success,
    );
  });

  it('counts calls without a verified member per address: a made-up token is no new bucket', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 6; i++) {
      expect((await api(t, userApi.checkShareCode, { shareCode: 'ABCDEF' }, {}, ip)).json().code).toBe(
        ErrorCode.Success,
      );
    }
    const forged = `${'a'.repeat(20)}.${'b'.repeat(20)}.${'c'.repeat(20)}`;
    const variants: Record<string, string>[] = [
      {},
      { authorization: forged },
      { authorization: `Bearer ${forged}` },
    ];
    for (const headers of variants) {
      const res = await api(t, userApi.checkShareCode, { shareCode: 'ABCDEF' }, headers, ip);
      expect(res.json().code).toBe(ErrorCode.RateLimited);
    }
    expect((await api(t, userApi.checkShareCode, { shareCode: 'ABCDEF' }, {}, '10.0.0.4')).json().code).toBe(
      ErrorCode.Success,
    );
  });
});

describe('TRUST_PROXY', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };

  it('takes a hop count or a list of proxy addresses, never true', () => {
    expect(loadConfig({ ...base }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, fc00::/7' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'fc00::/7',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    for (const value of [
      'true',
      'yes',
      '*',
      'proxy.example.com',
      '0.0.0.0/0',
      '10.0.0.1, ::/0',
      '0.0.0.0/1',
    ]) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
    }
  });

  describe('with one trusted hop', () => {
    const t = useTestApp({ TRUST_PROXY: '1', LOGIN_ADDRESS_RATE_LIMIT: '2' });

    it('uses the address the proxy saw, so a client cannot pick its own by forging X-Forwarded-For', async () => {
      t.clock.startNextWindow(60_000);
      const login = (forged: string) =>
        api(
          t,
          userApi.loginByName,
          { username: uniqueName(), password: 'wrong-pass' },
          { 'x-forwarded-for': `${forged}, 203.0.113.7` },
        );
      expect((await login('1.1.1.1')).json().code).toBe(ErrorCode.InvalidCredentials);
      expect((await login('2.2.2.2')).json().code).toBe(ErrorCode.InvalidCredentials);
      expect((await login('3.3.3.3')).json().code).toBe(ErrorCode.RateLimited);
    });
  });
});

describe('login throttling', () => {
  const t = useTestApp({ LOGIN_ADDRESS_RATE_LIMIT: '3' });
  const minute = 60_000;

  it('caps login attempts per address across all user names', async () => {
    t.clock.startNextWindow(minute);
    const ip = '10.1.0.1';
    const attempt = (username: string, from = ip) =>
      api(t, userApi.loginByName, { username, password: 'wrong-pass' }, {}, from);
    for (let i = 0; i < 3; i++) {
      expect((await attempt(uniqueName())).json().code).toBe(ErrorCode.InvalidCredentials);
    }
    expect((await attempt(uniqueName())).json().code).toBe(ErrorCode.RateLimited);
    expect((await attempt(uniqueName(), '10.1.0.2')).json().code).toBe(ErrorCode.InvalidCredentials);
    t.clock.advance(minute + 1000);
    expect((await attempt(uniqueName())).json().code).toBe(ErrorCode.InvalidCredentials);
  });

  it('counts wrong passwords per account and address in the database and backs off, even the right password', async () => {
    t.clock.startNextWindow(minute);
    const u = await createUser(t);
    const ip = '10.2.0.1';
    const login = (password: string, from = ip) =>
      api(t, userApi.loginByName, { username: u.username, password }, {}, from);
    for (let i = 0; i < 3; i++)
      expect((await login('wrong-pass')).json().code).toBe(ErrorCode.InvalidCredentials);
    t.clock.advance(minute + 1000); // the per-address cap is not what stops it
    for (let i = 0; i < 2; i++)
      expect((await login('wrong-pass')).json().code).toBe(ErrorCode.InvalidCredentials);
    const locked = (await login(u.password)).json();
    expect(locked.code).toBe(ErrorCode.LoginLocked);
    expect(new Date(locked.data.lockedUntil).getTime()).toBeGreaterThan(t.clock.now().getTime());
    // The owner, from another address, is not kept out by whoever locked this one.
    expect((await login(u.password, '10.2.0.2')).json().code).toBe(ErrorCode.Success);
    t.clock.advance(minute + 1000);
    // One more wrong one doubles the lock (2 minutes).
    expect((await login('wrong-pass')).json().code).toBe(ErrorCode.InvalidCredentials);
    t.clock.advance(minute + 1000);
    expect((await login(u.password)).json().code).toBe(ErrorCode.LoginLocked);
    t.clock.advance(minute);
    expect((await login(u.password)).json().code).toBe(ErrorCode.Success);
    // A right password resets the count.
    expect((await login('wrong-pass')).json().code).toBe(ErrorCode.InvalidCredentials);
    expect((await login(u.password)).json().code).toBe(ErrorCode.Success);
  });
});

describe('wrong current passwords count like wrong logins', () => {
  const t = useTestApp();
  const minute = 60_000;

  it('reserves each attempt before argon2: of ten passwords sent at once only five are checked', async () => {
    t.clock.startNextWindow(minute);
    const u = await createUser(t);
    const codes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(
          t,
          userApi.loginByName,
          { username: u.username, password: i === 9 ? u.password : `wrong-pass-${i}` },
          {},
          '10.2.1.1',
        ).then((r) => r.json().code as number),
      ),
    );
    const checked = codes.filter((c) => c !== ErrorCode.LoginLocked);
    expect(checked).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.LoginLocked)).toHaveLength(5);
  });

  it('a password change: five wrong ones lock the address and end the session', async () => {
    const u = await createUser(t);
    const change = (password: string) =>
      api(
        t,
        userApi.changePassword,
        { password, newPassword: 'new-secret-pass-1' },
        { authorization: u.token },
        '10.4.0.1',
      );
    for (let i = 0; i < 4; i++)
      expect((await change(`wrong-${i}`)).json().code).toBe(ErrorCode.WrongPassword);
    expect((await change('wrong-4')).json().code).toBe(ErrorCode.WrongPassword);
    // The fifth ended every session: the token no longer works, the right password does not help it.
    expect((await change(u.password)).statusCode).toBe(401);
    const login = (password: string, ip: string) =>
      api(t, userApi.loginByName, { username: u.username, password }, {}, ip);
    expect((await login(u.password, '10.4.0.1')).json().code).toBe(ErrorCode.LoginLocked);
    expect((await login(u.password, '10.4.0.2')).json().code).toBe(ErrorCode.Success);
  });

  it('admin:password clears every lock of the account and starts the withdrawal hold', async () => {
    const u = await createUser(t);
    const login = (password: string) =>
      api(t, userApi.loginByName, { username: u.username, password }, {}, '10.4.2.1');
    for (let i = 0; i < 5; i++) await login('wrong-pass');
    expect((await login(u.password)).json().code).toBe(ErrorCode.LoginLocked);
    expect(await resetPassword(t.database.db, u.username, 'operator-set-pass-1')).toBe(true);
    expect((await login('operator-set-pass-1')).json().code).toBe(ErrorCode.Success);
    const [row] = await t.database.db
      .select({ changed: users.credentialsChangedAt })
      .from(users)
      .where(eq(users.id, u.id));
    expect(row?.changed).toBeInstanceOf(Date);
  });

  it('setting the PIN with the password counts too', async () => {
    const u = await createUser(t);
    const setPin = (password: string) =>
      api(t, userApi.setPayPassword, { password, pin: '135790' }, { authorization: u.token }, '10.4.1.1');
    for (let i = 0; i < 5; i++)
      expect((await setPin(`wrong-${i}`)).json().code).toBe(ErrorCode.WrongPassword);
    expect((await setPin(u.password)).statusCode).toBe(401);
  });
});

describe('argon2 work is bounded', () => {
  const t = useTestApp();

  it('a login flood runs at most ARGON2_CONCURRENCY argon2 checks at once; a static file answers meanwhile', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'uploads', 'flood.txt'), 'still here');
    // A recorded upload, read by its owner (uploads are served only to who may read them).
    const owner = await createUser(t);
    await t.database.db.insert(uploads).values({
      userId: owner.id,
      path: 'flood.txt',
      mime: 'text/plain',
      size: 10,
      originalName: 'flood.txt',
    });
    const cookie = await mediaCookie(t, owner.token);
    resetArgon2Peak();
    // Checks that get a slot wait here until the flood is queued behind the bound.
    let open = () => {};
    argon2Gate.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const finished: string[] = [];
    const logins = Array.from({ length: 24 }, (_, i) =>
      fetch(`${t.url}/api${userApi.loginByName.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.3.0.${i}` },
        body: JSON.stringify({ username: uniqueName(), password: 'wrong-pass' }),
      }).then(async (r) => {
        finished.push('login');
        return (await r.json()) as { code: number };
      }),
    );
    // Once the flood is queued, let it run through real argon2 and ask for a file (served through the
    // thread pool) meanwhile.
    try {
      const until = Date.now() + 60_000;
      while (Date.now() < until && argon2Load().waiting < 10) {
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      argon2Gate.gate = undefined;
      open();
    }
    expect(argon2Load().waiting).toBeGreaterThan(0);
    const file = await fetch(`${t.url}/uploads/flood.txt`, { headers: { cookie } }).then((r) => r.text());
    const loginsBeforeFile = finished.length;
    const answers = await Promise.all(logins);
    expect(file).toBe('still here');
    expect(argon2Load().peak).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
    // The file did not wait for the flood: logins were still queued when it answered. (Without the bound all
    // 24 finish first; how many finish before the file depends on the machine's load, so no tighter figure.)
    expect(loginsBeforeFile).toBeLessThan(answers.length);
    // Every address here differs, yet each login was still answered (none dropped by the bound).
    expect(
      answers.every((a) =>
        ([ErrorCode.InvalidCredentials, ErrorCode.RateLimited] as number[]).includes(a.code),
      ),
    ).toBe(true);
  }, 120_000);
});
