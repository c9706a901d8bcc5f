import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, healthApi, userApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { engine, PROD_POR, PROD_VAPID, useTestApp } from './helpers/app.ts';
import { uniqueName } from './helpers/factories.ts';

const t = useTestApp({ LOGIN_RATE_LIMIT: '3' }, (server) => {
  server.app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
});

describe('envelope and errors', () => {
  it('answers unknown errors with HTTP 500, a request id and no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.Internal);
    expect(body.data.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts');
  });

  it('ignores a client’s X-Request-Id: every request gets the server’s own id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'forged-id\nlevel=info msg=fake' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().data.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers unknown paths with 404 and "[404] <url>"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/nothing/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: ErrorCode.NotFound,
      data: null,
      message: '[404] /api/app/nothing/here?x=1',
    });
  });

  it('answers malformed JSON, a wrong content type and an oversized body in the envelope', async () => {
    const url = '/api/app/html5/user/loginByName';
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{x',
    });
    expect(bad.json()).toMatchObject({ code: ErrorCode.Validation });
    const text = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.json()).toMatchObject({ code: ErrorCode.Validation });
    const huge = await t.app.inject({
      method: 'POST',
      url,
      payload: { username: 'a', password: 'b'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(200);
    expect(huge.json()).toMatchObject({
      code: ErrorCode.Validation,
      message: 'The request body is too large',
    });
  });

  it('answers every failure with a request id header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/html5/user/person' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('serves health and the OpenAPI document', async () => {
    const health = await t.call(healthApi.health, {});
    expect(health.data).toMatchObject({ status: 'ok', db: engine });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = docs.json();
    expect(spec.paths['/api/app/html5/user/loginByName'].post.requestBody).toBeDefined();
    expect(spec.paths['/api/app/html5/user/person'].get.security).toEqual([{ token: [] }]);
  });
});

describe('rate limits', () => {
  it('limits login attempts per address and user name with a clear error', async () => {
    const username = uniqueName();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t.call(userApi.loginByName, { username, password: 'wrong-pass' })).code);
    }
    expect(codes).toEqual([
      ErrorCode.InvalidCredentials,
      ErrorCode.InvalidCredentials,
      ErrorCode.InvalidCredentials,
      ErrorCode.RateLimited,
    ]);
    // Another user name from the same address is not blocked by that.
    expect((await t.call(userApi.loginByName, { username: uniqueName(), password: 'wrong-pass' })).code).toBe(
      ErrorCode.InvalidCredentials,
    );
  });
});

describe('configuration', () => {
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('refuses the default admin password and missing secrets in production', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), C2C_SECRET: 'y'.repeat(40), PIN_PEPPER: 'p'.repeat(40) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, ADMIN_PASSWORD: 'admin12345' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-strong-password' })).toThrow(
      /JWT_SECRET/,
    );
    // The sealing key is separate from the token key (docs/security.md).
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/C2C_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), C2C_SECRET: 'x'.repeat(40) }),
    ).toThrow(/C2C_SECRET/);
    // Web Push keys come from the environment: a pair generated on disk would end every subscription.
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: required in production/,
    );
    const { VAPID_SUBJECT: _subject, ...keysOnly } = PROD_VAPID;
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, ...keysOnly })).toThrow(
      /VAPID_SUBJECT: required in production/,
    );
    // Webhooks into the private network are for development and tests only.
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...secrets, ...PROD_VAPID, C2C_WEBHOOK_ALLOW_PRIVATE: 'true' }),
    ).toThrow(/C2C_WEBHOOK_ALLOW_PRIVATE/);
    // Members check snapshots against the signing key's public half: it lives in the environment too.
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, ...PROD_VAPID })).toThrow(
      /POR_SIGNING_KEY: required in production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...secrets, ...PROD_VAPID, POR_SIGNING_KEY: 'ab'.repeat(16) }),
    ).toThrow(/POR_SIGNING_KEY: must be 64 hex characters/);
    // ADMIN_PASSWORD is needed only to create the admin on a first start (checked then, see security tests).
    expect(loadConfig({ NODE_ENV: 'production', ...secrets, ...PROD_VAPID, ...PROD_POR }).PORT).toBe(8080);
  });
});

const mainTs = path.resolve(import.meta.dirname, '../src/main.ts');
const run = (env: Record<string, string>) =>
  spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('the server process', () => {
  it('stops at start-up with a message naming a bad variable', async () => {
    const child = run({ PORT: 'not-a-port' });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain('PORT');
  });

  it('starts on an empty data directory and shuts down gracefully on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-proc-'));
    const child = run({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listen line: ${out}`)), 45_000);
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/i) ?? out.match(/"url":"(http:[^"]+)"/);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    const res = await fetch(`${url}/api/health`);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('ok');
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(out).toContain('shutting down');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
