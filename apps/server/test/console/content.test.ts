import {
  adminContentApi,
  baseApi,
  consoleApi,
  type DocumentKey,
  dictApi,
  documentKeys,
  ErrorCode,
  LOCALES,
  type Locale,
  userApi,
} from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { params } from '../../src/db/schema/index.ts';
import { seedBase } from '../../src/modules/base/seed.ts';
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
  /** A phrase each built-in text has in its own language and no other. */
  const titles: Record<Locale, Record<DocumentKey, RegExp>> = {
    en: { userAgreement: /User Agreement/, privacyPolicy: /Privacy Policy/, aboutUs: /^About / },
    zh: { userAgreement: /用户协议/, privacyPolicy: /隐私政策/, aboutUs: /^关于 / },
    jp: { userAgreement: /利用規約/, privacyPolicy: /プライバシーポリシー/, aboutUs: /について\n/ },
    vn: {
      userAgreement: /^Thỏa thuận người dùng/,
      privacyPolicy: /^Chính sách quyền riêng tư/,
      aboutUs: /^Giới thiệu/,
    },
  };
  /** Its own script: Han without kana for Chinese, kana for Japanese, Vietnamese's stacked marks. */
  const script: Record<Exclude<Locale, 'en'>, (text: string) => boolean> = {
    zh: (text) => /[\u4e00-\u9fff]{8}/.test(text) && !/[\u3040-\u30ff]/.test(text),
    jp: (text) => /[\u3040-\u30ff]{5}/.test(text),
    vn: (text) => /[ảạặẫễệộợủừữỳ]/.test(text),
  };
  const translated = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');
  const read = (key: DocumentKey, lang?: Locale) => t.ok(baseApi.param, lang ? { key, lang } : { key });

  it('a fresh install answers each document in the reader’s language, English without one', async () => {
    for (const key of documentKeys) {
      const english = (await read(key))!;
      expect(english).toMatch(titles.en[key]);
      expect(await read(key, 'en')).toBe(english);
      for (const lang of translated) {
        const text = (await read(key, lang))!;
        expect(text, `${key}.${lang}`).toMatch(titles[lang][key]);
        expect(script[lang](text), `${key}.${lang} script`).toBe(true);
        expect(text).toContain(t.config.APP_NAME);
        // The same sections and paragraphs as the English, and the names that stay as they are.
        expect(text.split('\n\n')).toHaveLength(english.split('\n\n').length);
        expect(text.match(/^\d+\. /gm)).toEqual(english.match(/^\d+\. /gm));
        for (const name of ['USDT', 'TRC20', 'ERC20', 'BEP20', 'C2C'])
          expect(text.includes(name), `${key}.${lang} ${name}`).toBe(english.includes(name));
        for (const other of LOCALES.filter((l) => l !== lang)) expect(text).not.toMatch(titles[other][key]);
      }
    }
  });

  it('the console lists the built-in text of every language as such', async () => {
    const docs = await t.ok(adminContentApi.documents, {}, admin);
    expect(docs).toHaveLength(12);
    for (const key of documentKeys) {
      const en = docs.find((d) => d.key === key && d.lang === 'en')!;
      // English stays on the base key: no row of its own, the base text shown.
      expect(en).toMatchObject({ value: await read(key), updateTime: null, builtIn: true });
      for (const lang of translated) {
        const doc = docs.find((d) => d.key === key && d.lang === lang)!;
        expect(doc.value).toBe(await read(key, lang));
        expect(doc.value).toMatch(titles[lang][key]);
        expect(doc.builtIn).toBe(true);
        expect(doc.updateTime).not.toBeNull();
      }
    }
  });

  it('keeps a text staff saved across restarts, and seeds a translation an older install lacks', async () => {
    const builtInZh = await read('userAgreement', 'zh');
    const saved = await t.ok(
      adminContentApi.documentSave,
      { key: 'userAgreement', lang: 'zh', value: '  用户协议（运营方版本）  ' },
      admin,
    );
    expect(saved).toMatchObject({
      key: 'userAgreement',
      lang: 'zh',
      value: '用户协议（运营方版本）',
      builtIn: false,
    });
    // An install from before the translations: its Vietnamese about text was never written.
    await t.database.db.delete(params).where(eq(params.key, 'aboutUs.vn'));
    expect(await read('aboutUs', 'vn')).toBe(await read('aboutUs'));

    await seedBase(t.database.db, t.config); // what every start runs

    expect(await read('userAgreement', 'zh')).toBe('用户协议（运营方版本）');
    expect(await read('userAgreement', 'jp')).toMatch(titles.jp.userAgreement);
    expect(await read('aboutUs', 'vn')).toMatch(titles.vn.aboutUs);
    const docs = await t.ok(adminContentApi.documents, {}, admin);
    expect(docs.find((d) => d.key === 'userAgreement' && d.lang === 'zh')).toMatchObject({
      value: '用户协议（运营方版本）',
      builtIn: false,
      updateTime: saved.updateTime,
    });
    expect(docs.find((d) => d.key === 'aboutUs' && d.lang === 'vn')?.builtIn).toBe(true);

    // Saving empty brings the built-in text back.
    const restored = await t.ok(
      adminContentApi.documentSave,
      { key: 'userAgreement', lang: 'zh', value: '' },
      admin,
    );
    expect(restored).toMatchObject({ value: builtInZh, builtIn: true });
    expect(await read('userAgreement', 'zh')).toBe(builtInZh);
  });

  it('English edits live beside the base text; empty goes back to it; every save audited', async () => {
    const base = await read('privacyPolicy');
    const saved = await t.ok(
      adminContentApi.documentSave,
      { key: 'privacyPolicy', lang: 'en', value: 'Our privacy policy' },
      admin,
    );
    expect(saved).toMatchObject({ value: 'Our privacy policy', builtIn: false });
    expect(saved.updateTime).not.toBeNull();
    expect(await read('privacyPolicy', 'en')).toBe('Our privacy policy');
    expect(await read('privacyPolicy')).toBe(base);
    expect(await read('privacyPolicy', 'zh')).toMatch(titles.zh.privacyPolicy);

    const restored = await t.ok(
      adminContentApi.documentSave,
      { key: 'privacyPolicy', lang: 'en', value: ' ' },
      admin,
    );
    expect(restored).toMatchObject({ value: base, updateTime: null, builtIn: true });
    expect(await read('privacyPolicy', 'en')).toBe(base);

    const audit = await t.ok(consoleApi.auditPage, { action: 'base:document:update' }, admin);
    expect(audit.list.map((a) => a.reason)).toEqual([
      'privacyPolicy.en: built-in text restored',
      'privacyPolicy.en: 18 characters',
      'userAgreement.zh: built-in text restored',
      'userAgreement.zh: 11 characters',
    ]);
  });

  it('refuses a key that is not a document and a language the app does not speak', async () => {
    await t.fails(
      adminContentApi.documentSave,
      { key: 'appName', lang: 'zh', value: 'x' } as never,
      admin,
      ErrorCode.Validation,
    );
    await t.fails(baseApi.param, { key: 'aboutUs', lang: 'fr' } as never, undefined, ErrorCode.Validation);
  });
});
