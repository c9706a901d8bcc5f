import { adminContentApi, baseApi, consoleApi, dictApi, ErrorCode, userApi } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken } from '../helpers/factories.ts';

/** Content: the dictionary editor and the documents per language. */
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1' });
let admin: string;
let support: string;
beforeAll(async () => {
  admin = await adminToken(t);
  ({ token: support } = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' }));
});

describe('dictionary', () => {
  it('admin adds, edits, orders and deletes entries; the app reads them in order; every change audited', async () => {
    const types = await t.ok(adminContentApi.dictTypes, {}, admin);
    const feedback = types.find((x) => x.key === 'feedbackType')!;
    const added = await t.ok(
      adminContentApi.dictAdd,
      { typeId: feedback.id, name: 'Praise', value: 'praise', orderNum: 1000 },
      admin,
    );
    expect(added).toMatchObject({ type: 'feedbackType', name: 'Praise', value: 'praise', remark: '' });
    const first = async () => (await t.ok(dictApi.data, { types: ['feedbackType'] })).feedbackType![0];
    expect(await first()).toMatchObject({ value: 'praise', name: 'Praise' });
    await t.fails(
      adminContentApi.dictAdd,
      { typeId: feedback.id, name: 'Again', value: 'praise', orderNum: 1 },
      admin,
      ErrorCode.Conflict,
    );
    await t.fails(
      adminContentApi.dictAdd,
      { typeId: 999_999, name: 'X', value: 'x', orderNum: 1 },
      admin,
      ErrorCode.NotFound,
    );

    const edited = await t.ok(
      adminContentApi.dictUpdate,
      { id: added.id, name: 'Compliment', value: 'praise', orderNum: -5, remark: 'last' },
      admin,
    );
    expect(edited).toMatchObject({ name: 'Compliment', orderNum: -5, remark: 'last' });
    const list = (await t.ok(dictApi.data, { types: ['feedbackType'] })).feedbackType!;
    expect(list.at(-1)).toMatchObject({ value: 'praise', name: 'Compliment' });

    const page = await t.ok(adminContentApi.dictPage, { typeId: feedback.id, keyword: 'compl' }, admin);
    expect(page.list.map((e) => e.id)).toEqual([added.id]);

    expect(await t.ok(adminContentApi.dictDelete, { ids: [added.id] }, admin)).toEqual({ deleted: 1 });
    expect(
      (await t.ok(dictApi.data, { types: ['feedbackType'] })).feedbackType!.map((e) => e.value),
    ).not.toContain('praise');
    await t.fails(
      adminContentApi.dictUpdate,
      { id: added.id, name: 'X', value: 'x', orderNum: 1 },
      admin,
      ErrorCode.NotFound,
    );
    const audit = await t.ok(consoleApi.auditPage, { action: 'dict:info:' }, admin);
    expect(audit.list.map((a) => a.action)).toEqual([
      'dict:info:delete',
      'dict:info:update',
      'dict:info:add',
    ]);
  });

  it('refuses bad input and support', async () => {
    for (const input of [
      { typeId: 1, name: '', value: 'v', orderNum: 1 },
      { typeId: 1, name: 'n', value: 'x'.repeat(65), orderNum: 1 },
      { typeId: 1, name: 'n', value: 'v', orderNum: 1.5 },
      { typeId: 0, name: 'n', value: 'v', orderNum: 1 },
    ]) {
      await t.fails(adminContentApi.dictAdd, input, admin, ErrorCode.Validation);
    }
    await t.fails(adminContentApi.dictDelete, { ids: [] }, admin, ErrorCode.Validation);
    await t.fails(adminContentApi.dictPage, {}, support, ErrorCode.Forbidden);
    await t.fails(adminContentApi.documents, {}, support, ErrorCode.Forbidden);
  });
});

describe('documents per language', () => {
  it('the app reads the text in its language, the default otherwise; removing one restores the default', async () => {
    const fallback = await t.ok(baseApi.param, { key: 'privacyPolicy' });
    expect(fallback).toBeTruthy();
    const saved = await t.ok(
      adminContentApi.documentSave,
      { key: 'privacyPolicy', lang: 'zh', value: '  隐私政策（测试）  ' },
      admin,
    );
    expect(saved).toMatchObject({ key: 'privacyPolicy', lang: 'zh', value: '隐私政策（测试）' });
    expect(await t.ok(baseApi.param, { key: 'privacyPolicy', lang: 'zh' })).toBe('隐私政策（测试）');
    expect(await t.ok(baseApi.param, { key: 'privacyPolicy', lang: 'jp' })).toBe(fallback);
    expect(await t.ok(baseApi.param, { key: 'privacyPolicy' })).toBe(fallback);

    const docs = await t.ok(adminContentApi.documents, {}, admin);
    expect(docs).toHaveLength(12);
    expect(docs.find((d) => d.key === 'privacyPolicy' && d.lang === 'zh')).toMatchObject({
      value: '隐私政策（测试）',
    });
    expect(docs.find((d) => d.key === 'aboutUs' && d.lang === 'vn')).toMatchObject({
      value: '',
      updateTime: null,
    });

    await t.ok(adminContentApi.documentSave, { key: 'privacyPolicy', lang: 'zh', value: '' }, admin);
    expect(await t.ok(baseApi.param, { key: 'privacyPolicy', lang: 'zh' })).toBe(fallback);
    const audit = await t.ok(consoleApi.auditPage, { action: 'base:document:update' }, admin);
    expect(audit.list.map((a) => a.reason)).toEqual([
      'privacyPolicy.zh: removed',
      'privacyPolicy.zh: 8 characters',
    ]);

    await t.fails(
      adminContentApi.documentSave,
      { key: 'appName', lang: 'zh', value: 'x' } as never,
      admin,
      ErrorCode.Validation,
    );
    await t.fails(baseApi.param, { key: 'aboutUs', lang: 'fr' } as never, undefined, ErrorCode.Validation);
  });
});
