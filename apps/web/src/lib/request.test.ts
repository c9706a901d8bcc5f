import { ErrorCode, userApi } from '@chatpay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAuthFromStorage, useAuth } from './auth.ts';
import { ClientCode } from './errors.ts';
import { ApiError, call, isRefreshing, restoreSession, toQueryString } from './request.ts';
import { StorageKey, storage } from './storage.ts';

const profile = {
  id: 1,
  username: 'alice',
  nickName: 'Alice',
  avatar: '',
  note: '',
  description: '',
  phone: '',
  memberId: '100001',
  shareCode: 'ABCD1234',
  role: ['user'],
  hasPin: false,
  invitedBy: null,
  createTime: '2024-01-01T00:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: ErrorCode.Success, data, message: 'success' });

/** A fake server: records every request and answers by path. */
const server = (
  routes: Record<string, (req: { auth: string | null; body: unknown }) => Promise<Response> | Response>,
) => {
  const calls: { path: string; auth: string | null; body: unknown; url: string }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://app.test').pathname;
    const auth = (init.headers as Record<string, string>)?.Authorization ?? null;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ path, auth, body, url });
    const route = routes[path];
    if (!route) return json({ code: ErrorCode.NotFound, data: null, message: `[404] ${url}` }, 404);
    return route({ auth, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, of: (path: string) => calls.filter((c) => c.path === path) };
};

const REFRESH = `/api${userApi.refreshToken.path}`;
const PERSON = `/api${userApi.person.path}`;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

const seedSession = (opts: { tokenExpired: boolean; refreshExpired?: boolean }) => {
  const now = Date.now();
  useAuth
    .getState()
    .setLogin({ token: 'old-token', expire: 3600, refreshToken: 'refresh-1', refreshExpire: 86400 });
  useAuth.setState({
    tokenExpires: opts.tokenExpired ? now - 1000 : now + 3_600_000,
    refreshTokenExpires: opts.refreshExpired ? now - 1000 : now + 86_400_000,
  });
};

beforeEach(() => {
  useAuth.getState().logout();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('token refresh queue', () => {
  it('refreshes an expired token exactly once for concurrent requests and replays them all with the new token', async () => {
    seedSession({ tokenExpired: true });
    const srv = server({
      [REFRESH]: async ({ body }) => {
        expect(body).toEqual({ refreshToken: 'refresh-1' });
        await delay(20);
        return ok({ token: 'new-token', expire: 3600, refreshToken: 'refresh-2', refreshExpire: 86400 });
      },
      [PERSON]: ({ auth }) =>
        auth === 'new-token' ? ok(profile) : json({ code: 1003, data: null, message: 'no' }, 401),
    });

    const results = await Promise.all(Array.from({ length: 5 }, () => call(userApi.person, {})));

    expect(srv.of(REFRESH)).toHaveLength(1);
    expect(srv.of(PERSON)).toHaveLength(5);
    expect(srv.of(PERSON).every((c) => c.auth === 'new-token')).toBe(true);
    expect(results.every((r) => r.nickName === 'Alice')).toBe(true);
    expect(useAuth.getState().token).toBe('new-token');
    expect(storage.get(StorageKey.UniIdToken)).toBe('new-token');
    expect(storage.get(StorageKey.RefreshToken)).toBe('refresh-2');
    expect(isRefreshing()).toBe(false);
  });

  it('does not refresh a token that is still valid', async () => {
    seedSession({ tokenExpired: false });
    const srv = server({ [PERSON]: () => ok(profile) });
    await call(userApi.person, {});
    expect(srv.of(REFRESH)).toHaveLength(0);
    expect(srv.of(PERSON)[0]?.auth).toBe('old-token');
  });

  it('a request that starts while a refresh is running waits for it instead of refreshing again', async () => {
    seedSession({ tokenExpired: true });
    const srv = server({
      [REFRESH]: async () => {
        await delay(30);
        return ok({ token: 'new-token', expire: 3600, refreshToken: 'refresh-2', refreshExpire: 86400 });
      },
      [PERSON]: () => ok(profile),
    });
    const first = call(userApi.person, {});
    await delay(5);
    const second = call(userApi.person, {});
    await Promise.all([first, second]);
    expect(srv.of(REFRESH)).toHaveLength(1);
    expect(srv.of(PERSON).map((c) => c.auth)).toEqual(['new-token', 'new-token']);
  });

  it('logs out every waiting request when the refresh fails', async () => {
    seedSession({ tokenExpired: true });
    const srv = server({
      [REFRESH]: async () => {
        await delay(10);
        return json({ code: ErrorCode.RefreshTokenInvalid, data: null, message: 'expired' }, 401);
      },
      [PERSON]: () => ok(profile),
    });

    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => call(userApi.person, {})));

    expect(srv.of(REFRESH)).toHaveLength(1);
    expect(srv.of(PERSON)).toHaveLength(0);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect((o as PromiseRejectedResult).reason.code).toBe(ErrorCode.Unauthorized);
    }
    expect(useAuth.getState().token).toBeNull();
    expect(storage.get(StorageKey.Token)).toBeNull();
    expect(storage.get(StorageKey.UniIdToken)).toBeNull();
    expect(storage.get(StorageKey.RefreshToken)).toBeNull();
  });

  it('logs out without calling the server when the refresh token has expired too', async () => {
    seedSession({ tokenExpired: true, refreshExpired: true });
    const srv = server({ [PERSON]: () => ok(profile) });
    await expect(call(userApi.person, {})).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    expect(srv.calls).toHaveLength(0);
    expect(useAuth.getState().token).toBeNull();
  });

  it('restores a stored session that has no refresh token with loginByToken, once', async () => {
    // An access token alone in storage (an older client, a token handed to the h5 view).
    storage.set(StorageKey.Token, 'stored-token');
    storage.set(StorageKey.UniIdToken, 'stored-token');
    storage.remove(StorageKey.RefreshToken);
    storage.remove(StorageKey.TokenExpires);
    reloadAuthFromStorage();
    const srv = server({
      [`/api${userApi.loginByToken.path}`]: ({ body }) => {
        expect(body).toEqual({ token: 'stored-token' });
        return ok({ token: 'fresh-token', expire: 3600, refreshToken: 'refresh-9', refreshExpire: 86400 });
      },
      [PERSON]: () => ok(profile),
    });
    expect(await restoreSession()).toBe(true);
    await call(userApi.person, {});
    expect(srv.of(`/api${userApi.loginByToken.path}`)).toHaveLength(1);
    expect(srv.of(PERSON)[0]?.auth).toBe('fresh-token');
    expect(useAuth.getState().refreshToken).toBe('refresh-9');
  });

  it('logs out when a stored token without a refresh token is refused', async () => {
    storage.set(StorageKey.Token, 'dead-token');
    storage.set(StorageKey.UniIdToken, 'dead-token');
    storage.remove(StorageKey.RefreshToken);
    reloadAuthFromStorage();
    server({
      [`/api${userApi.loginByToken.path}`]: () =>
        json({ code: ErrorCode.Unauthorized, data: null, message: 'Login expired' }),
    });
    expect(await restoreSession()).toBe(false);
    expect(useAuth.getState().token).toBeNull();
  });

  it('sends no token to public calls and never refreshes for them', async () => {
    seedSession({ tokenExpired: true });
    const result = { token: 't', expire: 1, refreshToken: 'r', refreshExpire: 1 };
    const srv = server({ [`/api${userApi.loginByName.path}`]: () => ok(result) });
    await call(userApi.loginByName, { username: 'alice', password: 'secret1' });
    expect(srv.calls).toHaveLength(1);
    expect(srv.calls[0]?.auth).toBeNull();
  });
});

describe('envelope and error catalogue', () => {
  it('stores expiries as now + expire − 5 s', () => {
    const now = 1_700_000_000_000;
    useAuth.getState().setLogin({ token: 'a.b.c', expire: 100, refreshToken: 'r', refreshExpire: 1000 }, now);
    expect(storage.get(StorageKey.TokenExpires)).toBe(String(now + 95_000));
    expect(storage.get(StorageKey.RefreshTokenExpires)).toBe(String(now + 995_000));
    expect(storage.get(StorageKey.Token)).toBe('a.b.c');
  });

  it('rejects a non-1000 code with its code, translated message and data', async () => {
    server({
      [`/api${userApi.loginByName.path}`]: () =>
        json({ code: ErrorCode.InvalidCredentials, data: null, message: 'Wrong user name or password' }),
    });
    const error = await call(userApi.loginByName, { username: 'a', password: 'b' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(ErrorCode.InvalidCredentials);
    expect(error.message).toBe('Wrong user name or password');
  });

  it('names the offending fields of a validation failure', async () => {
    server({
      [`/api${userApi.loginByName.path}`]: () =>
        json({
          code: ErrorCode.Validation,
          data: [{ field: 'username', message: 'Too short' }],
          message: 'x',
        }),
    });
    const error = await call(userApi.loginByName, { username: 'a', password: 'b' }).catch((e) => e);
    expect(error.code).toBe(ErrorCode.Validation);
    expect(error.message).toContain('user name');
  });

  it('falls back to the server message for a code it does not know', async () => {
    server({
      [`/api${userApi.loginByName.path}`]: () =>
        json({ code: 4242, data: null, message: 'Brand new failure' }),
    });
    await expect(call(userApi.loginByName, { username: 'a', password: 'b' })).rejects.toMatchObject({
      code: 4242,
      message: 'Brand new failure',
    });
  });

  it('answers 404 with [404] and the URL', async () => {
    seedSession({ tokenExpired: false });
    server({});
    await expect(call(userApi.person, {})).rejects.toMatchObject({ message: `[404] ${PERSON}`, status: 404 });
  });

  it('answers 502 and other statuses with "service exception"', async () => {
    seedSession({ tokenExpired: false });
    server({ [PERSON]: () => new Response('Bad gateway', { status: 502 }) });
    await expect(call(userApi.person, {})).rejects.toMatchObject({
      message: 'Service exception',
      status: 502,
    });
  });

  it('logs out on 401 outside the login page', async () => {
    seedSession({ tokenExpired: false });
    server({
      [PERSON]: () => json({ code: ErrorCode.Unauthorized, data: null, message: 'Token revoked' }, 401),
    });
    await expect(call(userApi.person, {})).rejects.toMatchObject({ code: ErrorCode.Unauthorized });
    expect(useAuth.getState().token).toBeNull();
  });

  it('on the login page a 401 rejects with the server message and keeps the session', async () => {
    vi.stubGlobal('window', { location: { hash: '#/pages/login/index' } });
    seedSession({ tokenExpired: false });
    server({
      [PERSON]: () => json({ code: ErrorCode.Unauthorized, data: null, message: 'Token revoked' }, 401),
    });
    await expect(call(userApi.person, {})).rejects.toMatchObject({ message: 'Token revoked', status: 401 });
    expect(useAuth.getState().token).toBe('old-token');
  });

  it('rejects a network failure with a translated text, not the browser’s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call(userApi.loginByName, { username: 'a', password: 'b' })).rejects.toMatchObject({
      message: 'Network error, please check your connection',
      code: ClientCode.Network,
    });
  });

  it('gives up after 60 s with "timeout"', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = call(userApi.loginByName, { username: 'a', password: 'b' }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ code: ClientCode.Timeout, message: 'Request timed out' });
  });

  it('sends GET input as a query string and POST input as JSON', async () => {
    const srv = server({
      [`/api${userApi.checkShareCode.path}`]: () => ok({ valid: true, nickName: 'Bob' }),
      [`/api${userApi.loginByName.path}`]: () =>
        ok({ token: 't', expire: 1, refreshToken: 'r', refreshExpire: 1 }),
    });
    await call(userApi.checkShareCode, { shareCode: 'abcd1234' });
    await call(userApi.loginByName, { username: ' alice ', password: 'pw' });
    expect(srv.calls[0]?.url).toBe(`/api${userApi.checkShareCode.path}?shareCode=ABCD1234`);
    expect(srv.calls[0]?.body).toBeUndefined();
    expect(srv.calls[1]?.body).toEqual({ username: 'alice', password: 'pw' });
  });

  it('builds query strings without undefined or null values', () => {
    expect(toQueryString({ a: 1, b: undefined, c: null, d: 'x y', e: [1, 2] })).toBe('?a=1&d=x+y&e=1&e=2');
    expect(toQueryString({})).toBe('');
  });
});
