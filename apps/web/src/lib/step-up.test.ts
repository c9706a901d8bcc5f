import { bankApi, ErrorCode, userApi } from '@chatpay/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth.ts';
import { ApiError, call } from './request.ts';
import { setStepUpPrompt } from './step-up.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A server that refuses without `stepUp` and answers `ok` with it; records the bodies. */
const guarded = () => {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return body.stepUp
        ? json({ code: ErrorCode.Success, data: { ok: true }, message: 'success' })
        : json({ code: ErrorCode.StepUpRequired, data: null, message: 'step up' });
    }),
  );
  return bodies;
};

afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpPrompt(async () => null);
});

describe('step-up (docs/security.md, "Step-up")', () => {
  useAuth.getState().setLogin({ token: 't', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });

  it('asks for the second factor once and sends the call again with the proof', async () => {
    const bodies = guarded();
    const prompt = vi.fn(async () => 'proof-of-step-up-1234');
    setStepUpPrompt(prompt);
    await call(userApi.changePassword, { password: 'old-pass', newPassword: 'new-pass-1' }).catch(() => null);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(bodies.map((b) => b.stepUp)).toEqual([undefined, 'proof-of-step-up-1234']);
  });

  it('works for every variant of a union input (payment methods)', async () => {
    const bodies = guarded();
    setStepUpPrompt(async () => 'proof-of-step-up-1234');
    await call(bankApi.add, { type: 'alipay', name: 'Li', account: 'li@x' }).catch(() => null);
    expect(bodies.at(-1)?.stepUp).toBe('proof-of-step-up-1234');
  });

  it('keeps the refusal when the member cancels', async () => {
    const bodies = guarded();
    setStepUpPrompt(async () => null);
    const error = await call(userApi.changePassword, {
      password: 'old-pass',
      newPassword: 'new-pass-1',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(ErrorCode.StepUpRequired);
    expect(bodies).toHaveLength(1);
  });
});
