import {
  adminVersionApi,
  appGoodsApi,
  appVersionApi,
  consoleApi,
  ErrorCode,
  parseUsdt,
  successData,
} from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser } from '../helpers/factories.ts';

const t = useTestApp();

const check = async (input: {
  platform: 'web' | 'android' | 'ios';
  version?: string;
  versionCode?: number;
}) => {
  const res = await t.call(appVersionApi.check, input as never);
  expect(res.code, res.message).toBe(1000);
  return successData(appVersionApi.check, res);
};

describe('version/check and version/publish', () => {
  it('4.3.3 (code 100) is seeded for every platform: the same version is up to date, older is not', async () => {
    for (const platform of ['web', 'android', 'ios'] as const) {
      const same = await check({ platform, version: '4.3.3' });
      expect(same).toMatchObject({
        latest: { platform, version: '4.3.3', versionCode: 100 },
        hasUpdate: false,
      });
      expect((await check({ platform, versionCode: 100 })).hasUpdate).toBe(false);
      expect((await check({ platform, version: '4.2.10' })).hasUpdate).toBe(true);
      expect((await check({ platform, versionCode: 99 })).hasUpdate).toBe(true);
    }
    // GET sends numbers as strings: versionCode is coerced.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/app/app/version/check?platform=web&versionCode=50',
    });
    expect(res.json().data.hasUpdate).toBe(true);
  });

  it('admin publishes: the newest wins; forced when any newer version is forced; duplicates refused', async () => {
    const admin = await adminToken(t);
    const v1 = await t.call(
      adminVersionApi.publish,
      {
        platform: 'android',
        version: '4.4.0',
        versionCode: 110,
        downloadUrl: '/downloads/app-4.4.0.apk',
        forced: true,
        notes: 'Security fix',
      },
      admin,
    );
    expect(v1.code, v1.message).toBe(1000);
    const audit = await t.ok(consoleApi.auditPage, { action: 'app:version:publish' }, admin);
    expect(audit.list.map((a) => a.reason)).toContain('android 4.4.0 (110) forced');
    await t.call(
      adminVersionApi.publish,
      {
        platform: 'android',
        version: '4.10.0',
        versionCode: 120,
        downloadUrl: '/downloads/app-4.10.0.apk',
        forced: false,
        notes: 'Groups',
      },
      admin,
    );
    const old = await check({ platform: 'android', version: '4.3.3' });
    expect(old).toMatchObject({
      hasUpdate: true,
      forced: true,
      latest: {
        version: '4.10.0',
        versionCode: 120,
        downloadUrl: '/downloads/app-4.10.0.apk',
        notes: 'Groups',
        forced: false,
      },
    });
    expect(await check({ platform: 'android', version: '4.9.0' })).toMatchObject({
      hasUpdate: true,
      forced: false,
    });
    expect(await check({ platform: 'android', versionCode: 120 })).toMatchObject({
      hasUpdate: false,
      forced: false,
    });
    expect((await check({ platform: 'ios', version: '4.3.3' })).hasUpdate).toBe(false);
    const dup = await t.call(
      adminVersionApi.publish,
      { platform: 'android', version: '4.10.1', versionCode: 120 } as never,
      admin,
    );
    expect(dup.code).toBe(ErrorCode.VersionExists);
    const member = await createUser(t);
    expect(
      (
        await t.call(
          adminVersionApi.publish,
          { platform: 'web', version: '9.0.0', versionCode: 900 } as never,
          member.token,
        )
      ).code,
    ).toBe(ErrorCode.Forbidden);
    expect((await t.call(appVersionApi.check, { platform: 'symbian' } as never)).code).toBe(
      ErrorCode.Validation,
    );
  });

  it('a forced version published by mistake is withdrawn, and the builds in use are not blocked again', async () => {
    const admin = await adminToken(t);
    await t.ok(
      adminVersionApi.publish,
      { platform: 'ios', version: '9.9.9', versionCode: 9999, forced: true, downloadUrl: '', notes: '' },
      admin,
    );
    expect(await check({ platform: 'ios', versionCode: 100 })).toMatchObject({
      hasUpdate: true,
      forced: true,
    });
    const member = await createUser(t);
    await t.fails(
      adminVersionApi.withdraw,
      { platform: 'ios', versionCode: 9999 },
      member.token,
      ErrorCode.Forbidden,
    );
    const withdrawn = await t.ok(adminVersionApi.withdraw, { platform: 'ios', versionCode: 9999 }, admin);
    expect(withdrawn).toMatchObject({ version: '9.9.9', forced: true });
    expect(await check({ platform: 'ios', versionCode: 100 })).toMatchObject({
      hasUpdate: false,
      forced: false,
      latest: { version: '4.3.3', versionCode: 100 },
    });
    const audit = await t.ok(consoleApi.auditPage, { action: 'app:version:withdraw' }, admin);
    expect(audit.list.map((a) => a.reason)).toContain('ios 9.9.9 (9999) forced');
    // Gone already, or never published: said so; bad input is refused before anything.
    await t.fails(
      adminVersionApi.withdraw,
      { platform: 'ios', versionCode: 9999 },
      admin,
      ErrorCode.VersionNotFound,
    );
    await t.fails(
      adminVersionApi.withdraw,
      { platform: 'ios', versionCode: 0 } as never,
      admin,
      ErrorCode.Validation,
    );
  });
});

describe('goods/list', () => {
  it('lists the active goods with USDT decimal prices', async () => {
    const member = await createUser(t);
    const goods = await t.ok(appGoodsApi.list, {}, member.token);
    expect(goods.length).toBeGreaterThanOrEqual(3);
    for (const g of goods) {
      expect(g.currency).toBe('USDT');
      expect(g.price).toMatch(/^\d+\.\d{2,6}$/);
      expect(parseUsdt(g.price) > 0n).toBe(true);
      expect(g.name).toBeTruthy();
    }
    expect(goods.find((g) => g.name.includes('1 month'))?.price).toBe('9.99');
    expect((await t.call(appGoodsApi.list, {})).status).toBe(401);
  });
});
