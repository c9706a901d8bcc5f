import { ErrorCode, userApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';

/**
 * Guards decide on the path the router matched, never on a spelling of it: a percent-encoded form of an
 * unreserved character (`/%61pi` for `/api`) names the same route, so it is refused outright instead of
 * slipping past the rate limits and the API-docs guard (docs/security.md, "Paths").
 */
const encodings = ['/%61pi', '/a%70i', '/%61%70%69', '/ap%69'];

describe('percent-encoded paths', () => {
  const t = useTestApp({ PUBLISH_API_DOCS: 'false' });

  it('never answer the API description without an administrator token', async () => {
    for (const prefix of encodings) {
      for (const rest of ['/docs/json', '/docs', '/app/base/comm/eps']) {
        const res = await t.app.inject({ url: `${prefix}${rest}`, remoteAddress: '10.9.0.1' });
        expect(res.statusCode, prefix + rest).toBeGreaterThanOrEqual(400);
        expect(res.body, prefix + rest).not.toMatch(/openapi|"paths"/);
        expect(res.json().code, prefix + rest).not.toBe(ErrorCode.Success);
      }
    }
  });

  it('are refused with the envelope before any handler runs: no login through them', async () => {
    const u = await createUser(t);
    for (const prefix of encodings) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${prefix}${userApi.loginByName.path}`,
        payload: { username: u.username, password: u.password },
        remoteAddress: '10.9.0.2',
      });
      expect(res.statusCode, prefix).toBe(400);
      expect(res.json(), prefix).toMatchObject({
        code: ErrorCode.Validation,
        data: null,
        message: /encoded/,
      });
    }
    const path = `/api${userApi.checkShareCode.path.replace('/app', '/%61pp')}`;
    const res = await t.app.inject({ method: 'POST', url: path, payload: { shareCode: 'ABCDEF' } });
    expect(res.statusCode).toBe(400);
  });

  it('leave encoded characters that are not unreserved alone (a Chinese file name, a space)', async () => {
    const res = await t.app.inject({ url: '/uploads/%E4%B8%AD%20x.png', remoteAddress: '10.9.0.3' });
    expect(res.statusCode).toBe(404);
  });
});
