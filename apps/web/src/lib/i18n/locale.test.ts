import { ErrorCode } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { htmlLang, resolveLocale } from './locale.ts';
import en from './locales/en.json';
import jp from './locales/jp.json';
import vn from './locales/vn.json';
import zh from './locales/zh.json';

type Tree = { [key: string]: string | Tree };
const flatEntries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatEntries(v, `${prefix}${k}.`),
  );
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );

describe('locale fallback', () => {
  it('uses the stored locale when it is supported', () => {
    expect(resolveLocale('en')).toBe('en');
    expect(resolveLocale('zh')).toBe('zh');
    expect(resolveLocale('vn')).toBe('vn');
    expect(resolveLocale('jp')).toBe('jp');
  });

  it('treats zh-Hans as zh', () => {
    expect(resolveLocale('zh-Hans')).toBe('zh');
  });

  it('falls back to en for a missing, empty or unknown setting', () => {
    expect(resolveLocale(null)).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('')).toBe('en');
    expect(resolveLocale('fr')).toBe('en');
    expect(resolveLocale('ZH')).toBe('en');
  });

  it('gives browsers a real language tag', () => {
    expect(htmlLang.vn).toBe('vi');
    expect(htmlLang.jp).toBe('ja');
  });
});

describe('locale files', () => {
  const files = { en, zh, vn, jp } as Record<string, Tree>;
  const reference = keys(en as Tree).sort();

  it.each(Object.keys(files))('%s has exactly the keys of en, none empty', (name) => {
    const tree = files[name]!;
    expect(keys(tree).sort()).toEqual(reference);
    const flat = (t: Tree): string[] =>
      Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : flat(v)));
    expect(flat(tree).filter((v) => v.trim() === '')).toEqual([]);
  });

  it('translates every shared error code', () => {
    for (const code of Object.values(ErrorCode)) expect(reference).toContain(`errors.${code}`);
  });

  it('has no English left in the other languages: a string equal to English is a name, a unit or a format', () => {
    // Names, units and formats read the same in every language; anything else equal to English was not
    // translated.
    const sameEverywhere =
      /^(ChatPay|USDT|IBAN|ID|OK|English|中文|Tiếng Việt|日本語|Alipay|WeChat|Webhook URL|Video|Menu|\[?Video\]?|pk_live_…|sk_live_…)$|^[^A-Za-z]*(\{\{\w+\}\}[^A-Za-z]*)*$|^<from>\{\{from\}\}<\/from>: $|^\{\{\w+\}\} USDT$|^\{\{name\}\} \(ID \{\{id\}\}\)$/;
    const english = new Map(flatEntries(en as Tree));
    for (const tree of [zh, vn, jp] as Tree[]) {
      const untranslated = flatEntries(tree).filter(
        ([key, text]) => text === english.get(key) && !sameEverywhere.test(text),
      );
      expect(untranslated).toEqual([]);
    }
  });

  it('is really translated: the UI strings differ from English', () => {
    for (const tree of [zh, vn, jp] as Tree[]) {
      expect((tree.tabs as Tree).contact).not.toBe((en.tabs as Tree).contact);
      expect((tree.errors as Tree)['1102']).not.toBe((en.errors as Tree)['1102']);
    }
  });
});

describe('dates in the reader language', () => {
  it('maps app codes to tags Intl understands', async () => {
    const { intlTag } = await import('./locale.ts');
    expect(intlTag('jp')).toBe('ja');
    expect(intlTag('vn')).toBe('vi');
    expect(intlTag('zh-Hans')).toBe('zh-Hans');
    expect(intlTag('xx')).toBe('en');
    const when = new Date(Date.UTC(2026, 10, 21, 15, 25));
    expect(when.toLocaleDateString(intlTag('jp'), { timeZone: 'UTC', month: 'long' })).toBe('11月');
  });
});
