import { type OrderReminderPayload, orderPage } from '@chatpay/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reminderKey, reminderLanding } from './logic.ts';
import { useOrderBanner } from './order-banner.ts';

/** The socket as the market sees it, and what the handler may do: navigate, toast. */
const app = vi.hoisted(() => ({
  handlers: new Map<string, (p: unknown) => void>(),
  navigate: [] as unknown[],
  toasts: [] as string[],
}));
vi.mock('../../lib/socket.ts', () => ({
  onServerEvent: (event: string, handler: (p: unknown) => void) => {
    app.handlers.set(event, handler);
    return () => undefined;
  },
  onSocketConnect: () => () => undefined,
}));
vi.mock('../../lib/router/navigate.ts', () => ({ navigate: (to: unknown) => app.navigate.push(to) }));
vi.mock('../../lib/toast.ts', () => ({ toast: (text: string) => app.toasts.push(text) }));
vi.mock('../chat/index.ts', () => ({ isComposing: () => false, playMessageSound: () => undefined }));
vi.mock('../settings/index.ts', () => ({ orderSoundAllowed: () => false }));

/** The page the member is on, as the hash router keeps it. */
const onPage = (route: string) => {
  (globalThis as { window?: unknown }).window = { location: { hash: `#${route}` } };
};

const paySoon: OrderReminderPayload = {
  orderId: 5,
  kind: 'payment-soon',
  role: 'buyer',
  minutesLeft: 4,
  page: orderPage(5),
};
const releaseDue = (role: 'buyer' | 'seller'): OrderReminderPayload => ({
  orderId: 5,
  kind: 'release-due',
  role,
  minutesLeft: 0,
  page: orderPage(5),
});

describe('what a reminder says, and where', () => {
  it('the buyer is asked to pay in time; the seller to release; the buyer told they may appeal', () => {
    expect(reminderKey(paySoon)).toBe('c2c.reminder.paySoon');
    expect(reminderKey(releaseDue('seller'))).toBe('c2c.reminder.releaseSeller');
    expect(reminderKey(releaseDue('buyer'))).toBe('c2c.reminder.releaseBuyer');
  });

  it('a toast on the order itself, the banner anywhere else', () => {
    expect(reminderLanding(orderPage(5), '/pages/c2c/detail?id=5')).toBe('toast');
    expect(reminderLanding(orderPage(5), '/pages/c2c/detail?id=6')).toBe('banner');
    expect(reminderLanding(orderPage(5), '/pages/index/chat')).toBe('banner');
  });
});

describe('an in-app reminder (onC2COrderReminder)', () => {
  const remind = (payload: unknown) => app.handlers.get('onC2COrderReminder')?.(payload);
  beforeAll(async () => {
    const { startC2CRealtime } = await import('./realtime.ts');
    startC2CRealtime(new QueryClient());
  });
  beforeEach(() => {
    useOrderBanner.getState().dismiss();
    app.navigate.length = 0;
    app.toasts.length = 0;
  });

  it('in a chat: the banner offers the order, the member stays where they are', () => {
    onPage('/pages/chat/index?id=9');
    remind(paySoon);
    expect(useOrderBanner.getState().order).toEqual(paySoon);
    expect(app.navigate).toEqual([]);
  });

  it('on another market page of the same id (where a status event would move them): only the banner', () => {
    onPage('/pages/c2c/trans?id=5');
    remind(releaseDue('seller'));
    expect(useOrderBanner.getState().order).toEqual(releaseDue('seller'));
    expect(app.navigate).toEqual([]);
  });

  it('on the order itself: a toast in the member language, no banner, no move', async () => {
    onPage(orderPage(5));
    remind(paySoon);
    await vi.waitFor(() => expect(app.toasts).toEqual(['Pay within 4 min or the order is canceled']));
    expect(useOrderBanner.getState().order).toBeNull();
    expect(app.navigate).toEqual([]);
  });

  it('a payload that is not a reminder is ignored', () => {
    onPage('/pages/index/chat');
    remind({ orderId: 5, kind: 'payment-soon' });
    expect(useOrderBanner.getState().order).toBeNull();
  });

  it('an order status event still shows as a status in the banner', () => {
    onPage('/pages/index/chat');
    app.handlers.get('onC2COrderStatus')?.({ orderId: 7, status: 'payment', page: orderPage(7) });
    expect(useOrderBanner.getState().order).toEqual({
      kind: 'status',
      orderId: 7,
      status: 'payment',
      page: orderPage(7),
    });
  });
});
