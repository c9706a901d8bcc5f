import { baseApi, ErrorCode } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser } from '../helpers/factories.ts';

/** `/api/docs` and `eps` describe every admin call: admin only unless PUBLISH_API_DOCS (docs/security.md). */
const paths = ['/api/docs', '/api/docs/json', '/api/docs/static/index.html', '/api/app/base/comm/eps'];

describe('API description, not published (the production default)', () => {
  const t = useTestApp({ PUBLISH_API_DOCS: 'false' });

  it('answers only an administrator', async () => {
    const member = await createUser(t);
    const admin = await adminToken(t);
    for (const url of paths) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().code, url).toBe(ErrorCode.Unauthorized);
      const asMember = await t.app.inject({ url, headers: { authorization: member.token } });
      expect(asMember.json().code, url).toBe(ErrorCode.Forbidden);
      const asAdmin = await t.app.inject({ url, headers: { authorization: admin } });
      expect(asAdmin.statusCode, url).toBeLessThan(400);
    }
    expect(Object.keys(await t.ok(baseApi.eps, {}, admin)).length).toBeGreaterThan(3);
  });
});

describe('API description, published', () => {
  const t = useTestApp({ PUBLISH_API_DOCS: 'true' });

  it('answers everyone', async () => {
    for (const url of paths) expect((await t.app.inject({ url })).statusCode, url).toBeLessThan(400);
  });
});
