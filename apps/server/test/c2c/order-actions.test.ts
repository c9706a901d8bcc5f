import { adminC2cApi, ErrorCode, type OrderAction, transactionApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { createAd, createMerchant, createTrader, pay, release, startOrder } from './factories.ts';

/**
 * An order carries what its viewer may do (`actions`, c2c/policies.ts); the web shows exactly these buttons.
 * Each case checks the actions both parties are shown against what the API then allows or refuses.
 */
const t = useTestApp();

/** What `user` is shown, on the order's detail and in their order list. */
const actionsOf = async (user: TestUser, id: number): Promise<OrderAction[]> => {
  const detail = await t.ok(transactionApi.detail, { id }, user.token);
  const listed = await t.ok(transactionApi.page, { size: 100 }, user.token);
  expect(listed.list.find((o) => o.orderId === id)?.actions).toEqual(detail.actions);
  return detail.actions;
};

const refusal = async (user: TestUser, action: OrderAction, id: number) => {
  const res =
    action === 'cancel'
      ? await t.call(transactionApi.canceled, { id }, user.token)
      : action === 'paid'
        ? await t.call(transactionApi.payment, { id }, user.token)
        : action === 'release'
          ? await t.call(transactionApi.completed, { id, pin: TEST_PIN }, user.token)
          : await t.call(
              transactionApi.appealing,
              { id, reason: 'not released', proof: ['/uploads/proof.png'] },
              user.token,
            );
  return res.code;
};

/**
 * Every action not shown to `user` is refused by the API (and nothing changes). One answer is not an action:
 * the seller's release of an order they released replays its answer (a retry after a lost answer).
 */
const expectOthersRefused = async (user: TestUser, id: number, shown: OrderAction[]) => {
  const detail = await t.ok(transactionApi.detail, { id }, user.token);
  const status = detail.status;
  const replays = (action: OrderAction) =>
    action === 'release' && status === 'completed' && detail.role === 'seller';
  for (const action of ['cancel', 'paid', 'release', 'appeal'] as const) {
    if (shown.includes(action)) continue;
    if (replays(action)) expect(await refusal(user, action, id), 'a replayed release').toBe(1000);
    else expect(await refusal(user, action, id), `${action} on ${status}`).not.toBe(1000);
  }
  expect((await t.ok(transactionApi.detail, { id }, user.token)).status).toBe(status);
};

const anOrder = async () => {
  const seller = await createMerchant(t, '200');
  const ad = await createAd(t, seller, { quantity: '100' });
  const buyer = await createTrader(t);
  const order = await startOrder(t, buyer, ad.id, '10');
  return { seller, buyer, order, id: order.orderId };
};

describe('order actions while pending', () => {
  it('lets the buyer cancel or mark paid; the seller waits', async () => {
    const { seller, buyer, order, id } = await anOrder();
    expect(order.actions).toEqual(['cancel', 'paid']);
    expect(await actionsOf(buyer, id)).toEqual(['cancel', 'paid']);
    expect(await actionsOf(seller, id)).toEqual([]);
    await expectOthersRefused(seller, id, []);
    await expectOthersRefused(buyer, id, ['cancel', 'paid']);
    // Both shown actions are allowed.
    await pay(t, buyer, id);
    const other = await anOrder();
    expect((await t.ok(transactionApi.canceled, { id: other.id }, other.buyer.token)).actions).toEqual([]);
  });

  it('past the payment deadline the buyer may only cancel, before the sweeper runs', async () => {
    const { seller, buyer, id } = await anOrder();
    t.clock.advance((15 * 60 + 1) * 1000); // the ad's 15-minute payment limit
    expect(await actionsOf(buyer, id)).toEqual(['cancel']);
    expect(await actionsOf(seller, id)).toEqual([]);
    expect(await refusal(buyer, 'paid', id)).toBe(ErrorCode.PaymentDeadlinePassed);
    await expectOthersRefused(buyer, id, ['cancel']);
    expect(await refusal(buyer, 'cancel', id)).toBe(1000);
  });
});

describe('order actions once paid', () => {
  it('lets the seller release or appeal at once; the buyer appeals only after the release countdown', async () => {
    const { seller, buyer, id } = await anOrder();
    expect((await pay(t, buyer, id)).actions).toEqual([]);
    expect(await actionsOf(seller, id)).toEqual(['appeal', 'release']);
    expect(await actionsOf(buyer, id)).toEqual([]);
    expect(await refusal(buyer, 'appeal', id)).toBe(ErrorCode.AppealTooEarly);
    await expectOthersRefused(buyer, id, []);
    await expectOthersRefused(seller, id, ['appeal', 'release']);

    // The seller's appeal is allowed at once.
    const early = await anOrder();
    await pay(t, early.buyer, early.id);
    expect(await refusal(early.seller, 'appeal', early.id)).toBe(1000);

    // The seller's release is allowed.
    const released = await anOrder();
    await pay(t, released.buyer, released.id);
    expect((await release(t, released.seller, released.id)).actions).toEqual([]);

    // Past the release countdown the buyer may appeal, and does.
    t.clock.advance((t.config.C2C_RELEASE_MINUTES * 60 + 1) * 1000);
    expect(await actionsOf(buyer, id)).toEqual(['appeal']);
    expect(await actionsOf(seller, id)).toEqual(['appeal', 'release']);
    await expectOthersRefused(buyer, id, ['appeal']);
    expect(await refusal(buyer, 'appeal', id)).toBe(1000);
  });
});

describe('order actions when nothing is left to do', () => {
  it('offers nothing on completed, canceled and appealing orders, and the API refuses every call', async () => {
    const completed = await anOrder();
    await pay(t, completed.buyer, completed.id);
    await release(t, completed.seller, completed.id);

    const canceled = await anOrder();
    await t.ok(transactionApi.canceled, { id: canceled.id }, canceled.buyer.token);

    const appealing = await anOrder();
    await pay(t, appealing.buyer, appealing.id);
    expect(await refusal(appealing.seller, 'appeal', appealing.id)).toBe(1000);

    for (const [status, o] of [
      ['completed', completed],
      ['canceled', canceled],
      ['appealing', appealing],
    ] as const) {
      for (const party of [o.buyer, o.seller]) {
        const detail = await t.ok(transactionApi.detail, { id: o.id }, party.token);
        expect(detail.status).toBe(status);
        expect(await actionsOf(party, o.id)).toEqual([]);
        await expectOthersRefused(party, o.id, []);
      }
    }
  });

  it('does not show a viewer’s actions to support', async () => {
    const { buyer, id } = await anOrder();
    await pay(t, buyer, id);
    t.clock.advance((t.config.C2C_RELEASE_MINUTES * 60 + 1) * 1000);
    expect(await refusal(buyer, 'appeal', id)).toBe(1000);
    const support = await adminToken(t);
    const res = await t.call(adminC2cApi.appealInfo, { id }, support);
    expect(res.code).toBe(1000);
    expect(res.data).not.toHaveProperty('actions');
  });
});
