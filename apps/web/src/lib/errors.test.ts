import { ErrorCode } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { messageForCode } from './errors.ts';
import { i18nReady } from './i18n/index.ts';

describe('error texts', () => {
  it('a wrong PIN says how many tries are left, wherever it is typed', async () => {
    await i18nReady;
    expect(messageForCode(ErrorCode.WrongPin, 'Wrong payment PIN', { remainingAttempts: 3 })).toBe(
      'Wrong payment PIN. Tries left: 3',
    );
    // Without the count (an older server), the plain text.
    expect(messageForCode(ErrorCode.WrongPin, 'Wrong payment PIN', null)).toBe('Wrong payment PIN');
  });

  it('a refused new password says why', async () => {
    await i18nReady;
    expect(messageForCode(ErrorCode.WeakPassword, 'weak', { reason: 'tooShort', minLength: 12 })).toBe(
      'The password needs at least 12 characters',
    );
    expect(messageForCode(ErrorCode.WeakPassword, 'weak', { reason: 'common', minLength: 10 })).toContain(
      'common passwords',
    );
  });
});
