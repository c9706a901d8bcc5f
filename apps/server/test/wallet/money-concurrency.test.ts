import { randomUUID } from 'node:crypto';
import {
  appGoodsApi,
  ErrorCode,
  payDeskApi,
  type RedPacketDetail,
  redPacketApi,
  successData,
} from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredPackets } from '../../src/modules/wallet/redpacket/expiry.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import {
  balanceOf,
  createGroup,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { claim, expectBooksBalanced, expectEscrowMatchesPackets, sendPacketOk } from '../helpers/money.ts';
import { sleep } from '../helpers/wait.ts';

const micro = (s: string) => {
  const [w = '0', f = ''] = s.split('.');
  return BigInt(w) * 1_000_000n + BigInt(f.padEnd(6, '0'));
};

// PGlite runs one transaction at a time: real concurrency needs PostgreSQL.
describe.runIf(engine === 'postgres')('red packets and the pay desk under concurrency (PostgreSQL)', () => {
  let owner: TestUser;
  let members: TestUser[];
  let sessionId: number;
  const t = useTestApp();
  beforeAll(async () => {
    owner = await createUser(t);
    members = [];
    for (let i = 0; i < 40; i++) members.push(await createUser(t));
    sessionId = (await createGroup(t, owner, members)).sessionId;
    await setPin(t, owner);
    await credit(t, owner, '1000');
  }, 300_000);

  it('40 members claim a 10-share lucky packet at once: exactly 10 win, the sum is the total', async () => {
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'lucky', count: 10, amount: '7.77' });
    const results = await Promise.all(members.map((m) => claim(t, m, packet.id)));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect([1000, ErrorCode.RedPacketFinished]).toContain(r.code);
    }
    const won = results
      .filter((r) => r.code === 1000)
      .map((r) => micro(successData(redPacketApi.claim, r).amount));
    expect(won).toHaveLength(10);
    expect(won.reduce((a, b) => a + b, 0n)).toBe(7_770_000n);
    for (const w of won) expect(w >= 10_000n).toBe(true);
    const view = await t.ok(redPacketApi.detail, { id: packet.id }, owner.token);
    expect(view).toMatchObject({ status: 'finished', claimedCount: 10, claimedAmount: '7.77' });
    expect(view.claims.filter((c) => c.luckiest)).toHaveLength(1);
    await expectBooksBalanced(t);
    await expectEscrowMatchesPackets(t);
  }, 120_000);

  it('the same member claiming many times at once gets one share', async () => {
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'equal', count: 5, amount: '1' });
    const m = members[0]!;
    const before = micro((await balanceOf(t, m)).available);
    const results = await Promise.all(Array.from({ length: 15 }, () => claim(t, m, packet.id)));
    expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 1000))
      expect(r.code).toBe(ErrorCode.RedPacketAlreadyClaimed);
    expect(micro((await balanceOf(t, m)).available) - before).toBe(1_000_000n);
    await expectBooksBalanced(t);
  }, 60_000);

  it('claims racing the sweeper (several processes): every packet ends claimed + refunded = total', async () => {
    // Settle what earlier tests left open, so only this test's packets are open when the clock moves.
    t.clock.advance((t.config.RED_PACKET_TTL_SECONDS + 1) * 1000);
    await sweepExpiredPackets(t.database.db, t.realtime, t.clock);
    const packets: RedPacketDetail[] = [];
    for (let i = 0; i < 8; i++) {
      packets.push(
        (await sendPacketOk(t, owner, { sessionId, kind: 'lucky', count: 6, amount: '3' })).packet,
      );
    }
    const ids = packets.map((p) => p.id);
    // The packets expire 300 ms from now, while the claims and the sweepers run.
    t.clock.advance(t.config.RED_PACKET_TTL_SECONDS * 1000 - 300);
    const claims = members.slice(0, 30).flatMap((m, i) =>
      ids.map(async (id, j) => {
        await sleep(((i * 7 + j * 13) % 60) * 10);
        return claim(t, m, id);
      }),
    );
    // Three "processes" sweeping every 40 ms while the claims run.
    const sweepers = [0, 1, 2].map(async (k) => {
      let handled = 0;
      for (let i = 0; i < 20; i++) {
        await sleep(40 + k * 7);
        handled += await sweepExpiredPackets(t.database.db, t.realtime, t.clock);
      }
      return handled;
    });
    const [results, swept] = await Promise.all([Promise.all(claims), Promise.all(sweepers)]);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect([1000, ErrorCode.RedPacketFinished, ErrorCode.RedPacketExpired]).toContain(r.code);
    }
    // Finished packets are not swept; every expired packet was swept exactly once.
    const views = await Promise.all(ids.map((id) => t.ok(redPacketApi.detail, { id }, owner.token)));
    const expired = views.filter((v) => v.status === 'expired').length;
    expect(swept.reduce((a, b) => a + b, 0)).toBe(expired);
    for (const v of views) {
      expect(['finished', 'expired']).toContain(v.status);
      expect(micro(v.claimedAmount) + micro(v.refundedAmount)).toBe(3_000_000n);
      expect(v.claimedCount).toBeLessThanOrEqual(6);
    }
    await expectBooksBalanced(t);
    await expectEscrowMatchesPackets(t);
  }, 120_000);

  it('20 concurrent pays of one order: exactly one moves money', async () => {
    const buyer = members[1]!;
    await setPin(t, buyer);
    await credit(t, buyer, '100');
    const [goods] = await t.ok(appGoodsApi.list, {}, buyer.token);
    const created = await t.call(
      payDeskApi.create,
      { goodsId: goods!.id, requestId: randomUUID() },
      buyer.token,
    );
    expect(created.code).toBe(1000);
    const order = successData(payDeskApi.create, created);
    const before = micro((await balanceOf(t, buyer)).available);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(payDeskApi.pay, { orderNo: order.orderNo, pin: TEST_PIN }, buyer.token),
      ),
    );
    expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 1000)) expect(r.code).toBe(ErrorCode.PayOrderPaid);
    expect(before - micro((await balanceOf(t, buyer)).available)).toBe(micro(order.amount));
    await expectBooksBalanced(t);
  }, 60_000);
});
