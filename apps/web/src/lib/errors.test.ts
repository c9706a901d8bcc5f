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

  it('a refused profile field is named as the member knows it, not as the call names it', async () => {
    await i18nReady;
    expect(messageForCode(ErrorCode.Validation, 'Invalid input: phone', [{ field: 'phone' }])).toBe(
      'Please check: phone number',
    );
    expect(messageForCode(ErrorCode.Validation, 'Invalid input: avatar', [{ field: 'avatar' }])).toBe(
      'Please check: profile picture',
    );
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

  it('the hold and the 24-hour limit say until when and how much is left', async () => {
    await i18nReady;
    const held = messageForCode(ErrorCode.OutflowHeld, 'server text', {
      until: '2026-11-28T22:22:00.000Z',
      remaining: '2.00',
    });
    expect(held).toMatch(
      /^Your password or PIN changed recently: until .*2026.* you can send at most 2\.00 USDT more/,
    );
    expect(
      messageForCode(ErrorCode.OutflowLimitReached, 'server text', { limit: '300.00', remaining: '100.00' }),
    ).toBe('You can send 300.00 USDT in 24 hours: 100.00 USDT is left now');
    expect(
      messageForCode(ErrorCode.AddressNotYetUsable, 'server text', {
        usableFrom: '2026-11-28T22:22:00.000Z',
      }),
    ).toMatch(/^This address was saved recently: it can be used from .*2026/);
    // Without details, the plain text.
    expect(messageForCode(ErrorCode.OutflowHeld, 'server text', null)).toMatch(/paused for a while$/);
  });
});

describe('identity verification refusals', () => {
  it('name the level a gate needs, the verified name a holder must be, and the level’s withdrawal amount', async () => {
    await i18nReady;
    expect(messageForCode(ErrorCode.VerificationRequired, 'server text', { required: 2, actual: 1 })).toBe(
      'Verify your identity first: this needs verification level 2 (Me → Identity verification)',
    );
    expect(messageForCode(ErrorCode.NameMismatch, 'server text', { verifiedName: 'Wang Fang' })).toBe(
      'The account holder must be your verified name: Wang Fang',
    );
    expect(
      messageForCode(ErrorCode.WithdrawalLevelLimit, 'server text', {
        level: 0,
        limit: '500.00',
        remaining: '40.00',
      }),
    ).toBe(
      'Your verification level allows 500.00 USDT of withdrawals in 24 hours: 40.00 USDT is left now. Verify your identity to withdraw more.',
    );
    expect(
      messageForCode(ErrorCode.TakerRequirementNotMet, 'server text', {
        rule: 'takerLevel',
        required: 2,
        actual: 1,
      }),
    ).toBe('This ad needs takers verified at level 2; yours is level 1');
  });
});
