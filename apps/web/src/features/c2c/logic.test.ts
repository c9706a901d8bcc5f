import { ErrorCode } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import {
  cardLabel,
  floatPreview,
  formatCountdown,
  isKnownStatus,
  orderEventLanding,
  previewOrder,
  samePage,
  secondsUntil,
} from './logic.ts';

describe('countdown', () => {
  it('shows mm:ss below an hour and h:mm:ss from an hour on', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(15 * 60)).toBe('15:00');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(2 * 3600 + 61)).toBe('2:01:01');
  });

  it('counts whole seconds to a deadline, never below zero', () => {
    const now = Date.parse('2025-01-01T00:00:00.000Z');
    expect(secondsUntil('2025-01-01T00:15:00.000Z', now)).toBe(900);
    expect(secondsUntil('2025-01-01T00:00:00.500Z', now)).toBe(1);
    expect(secondsUntil('2024-12-31T23:59:00.000Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
    expect(secondsUntil('garbage', now)).toBe(0);
  });
});

describe('order preview (the shared pricing rules, packages/shared/test/pricing.test.ts)', () => {
  const ad = { price: '7.20', remaining: '100.00', minLimit: '10.00', maxLimit: '500.00', useShare: true };

  it('converts fiat to coins rounded down, with the fee and what arrives', () => {
    expect(previewOrder(ad, 'fiat', '72', '0.1')).toEqual({
      amountCoin: '10.00',
      amountFiat: '72',
      fee: '0.01',
      receive: '9.99',
      verdict: { ok: true, amountCoin: 10_000_000n, amountFiat: 7_200n, charge: 10_000n },
    });
    expect(previewOrder({ ...ad, price: '7.21' }, 'fiat', '100', '0.1').amountCoin).toBe('13.869625');
  });

  it('converts coins to fiat rounded up to a cent', () => {
    expect(previewOrder(ad, 'coin', '20', '0.1')).toMatchObject({ amountCoin: '20', amountFiat: '144.00' });
    expect(previewOrder({ ...ad, price: '7.21' }, 'coin', '1.234567', '1.25')).toMatchObject({
      amountFiat: '8.91',
      fee: '0.015433',
    });
  });

  it('gives the server its say: the same refusals with the same details', () => {
    expect(previewOrder(ad, 'coin', '0.5', '0.1').verdict).toMatchObject({
      ok: false,
      code: ErrorCode.AmountBelowMinimum,
    });
    expect(previewOrder(ad, 'coin', '100.5', '0.1').verdict).toMatchObject({
      ok: false,
      code: ErrorCode.ExceedsRemaining,
    });
    expect(previewOrder(ad, 'fiat', '9.99', '0.1').verdict).toEqual({
      ok: false,
      code: ErrorCode.AmountOutOfLimits,
      details: { min: '10.00', max: '500.00' },
    });
  });

  it('has no verdict while the amount is not a positive number', () => {
    for (const [mode, text] of [
      ['coin', 'abc'],
      ['coin', '1.1234567'],
      ['fiat', '1.001'],
      ['fiat', '0'],
      ['coin', ''],
    ] as const) {
      expect(previewOrder(ad, mode, text, '0.1').verdict, `${mode} ${text}`).toBeNull();
    }
    expect(previewOrder(ad, 'coin', 'abc', '0.1')).toMatchObject({
      amountFiat: null,
      fee: null,
      receive: null,
    });
  });
});

describe('card names', () => {
  const meta = (o: Record<string, string>) => JSON.stringify(o);
  it('keeps a name the card already has', () => {
    expect(cardLabel({ name: 'Mine', code: '42', metadata: '{}' })).toMatchObject({
      name: 'Mine',
      code: '42',
    });
  });
  it('derives bank, Alipay, WeChat and card-provider names', () => {
    const bank = meta({ childType: 'bank', name: 'Ann Lee', bankName: 'ICBC', cardNumber: '6222 0001' });
    expect(cardLabel({ name: '', code: '', metadata: bank })).toMatchObject({
      name: 'Ann Lee(ICBC)',
      code: '6222 0001',
    });
    const ali = meta({ childType: 'alipay', name: 'Ann', account: 'ann@example.com' });
    expect(cardLabel({ name: '', code: '', metadata: ali })).toMatchObject({
      name: 'Ann',
      code: 'ann@example.com',
    });
    const wx = meta({ childType: 'wechat', name: 'Ann', account: 'wx_ann' });
    expect(cardLabel({ name: '', code: '', metadata: wx })).toMatchObject({ name: 'Ann', code: 'wx_ann' });
    const card = meta({ childType: 'card', name: 'Shop', publishKey: 'pk_live_1' });
    expect(cardLabel({ name: '', code: '', metadata: card })).toMatchObject({
      name: 'Stripe(Shop)',
      code: 'pk_live_1',
    });
  });
  it('reads metadata that arrives already parsed, and survives broken metadata', () => {
    expect(
      cardLabel({ name: '', code: '', metadata: { childType: 'alipay', name: 'A', account: 'x' } as never })
        .name,
    ).toBe('A');
    expect(cardLabel({ name: '', code: '', metadata: '{oops' }).name).toBe('Stripe()');
  });
});

// What an order offers is the server's `actions` (apps/server/test/c2c/order-actions.test.ts).
describe('order statuses', () => {
  it('knows the statuses of the contract only', () => {
    expect(isKnownStatus('refunded')).toBe(false);
    expect(isKnownStatus('payment')).toBe(true);
  });
});

describe('order status event navigation', () => {
  it('treats the same path and query pairs as the same page', () => {
    expect(samePage('/pages/c2c/detail?id=5', '/pages/c2c/detail?id=5')).toBe(true);
    expect(samePage('/pages/c2c/detail?id=5&x=1', '/pages/c2c/detail?x=1&id=5')).toBe(true);
    expect(samePage('/pages/c2c/detail?id=5', '/pages/c2c/detail?id=6')).toBe(false);
    expect(samePage('/pages/c2c/detail?id=5', '/pages/c2c/order')).toBe(false);
  });

  it("moves only from the same order's own pages; elsewhere it offers a banner", () => {
    expect(orderEventLanding('/pages/c2c/detail?id=5', '/pages/c2c/detail?id=5')).toBe('stay');
    expect(orderEventLanding('/pages/c2c/detail?id=5', '/pages/c2c/trans?id=5')).toBe('open');
    // Another order's page, the market's lists, a chat (even the order's own), any other page: a banner.
    expect(orderEventLanding('/pages/c2c/detail?id=5', '/pages/c2c/detail?id=6')).toBe('banner');
    expect(orderEventLanding('/pages/c2c/detail?id=5', '/pages/c2c/order')).toBe('banner');
    expect(orderEventLanding('/pages/c2c/detail?id=5', '/pages/chat/index?id=5')).toBe('banner');
    expect(orderEventLanding('/pages/c2c/detail?id=5', '/pages/index/index')).toBe('banner');
    expect(orderEventLanding('/pages/c2c/detail?id=5', '')).toBe('banner');
  });
});

describe('floatPreview', () => {
  it('prices a floating ad like the server: rate × percent, half up to the cent', () => {
    expect(floatPreview('7.20', '101.5')).toBe('7.31');
    expect(floatPreview('7.50', '101.5')).toBe('7.61');
    expect(floatPreview('7.20', '100')).toBe('7.20');
    expect(floatPreview('7.20', '1e2')).toBe('—');
    expect(floatPreview('x', '100')).toBe('—');
  });
});
