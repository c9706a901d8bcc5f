import { randomUUID } from 'node:crypto';
import { ErrorCode, groupApi, messageApi, redPacketApi, successData } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  balanceOf,
  createFriendPair,
  createGroupOf,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import {
  availableOf,
  claim,
  expectBooksBalanced,
  passPacketLifetime,
  sendPacket,
  sendPacketOk,
  systemBalance,
} from '../helpers/money.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';

const t = useTestApp();

const sweep = () => t.jobs.runNow('redpacket-expiry');
const detail = (user: TestUser, id: number) => t.call(redPacketApi.detail, { id }, user.token);
const detailOk = (user: TestUser, id: number) => t.ok(redPacketApi.detail, { id }, user.token);

/** Friends with PINs and their single session; `a` holds `funds`. */
const friends = async (funds = '100') => {
  const { a, b, sessionId } = await createFriendPair(t);
  await setPin(t, a);
  await credit(t, a, funds);
  return { a, b, sessionId };
};

/** A group of the owner and `n` members; the owner has a PIN and `funds`. */
const group = async (n: number, funds = '100') => {
  const g = await createGroupOf(t, n);
  await setPin(t, g.owner);
  await credit(t, g.owner, funds);
  return { ...g, sessionId: g.group.sessionId };
};

describe('red packets in a single chat', () => {
  it('the sender pays into escrow; the message reaches both; the other member claims it all', async () => {
    const { a, b, sessionId } = await friends('10');
    const escrowBefore = await systemBalance(t, 'redpacket');
    const sa = await connectSocket(t, a.token);
    const sb = await connectSocket(t, b.token);
    try {
      const ma = recorder(sa, 'message');
      const mb = recorder(sb, 'message');
      const ea = recorder(sa, 'redpacket');
      const eb = recorder(sb, 'redpacket');
      const { message, packet } = await sendPacketOk(t, a, {
        sessionId,
        kind: 'lucky',
        count: 1,
        amount: '5',
        greeting: 'Happy new year',
      });
      expect(message).toMatchObject({
        contentType: 'redpacket' as never,
        senderId: a.id,
        content: { packetId: packet.id, kind: 'lucky', count: 1, greeting: 'Happy new year' },
      });
      expect(packet).toMatchObject({
        sessionId,
        sender: { userId: a.id },
        kind: 'lucky',
        count: 1,
        total: '5.00',
        claimedCount: 0,
        claimedAmount: '0.00',
        status: 'open',
        myAmount: null,
        refundedAmount: '0.00',
        claims: [],
      });
      const expiresIn = Date.parse(packet.expireTime) - Date.parse(packet.createTime);
      expect(Math.abs(expiresIn - 86_400_000)).toBeLessThan(5000);
      expect(await ma.next((m) => m.id === message.id)).toEqual(message);
      expect(await mb.next((m) => m.id === message.id)).toEqual(message);
      expect(await availableOf(t, [a, b])).toEqual(['5.00', '0.00']);
      expect((await systemBalance(t, 'redpacket')) - escrowBefore).toBe(5_000_000n);

      // The sender cannot open a single-chat packet: it is for the other member.
      expect((await claim(t, a, packet.id)).code).toBe(ErrorCode.RedPacketOwnPacket);
      const opened = await claim(t, b, packet.id);
      expect(opened.code).toBe(1000);
      expect(opened.data).toMatchObject({
        amount: '5.00',
        packet: { status: 'finished', claimedCount: 1, claimedAmount: '5.00', myAmount: '5.00' },
      });
      const event = { packetId: packet.id, sessionId, claimedCount: 1, status: 'finished' };
      expect(await ea.next()).toEqual(event);
      expect(await eb.next()).toEqual(event);
    } finally {
      sa.close();
      sb.close();
    }
    expect(await availableOf(t, [a, b])).toEqual(['5.00', '5.00']);
    await expectBooksBalanced(t);
  });

  it('a single chat takes exactly one share', async () => {
    const { a, sessionId } = await friends('10');
    expect((await sendPacket(t, a, { sessionId, count: 2, amount: '2' })).code).toBe(
      ErrorCode.RedPacketCountTooLarge,
    );
    expect((await balanceOf(t, a)).available).toBe('10.00');
  });
});

describe('red packets in a group', () => {
  it('equal: amount is each share; every member (the sender too) claims once; then finished', async () => {
    const { owner, members, sessionId } = await group(3, '50');
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'equal', count: 3, amount: '2.5' });
    expect(packet.total).toBe('7.50');
    expect((await balanceOf(t, owner)).available).toBe('42.50');
    for (const who of [members[0]!, owner, members[1]!]) {
      const res = await claim(t, who, packet.id);
      expect(res.code).toBe(1000);
      expect(successData(redPacketApi.claim, res).amount).toBe('2.50');
    }
    expect((await claim(t, members[2]!, packet.id)).code).toBe(ErrorCode.RedPacketFinished);
    expect((await claim(t, members[0]!, packet.id)).code).toBe(ErrorCode.RedPacketAlreadyClaimed);
    expect(await availableOf(t, [owner, ...members])).toEqual(['45.00', '2.50', '2.50', '0.00']);
    const view = await detailOk(members[2]!, packet.id);
    expect(view).toMatchObject({
      status: 'finished',
      claimedCount: 3,
      claimedAmount: '7.50',
      myAmount: null,
    });
    expect(view.claims.map((c) => c.userId)).toEqual([members[0]!.id, owner.id, members[1]!.id]);
    expect(view.claims.every((c) => !c.luckiest)).toBe(true);
    // The sweeper never touches a finished packet.
    passPacketLifetime(t);
    await sweep();
    expect((await detailOk(owner, packet.id)).status).toBe('finished');
    await expectBooksBalanced(t);
  });

  it('lucky: shares sum to the total, each at least 0.01, and the luckiest is marked once finished', async () => {
    const { owner, members, sessionId } = await group(4, '50');
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'lucky', count: 4, amount: '1' });
    expect(packet.total).toBe('1.00');
    const amounts: string[] = [];
    for (const m of members) {
      const res = await claim(t, m, packet.id);
      expect(res.code).toBe(1000);
      amounts.push(successData(redPacketApi.claim, res).amount);
    }
    const micro = amounts.map((a) => Math.round(Number(a) * 1e6));
    expect(micro.reduce((x, y) => x + y, 0)).toBe(1_000_000);
    for (const m of micro) expect(m).toBeGreaterThanOrEqual(10_000);
    const view = await detailOk(owner, packet.id);
    expect(view.status).toBe('finished');
    const lucky = view.claims.filter((c) => c.luckiest);
    expect(lucky).toHaveLength(1);
    const max = Math.max(...micro);
    expect(Math.round(Number(lucky[0]!.amount) * 1e6)).toBe(max);
    // The first claimer with the largest amount wins a tie.
    expect(view.claims.findIndex((c) => c.luckiest)).toBe(micro.indexOf(max));
    await expectBooksBalanced(t);
  });

  it('lucky: every share is whole cents and the balances show them as 2 decimals', async () => {
    const { owner, members, sessionId } = await group(6, '50');
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'lucky', count: 6, amount: '48.95' });
    const amounts: string[] = [];
    for (const m of members)
      amounts.push(successData(redPacketApi.claim, await claim(t, m, packet.id)).amount);
    for (const a of amounts) expect(a).toMatch(/^\d+\.\d{2}$/);
    expect(amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0)).toBe(4895);
    for (const a of await availableOf(t, members)) expect(a).toMatch(/^\d+\.\d{2}$/);
    // An amount finer than a cent is refused by the contract, naming the field.
    const res = await sendPacket(t, owner, { sessionId, kind: 'lucky', count: 2, amount: '1.234567' });
    expect(res.code).toBe(ErrorCode.Validation);
    expect(JSON.stringify(res)).toContain('amount');
    await expectBooksBalanced(t);
  });

  it('the luckiest is not marked while the packet is open', async () => {
    const { owner, members, sessionId } = await group(2, '10');
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'lucky', count: 2, amount: '1' });
    await claim(t, members[0]!, packet.id);
    const view = await detailOk(owner, packet.id);
    expect(view.claims.some((c) => c.luckiest)).toBe(false);
  });

  it('expiry: claims stop at once; the sweeper returns the rest to the sender exactly once', async () => {
    const { owner, members, sessionId } = await group(3, '20');
    const ea = await connectSocket(t, owner.token);
    try {
      const events = recorder(ea, 'redpacket');
      const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'equal', count: 3, amount: '1' });
      expect((await claim(t, members[0]!, packet.id)).code).toBe(1000);
      passPacketLifetime(t);
      // Before the sweeper ran: refused and shown expired, nothing refunded yet.
      expect((await claim(t, members[1]!, packet.id)).code).toBe(ErrorCode.RedPacketExpired);
      expect((await detail(owner, packet.id)).data).toMatchObject({
        status: 'expired',
        refundedAmount: '0.00',
      });
      expect((await balanceOf(t, owner)).available).toBe('17.00');
      expect(await sweep()).toBeGreaterThanOrEqual(1);
      expect((await balanceOf(t, owner)).available).toBe('19.00');
      expect((await detail(members[0]!, packet.id)).data).toMatchObject({
        status: 'expired',
        claimedCount: 1,
        claimedAmount: '1.00',
        myAmount: '1.00',
        refundedAmount: '2.00',
      });
      expect(await events.next((e) => e.status === 'expired')).toEqual({
        packetId: packet.id,
        sessionId,
        claimedCount: 1,
        status: 'expired',
      });
      // Again: nothing to do, nothing moves; claiming stays refused; a second claim by a claimer says so.
      expect(await sweep()).toBe(0);
      expect((await balanceOf(t, owner)).available).toBe('19.00');
      expect((await claim(t, members[2]!, packet.id)).code).toBe(ErrorCode.RedPacketExpired);
      expect((await claim(t, members[0]!, packet.id)).code).toBe(ErrorCode.RedPacketAlreadyClaimed);
      expect(await availableOf(t, members)).toEqual(['1.00', '0.00', '0.00']);
    } finally {
      ea.close();
    }
    await expectBooksBalanced(t);
  });

  it('a lucky packet expired with no claims returns everything; luckiest stays unmarked', async () => {
    const { owner, sessionId } = await group(2, '10');
    const { packet } = await sendPacketOk(t, owner, {
      sessionId,
      kind: 'lucky',
      count: 2,
      amount: '3.33',
    });
    passPacketLifetime(t);
    await sweep();
    expect((await balanceOf(t, owner)).available).toBe('10.00');
    expect((await detail(owner, packet.id)).data).toMatchObject({
      status: 'expired',
      refundedAmount: '3.33',
      claims: [],
    });
  });

  it('a stranger, a removed member and an unknown id get RedPacketNotFound and never data', async () => {
    const { owner, members, group: g, sessionId } = await group(3, '10');
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'equal', count: 2, amount: '1' });
    const stranger = await createUser(t);
    expect((await claim(t, stranger, packet.id)).code).toBe(ErrorCode.RedPacketNotFound);
    expect((await detail(stranger, packet.id)).code).toBe(ErrorCode.RedPacketNotFound);
    expect((await detail(stranger, packet.id)).data).toBeNull();
    const removed = members[2]!;
    expect(
      (await t.call(groupApi.remove, { groupId: g.groupId, userIds: [removed.id] }, owner.token)).code,
    ).toBe(1000);
    expect((await claim(t, removed, packet.id)).code).toBe(ErrorCode.RedPacketNotFound);
    expect((await claim(t, stranger, 2_000_000_000)).code).toBe(ErrorCode.RedPacketNotFound);
    expect(await availableOf(t, [owner, stranger, removed])).toEqual(['8.00', '0.00', '0.00']);
    // A member can open it; the packet lists no stranger.
    expect((await claim(t, members[0]!, packet.id)).code).toBe(1000);
    await expectBooksBalanced(t);
  });

  it('a muted member cannot send; count is limited by the member count', async () => {
    const { owner, members, group: g, sessionId } = await group(2, '10');
    const m = members[0]!;
    await setPin(t, m);
    await credit(t, m, '10');
    // 3 members (owner + 2): 3 shares are fine, 4 are not.
    expect((await sendPacket(t, m, { sessionId, kind: 'equal', count: 4, amount: '1' })).code).toBe(
      ErrorCode.RedPacketCountTooLarge,
    );
    expect((await t.call(groupApi.mute, { groupId: g.groupId, userId: m.id }, owner.token)).code).toBe(1000);
    expect((await sendPacket(t, m, { sessionId, kind: 'equal', count: 2, amount: '1' })).code).toBe(
      ErrorCode.Muted,
    );
    expect((await balanceOf(t, m)).available).toBe('10.00');
    expect((await sendPacket(t, owner, { sessionId, kind: 'equal', count: 3, amount: '1' })).code).toBe(1000);
  });

  it('a dissolved group takes no red packets; its members may still open an earlier one', async () => {
    const { owner, members, group: g, sessionId } = await group(2, '10');
    const { packet } = await sendPacketOk(t, owner, { sessionId, kind: 'equal', count: 2, amount: '1' });
    expect((await t.call(groupApi.dissolve, { groupId: g.groupId }, owner.token)).code).toBe(1000);
    expect((await sendPacket(t, owner, { sessionId, amount: '1' })).code).toBe(ErrorCode.GroupDissolved);
    expect((await balanceOf(t, owner)).available).toBe('8.00');
    expect((await claim(t, members[0]!, packet.id)).code).toBe(1000);
    passPacketLifetime(t);
    await sweep();
    expect(await availableOf(t, [owner, members[0]!])).toEqual(['9.00', '1.00']);
  });
});

describe('red packet bad input moves no money', () => {
  let owner: TestUser;
  let sessionId: number;
  beforeAll(async () => {
    ({ owner, sessionId } = await group(3, '100'));
  });
  const unchanged = async () => expect((await balanceOf(t, owner)).available).toBe('100.00');

  it.each([
    // Amounts are whole cents: a share below 0.01 cannot even be written.
    ['an equal share below 0.01', 'equal', 2, '0.009', ErrorCode.Validation],
    ['a lucky total finer than a cent', 'lucky', 2, '1.005', ErrorCode.Validation],
    ['a lucky total below count × 0.01', 'lucky', 3, '0.02', ErrorCode.RedPacketAmountTooSmall],
    ['a lucky total above 20,000.00', 'lucky', 1, '20000.01', ErrorCode.RedPacketAmountTooLarge],
    ['an equal total above 20,000.00', 'equal', 3, '6666.67', ErrorCode.RedPacketAmountTooLarge],
    ['more shares than members', 'equal', 5, '1', ErrorCode.RedPacketCountTooLarge],
    ['zero shares', 'equal', 0, '1', ErrorCode.Validation],
    ['more than 100 shares', 'lucky', 101, '10', ErrorCode.Validation],
    ['a fractional count', 'lucky', 1.5, '10', ErrorCode.Validation],
    ['more than 6 decimals', 'lucky', 1, '1.0000001', ErrorCode.Validation],
    ['negative', 'lucky', 1, '-1', ErrorCode.Validation],
    ['zero', 'lucky', 1, '0', ErrorCode.Validation],
    ['non-numeric', 'lucky', 1, 'abc', ErrorCode.Validation],
    ['above the balance', 'equal', 2, '50.01', ErrorCode.InsufficientBalance],
  ] as const)('%s', async (_name, kind, count, amount, code) => {
    expect((await sendPacket(t, owner, { sessionId, kind, count, amount })).code).toBe(code);
    await unchanged();
  });

  it('a greeting longer than 30 characters', async () => {
    expect((await sendPacket(t, owner, { sessionId, amount: '1', greeting: 'x'.repeat(31) })).code).toBe(
      ErrorCode.Validation,
    );
    await unchanged();
  });

  it('a session I am not in', async () => {
    const other = await createFriendPair(t);
    expect((await sendPacket(t, owner, { sessionId: other.sessionId, amount: '1' })).code).toBe(
      ErrorCode.SessionNotFound,
    );
    await unchanged();
  });

  it('wrong PINs count toward the lockout, and a locked PIN refuses even the right one', async () => {
    const g = await group(2, '10');
    for (let i = 1; i <= 4; i++) {
      const res = await sendPacket(t, g.owner, { sessionId: g.sessionId, amount: '1', pin: '000000' });
      expect(res.code).toBe(ErrorCode.WrongPin);
      expect(res.data).toEqual({ remainingAttempts: 5 - i });
    }
    expect((await sendPacket(t, g.owner, { sessionId: g.sessionId, amount: '1', pin: '000000' })).code).toBe(
      ErrorCode.PinLocked,
    );
    expect((await sendPacket(t, g.owner, { sessionId: g.sessionId, amount: '1', pin: TEST_PIN })).code).toBe(
      ErrorCode.PinLocked,
    );
    expect((await balanceOf(t, g.owner)).available).toBe('10.00');
  });

  it('a double-submitted request sends one packet and answers the same; other parameters conflict', async () => {
    const g = await group(2, '10');
    const requestId = randomUUID();
    const input = { sessionId: g.sessionId, kind: 'equal' as const, count: 2, amount: '1', requestId };
    const first = await sendPacket(t, g.owner, input);
    expect(first.code).toBe(1000);
    const again = await Promise.all([1, 2, 3].map(() => sendPacket(t, g.owner, input)));
    for (const r of again) expect(r.data).toEqual(first.data);
    expect((await sendPacket(t, g.owner, { ...input, count: 1 })).code).toBe(ErrorCode.IdempotencyConflict);
    expect((await balanceOf(t, g.owner)).available).toBe('8.00');
    const page = await t.ok(messageApi.page, { sessionId: g.sessionId, size: 50 }, g.owner.token);
    const bubbles = page.list.filter((m) => m.contentType === 'redpacket');
    expect(bubbles).toHaveLength(1);
  });

  it('needs a login', async () => {
    const res = await t.call(redPacketApi.send, {
      sessionId,
      kind: 'lucky',
      count: 1,
      amount: '1',
      pin: TEST_PIN,
      requestId: randomUUID(),
    });
    expect(res.status).toBe(401);
    expect((await t.call(redPacketApi.claim, { id: 1 })).status).toBe(401);
    await unchanged();
  });

  it('a client cannot fake a red packet message', async () => {
    const res = await t.call(
      messageApi.send,
      {
        sessionId,
        clientMsgId: randomUUID(),
        contentType: 'redpacket' as never,
        content: { packetId: 1, kind: 'lucky', count: 1, greeting: '' },
      },
      owner.token,
    );
    expect(res.code).toBe(ErrorCode.Validation);
    await unchanged();
    await expectBooksBalanced(t);
  });
});
