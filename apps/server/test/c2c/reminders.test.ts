import { orderPage } from '@chatpay/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';
import { createAd, createMerchant, createTrader, pay, startOrder } from './factories.ts';

/**
 * The countdown reminders reach the members' open apps (the `onC2COrderReminder` socket event), each member
 * with their role in the order, so the app says what they should do (docs/product.md#orders).
 */
describe('order reminders on the socket', () => {
  // Its own server: the test moves the clock.
  const t = useTestApp({ C2C_RELEASE_MINUTES: '10' });
  const remind = () => t.jobs.runNow('c2c-order-reminders');
  const sockets: ChatSocket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  it('pay soon to the buyer alone; release due to both, the seller asked to release, the buyer told to appeal', async () => {
    const merchant = await createMerchant(t);
    const buyer = await createTrader(t, '0');
    const stranger = await createTrader(t, '0');
    const ad = await createAd(t, merchant, { timeLimit: 15 });
    const [toSeller, toBuyer, toStranger] = await Promise.all(
      [merchant, buyer, stranger].map(async (who) => {
        const socket = await connectSocket(t, who.token);
        sockets.push(socket);
        return recorder(socket, 'onC2COrderReminder');
      }),
    );
    const orderId = Number((await startOrder(t, buyer, ad.id)).orderId);

    t.clock.advance(11 * 60_000);
    expect(await remind()).toBe(1);
    expect(await toBuyer!.next((e) => e.kind === 'payment-soon')).toEqual({
      orderId,
      kind: 'payment-soon',
      role: 'buyer',
      minutesLeft: 4,
      page: orderPage(orderId),
    });

    await pay(t, buyer, orderId);
    t.clock.advance(11 * 60_000);
    expect(await remind()).toBe(1);
    const due = { orderId, kind: 'release-due', minutesLeft: 0, page: orderPage(orderId) };
    expect(await toSeller!.next()).toEqual({ ...due, role: 'seller' });
    expect(await toBuyer!.next((e) => e.kind === 'release-due')).toEqual({ ...due, role: 'buyer' });
    // The seller never got "pay soon"; nobody else got anything; each reminder went out once.
    expect(toSeller!.seen).toHaveLength(1);
    expect(toBuyer!.seen).toHaveLength(2);
    expect(toStranger!.seen).toEqual([]);
  });
});
