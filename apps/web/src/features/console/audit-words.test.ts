import { auditActionKey, auditActions } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import en from '../../lib/i18n/locales/en.json';
import jp from '../../lib/i18n/locales/jp.json';
import vn from '../../lib/i18n/locales/vn.json';
import zh from '../../lib/i18n/locales/zh.json';

const locales = { en, zh, jp, vn };

describe('the audit log in words', () => {
  it.each(Object.entries(locales))(
    '%s words every action the server may record, and no other',
    (_, texts) => {
      const words = texts.console.auditAction as Record<string, string>;
      expect(Object.keys(words).sort()).toEqual(auditActions.map(auditActionKey).sort());
      for (const action of auditActions) expect(words[auditActionKey(action)], action).toMatch(/\S/);
    },
  );

  it('every action has its own key', () => {
    expect(new Set(auditActions.map(auditActionKey)).size).toBe(auditActions.length);
  });
});
