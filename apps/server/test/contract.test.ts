import {
  ErrorCode,
  endpoint,
  genericErrorsOf,
  merchantOpenApi,
  testClockApi,
  walletApi,
} from '@chatpay/shared';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../src/http/errors.ts';
import { route } from '../src/http/route.ts';
import { AppError } from '../src/lib/errors.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser, loginAdmin } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.stop());

describe('the contract on the OpenAPI page', () => {
  it('lists each endpoint’s business errors', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const transfer = spec.paths[`/api${walletApi.transfer.path}`].post.description as string;
    expect(transfer).toContain(`\`${ErrorCode.InsufficientBalance}\` InsufficientBalance`);
    expect(transfer).toContain(`\`${ErrorCode.WrongPin}\` WrongPin`);
  });

  it('marks the merchant API as signed with a merchant key, not public', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const balance = spec.paths[`/api${merchantOpenApi.balance.path}`].get;
    expect(balance.security).toEqual([{ merchant: [] }]);
    expect(spec.components.securitySchemes.merchant).toMatchObject({ in: 'header', name: 'X-Signature' });
  });
});

describe('a business error the endpoint does not list', () => {
  const probe = endpoint({
    method: 'POST',
    path: '/app/test/probe',
    auth: 'none',
    summary: 'probe',
    input: z.object({ code: z.number() }),
    output: z.null(),
    errors: [ErrorCode.InsufficientBalance],
  });

  const serve = async (strictErrors: boolean) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    registerErrorHandling(app);
    route(
      { app, auth: { authenticate: () => Promise.reject(new Error('none')) }, strictErrors },
      probe,
      (input) => {
        throw new AppError(input.code as ErrorCode);
      },
    );
    await app.ready();
    const send = async (code: number) =>
      app.inject({ method: 'POST', url: '/api/app/test/probe', payload: { code } });
    return { app, send };
  };

  it('is a contract breach on the test server (HTTP 500), while listed and generic codes pass', async () => {
    const { app, send } = await serve(true);
    expect((await send(ErrorCode.InsufficientBalance)).json()).toMatchObject({
      code: ErrorCode.InsufficientBalance,
    });
    for (const code of genericErrorsOf(probe)) expect((await send(code)).json().code).toBe(code);
    const breach = await send(ErrorCode.WrongPin);
    expect(breach.statusCode).toBe(500);
    await app.close();
  });

  it('is answered as it is in production', async () => {
    const { app, send } = await serve(false);
    expect((await send(ErrorCode.WrongPin)).json()).toMatchObject({ code: ErrorCode.WrongPin });
    await app.close();
  });
});

describe('the test clock (TEST_CLOCK servers only)', () => {
  it('moves deadlines forward for admin only, and only forward', async () => {
    const member = await createUser(t);
    const admin = (await loginAdmin(t)).token;
    expect((await t.call(testClockApi.advance, { seconds: 60 }, member.token)).code).toBe(
      ErrorCode.Forbidden,
    );
    const before = t.clock.now().getTime();
    const { now } = await t.ok(testClockApi.advance, { seconds: 3600 }, admin);
    expect(new Date(now).getTime() - before).toBeGreaterThanOrEqual(3600_000);
    expect((await t.call(testClockApi.advance, { seconds: -5 }, admin)).code).toBe(ErrorCode.Validation);
  });
});
