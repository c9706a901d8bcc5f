import { describe, expect, it } from 'vitest';
import { registerPlugins } from '../../app/plugins.ts';
import { noticeText, sessionTitle } from '../chat/index.ts';
import { localClock, utcMinutes } from './logic.ts';

// The kinds and notices of other features, as the app registers them at start-up.
registerPlugins();

describe('order chats', () => {
  it('are titled by their order, other chats by their name', () => {
    expect(sessionTitle({ name: 'Alice', trade: { orderId: 3, orderNo: '261124123456789012' } })).toBe(
      'Order #…789012 · Alice',
    );
    expect(sessionTitle({ name: 'Alice', trade: null })).toBe('Alice');
  });

  it('name the customer-service chat in the member language, not by the seeded account name', () => {
    expect(sessionTitle({ name: 'Seeded name', trade: null, kind: 'service' })).toBe('Customer Service');
    expect(sessionTitle({ name: 'Mira', trade: null, kind: 'mcc' })).toBe('Mira');
  });

  it('label who appealed and what support decided', () => {
    expect(
      noticeText({ type: 'c2c.appeal', by: 'seller', reasonCode: 'not_received', text: 'nothing came' }),
    ).toBe('Seller appealed: Payment not received · nothing came');
    expect(noticeText({ type: 'c2c.appeal', by: 'buyer', reasonCode: '', text: 'I paid' })).toBe(
      'Buyer appealed: I paid',
    );
    expect(noticeText({ type: 'c2c.resolve', result: 'canceled', text: 'no payment' })).toBe(
      'Support decided: order canceled, coins back to the seller. no payment',
    );
    expect(noticeText({ type: 'c2c.order', orderNo: '261124000000000001', text: 'Order 1 created' })).toBe(
      'Order #261124000000000001 created',
    );
    expect(noticeText({ type: 'c2c.unknownThing', text: 'server text' })).toBe('server text');
  });
});

describe('business hours in local time', () => {
  it('convert to and from UTC minutes, wrapping midnight', () => {
    // UTC+8: getTimezoneOffset() is -480.
    expect(utcMinutes('09:00', -480)).toBe(60);
    expect(utcMinutes('02:30', -480)).toBe(1110);
    expect(localClock(60, -480)).toBe('09:00');
    expect(localClock(1110, -480)).toBe('02:30');
    // UTC-5.
    expect(utcMinutes('22:00', 300)).toBe(180);
    expect(localClock(180, 300)).toBe('22:00');
    expect(utcMinutes('9:00')).toBeNull();
  });
});
