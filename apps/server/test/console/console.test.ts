import { randomUUID } from 'node:crypto';
import * as shared from '@chatpay/shared';
import {
  adminC2cApi,
  adminChainApi,
  adminComplainApi,
  adminMemberApi,
  appComplainApi,
  type ConsoleMenuItem,
  consoleApi,
  type Endpoint,
  ErrorCode,
  merchantApi,
  rolePermissions,
  transactionApi,
  userApi,
} from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAd, createMerchant, createTrader, startOrder } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, balanceOf, createUser, credit, uniqueName, verify } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/wait.ts';

/**
 * The console's server side, and separation of duties, freezing and forced logout (docs/product.md#console).
 */
const t = useTestApp({ ADJUST_APPROVAL_CAP_USDT: '100', SUPPORT_PASSWORD: 'support-pass-1' });

let admin: string;
let support: string;
const staff = async (roles: ('support' | 'admin')[]) => {
  const username = uniqueName('s');
  const created = await t.ok(
    consoleApi.staffAdd,
    { username, password: 'staff-pass-1', nickName: 'Staff', roles },
    admin,
  );
  const login = await t.ok(userApi.loginByName, { username, password: 'staff-pass-1' });
  return { ...created.member!, token: login.token, password: 'staff-pass-1' };
};

beforeAll(async () => {
  admin = await adminToken(t);
  ({ token: support } = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' }));
});

const routers = (items: ConsoleMenuItem[]): string[] =>
  items.flatMap((i) => [...(i.router ? [i.router] : []), ...routers(i.children)]);

describe('menu tree and roles', () => {
  it('admin sees every entry, support only its own, a member is refused', async () => {
    const all = await t.ok(consoleApi.menu, {}, admin);
    expect(routers(all)).toEqual(
      expect.arrayContaining(['/admin/dashboard', '/admin/members', '/admin/staff', '/admin/adjustments']),
    );
    // The menu tree's shape (docs/product.md#console): id, parentId, orderNum, children.
    const ops = all.find((i) => i.children.length > 0)!;
    expect(ops.children.every((c) => c.parentId === ops.id)).toBe(true);
    expect(ops.children.map((c) => c.orderNum)).toEqual(ops.children.map((_, i) => i + 1));

    const mine = routers(await t.ok(consoleApi.menu, {}, support));
    expect(mine).toContain('/admin/merchants');
    expect(mine).toContain('/admin/withdrawals');
    expect(mine).toContain('/admin/service');
    expect(mine).not.toContain('/admin/staff');
    expect(mine).not.toContain('/admin/adjustments');
    expect(routers(all)).toContain('/admin/goods');
    expect(mine).not.toContain('/admin/goods');

    const member = await createUser(t);
    await t.fails(consoleApi.menu, {}, member.token, ErrorCode.Forbidden);
  });

  it('admin creates a support account in the console; it logs in and holds support permissions', async () => {
    const s = await staff(['support']);
    expect(s.role).toEqual(['user', 'support']);
    await t.ok(adminC2cApi.merchantPage, {}, s.token);
    await t.fails(consoleApi.staffPage, {}, s.token, ErrorCode.Forbidden);
    const page = await t.ok(consoleApi.staffPage, { keyword: s.username }, admin);
    expect(page.list.map((m) => m.id)).toEqual([s.id]);
    const roles = await t.ok(consoleApi.roleList, {}, admin);
    expect(roles.find((r) => r.name === 'support')!.permissions).toContain('c2c:merchant:review');

    // Taking the role away ends the sessions; the next login carries no staff permission.
    await t.ok(consoleApi.staffRoles, { userId: s.id, roles: [] }, admin);
    await t.fails(userApi.person, {}, s.token, ErrorCode.Unauthorized);
    const again = await t.ok(userApi.loginByName, { username: s.username, password: s.password });
    await t.fails(adminC2cApi.merchantPage, {}, again.token, ErrorCode.Forbidden);
  });

  it('an admin cannot change their own roles', async () => {
    const me = await t.ok(userApi.person, {}, admin);
    await t.fails(consoleApi.staffRoles, { userId: me.id, roles: [] }, admin, ErrorCode.DutySeparation);
  });
});

describe('members', () => {
  it('search is paged, filtered and sorted on the server; detail shows balances and audit', async () => {
    const nick = uniqueName('nick');
    const a = await createUser(t, { nickName: `${nick}a` });
    const b = await createUser(t, { nickName: `${nick}b` });
    await credit(t, a, '5');
    const desc = await t.ok(adminMemberApi.search, { keyword: nick, sort: 'id', order: 'desc' }, support);
    expect(desc.list.map((m) => m.id)).toEqual([b.id, a.id]);
    const asc = await t.ok(adminMemberApi.search, { keyword: nick, order: 'asc', size: 1 }, support);
    expect(asc.list.map((m) => m.id)).toEqual([a.id]);
    expect(asc.pagination.total).toBe(2);
    const byMemberId = await t.ok(adminMemberApi.search, { keyword: a.memberId }, support);
    expect(byMemberId.list[0]!.id).toBe(a.id);
    const info = await t.ok(adminMemberApi.info, { id: a.id }, support);
    expect(info.balance.available).toBe('5.00');
    expect(info.audit[0]!.action).toBe('usdt:wallet:adjust');
  });

  it('without a development chain the faucet names no network', async () => {
    expect(await t.ok(adminChainApi.faucetNetworks, {}, admin)).toEqual([]);
  });

  it('a console field resolves a member by member id or user name, never by the internal id', async () => {
    const nickName = uniqueName('Res');
    const m = await createUser(t, { nickName });
    const byMemberId = await t.ok(adminMemberApi.resolve, { who: m.memberId }, support);
    expect(byMemberId).toMatchObject({ id: m.id, memberId: m.memberId, nickName, username: m.username });
    const byName = await t.ok(adminMemberApi.resolve, { who: ` ${m.username.toUpperCase()} ` }, support);
    expect(byName.id).toBe(m.id);
    // The internal id (a number the member never sees) names nobody unless it is someone's member id.
    const internal = await t.call(adminMemberApi.resolve, { who: String(m.id) }, support);
    if (internal.code === 1000) expect((internal.data as { memberId: string }).memberId).toBe(String(m.id));
    else expect(internal.code).toBe(ErrorCode.MemberNotFound);
    await t.fails(
      adminMemberApi.resolve,
      { who: 'no_such_member_anywhere' },
      support,
      ErrorCode.MemberNotFound,
    );
    await t.fails(adminMemberApi.resolve, { who: '  ' }, support, ErrorCode.Validation);
    await t.fails(adminMemberApi.resolve, { who: m.memberId }, m.token, ErrorCode.Forbidden);
  });

  it('freeze: no login, sessions and sockets end, unfreeze restores; every step audited', async () => {
    const m = await createUser(t);
    const sock = await connectSocket(t, m.token);
    const dropped = new Promise<void>((resolve) => sock.on('disconnect', () => resolve()));
    // Support may look a member up but not freeze them.
    await t.fails(
      adminMemberApi.freeze,
      { userId: m.id, frozen: true, reason: 'x' },
      support,
      ErrorCode.Forbidden,
    );

    const frozen = await t.ok(
      adminMemberApi.freeze,
      { userId: m.id, frozen: true, reason: 'fraud report' },
      admin,
    );
    expect(frozen.frozen).toBe(true);
    await dropped;
    await t.fails(userApi.person, {}, m.token, ErrorCode.Unauthorized);
    await t.fails(
      userApi.refreshToken,
      { refreshToken: m.refreshToken },
      undefined,
      ErrorCode.RefreshTokenInvalid,
    );
    await t.fails(
      userApi.loginByName,
      { username: m.username, password: m.password },
      undefined,
      ErrorCode.AccountFrozen,
    );
    // A frozen account cannot be reached by a socket either.
    await expect(connectSocket(t, m.token)).rejects.toThrow();

    await t.ok(adminMemberApi.freeze, { userId: m.id, frozen: false, reason: 'cleared' }, admin);
    const login = await t.ok(userApi.loginByName, { username: m.username, password: m.password });
    await t.ok(userApi.person, {}, login.token);

    const audit = await t.ok(consoleApi.auditPage, { targetUserId: m.id, order: 'asc' }, admin);
    expect(audit.list.map((a) => [a.action, a.reason])).toEqual([
      ['admin:user:freeze', 'fraud report'],
      ['admin:user:unfreeze', 'cleared'],
    ]);
  });

  it('forced logout ends every session and drops the sockets; clearing a PIN lockout', async () => {
    const m = await createUser(t);
    await t.ok(userApi.setPayPassword, { password: m.password, pin: '123456' }, m.token);
    for (let i = 0; i < 5; i++) await t.call(userApi.verifyPayPassword, { pin: '000000' }, m.token);
    await t.fails(userApi.verifyPayPassword, { pin: '123456' }, m.token, ErrorCode.PinLocked);
    await t.ok(adminMemberApi.unlockPin, { userId: m.id }, support);
    await t.ok(userApi.verifyPayPassword, { pin: '123456' }, m.token);

    const sock = await connectSocket(t, m.token);
    await t.fails(adminMemberApi.logout, { userId: m.id }, support, ErrorCode.Forbidden);
    await t.ok(adminMemberApi.logout, { userId: m.id }, admin);
    await waitFor(() => !sock.connected);
    await t.fails(userApi.person, {}, m.token, ErrorCode.Unauthorized);
    await t.fails(adminMemberApi.logout, { userId: 2_000_000 }, admin, ErrorCode.MemberNotFound);
    const audit = await t.ok(consoleApi.auditPage, { targetUserId: m.id, action: 'admin:user:' }, admin);
    expect(audit.list.map((a) => a.action)).toEqual(['admin:user:logout', 'admin:user:unlockPin']);
  });
});

describe('separation of duties', () => {
  it('support cannot resolve an appeal on an order it is a party to', async () => {
    const s = await staff(['support']);
    await verify(t, s, 1);
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const order = await startOrder(t, s as never, ad.id, '10');
    await t.ok(transactionApi.payment, { id: order.orderId }, s.token);
    await t.ok(transactionApi.appealing, { id: order.orderId, reason: 'not released' }, merchant.token);
    await t.fails(
      adminC2cApi.appealResolve,
      { id: order.orderId, result: 'completed', note: 'mine' },
      s.token,
      ErrorCode.DutySeparation,
    );
    const done = await t.ok(
      adminC2cApi.appealResolve,
      { id: order.orderId, result: 'completed', note: 'paid' },
      support,
    );
    expect(done.status).toBe('completed');
    const file = await t.ok(adminMemberApi.info, { id: s.id }, support);
    expect(file.orders).toEqual({ total: 1, completed: 1 });
  });
});

describe('live badges', () => {
  it('staff sockets hear of a new merchant application; members do not', async () => {
    const staffSock = await connectSocket(t, support);
    const member = await createUser(t, { level: 2 });
    const memberSock = await connectSocket(t, member.token);
    const heard = recorder(staffSock, 'console');
    const memberHeard = recorder(memberSock, 'console');
    await t.ok(merchantApi.apply, { name: 'Shop', intro: 'hi', note: 'please' }, member.token);
    expect(await heard.next((p) => p.kind === 'merchant')).toEqual({ kind: 'merchant' });
    expect(memberHeard.seen).toEqual([]);
    const dash = await t.ok(consoleApi.dashboard, {}, support);
    expect(dash.pendingMerchants).toBeGreaterThanOrEqual(1);
    expect(dash.ledgerBalanced).toBe(true);
    staffSock.close();
    memberSock.close();
  });
});

describe("a member's file: ledger history, orders, sessions and devices", () => {
  it('pages the postings, the orders as buyer and seller, and lists the logins', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    // A second login of the buyer replaces the first (one current session per member).
    await t.ok(userApi.loginByName, { username: buyer.username, password: buyer.password });

    const postings = await t.ok(adminMemberApi.ledger, { userId: merchant.id, size: 1 }, support);
    expect(postings.pagination.total).toBeGreaterThanOrEqual(3);
    expect(postings.list).toHaveLength(1);
    const all = await t.ok(adminMemberApi.ledger, { userId: merchant.id, order: 'asc' }, support);
    expect(all.list[0]).toMatchObject({ account: 'available', amount: '100.00', balanceAfter: '100.00' });
    // The ad's quantity sits on the frozen account (escrowed for the order, then the rest of the ad).
    const frozen = await t.ok(adminMemberApi.ledger, { userId: merchant.id, account: 'frozen' }, support);
    expect(frozen.list.length).toBeGreaterThan(0);
    expect(frozen.list.every((p) => p.account === 'frozen')).toBe(true);

    const asSeller = await t.ok(adminMemberApi.orders, { userId: merchant.id }, support);
    expect(asSeller.list).toEqual([
      expect.objectContaining({
        id: order.orderId,
        side: 'seller',
        counterpartyId: buyer.id,
        amountCoin: '10.00',
        status: 'pending',
      }),
    ]);
    const asBuyer = await t.ok(adminMemberApi.orders, { userId: buyer.id, status: 'pending' }, support);
    expect(asBuyer.list.map((o) => [o.id, o.side])).toEqual([[order.orderId, 'buyer']]);
    expect(
      (await t.ok(adminMemberApi.orders, { userId: buyer.id, status: 'completed' }, support)).pagination
        .total,
    ).toBe(0);

    const file = await t.ok(adminMemberApi.sessions, { id: buyer.id }, support);
    expect(file.sessions).toHaveLength(2);
    expect(file.sessions.map((s) => s.active)).toEqual([true, false]);
    expect(file.devices).toEqual([]);
    await t.ok(adminMemberApi.logout, { userId: buyer.id }, admin);
    const after = await t.ok(adminMemberApi.sessions, { id: buyer.id }, support);
    expect(after.sessions.some((s) => s.active)).toBe(false);

    for (const e of [adminMemberApi.ledger, adminMemberApi.orders] as const) {
      await t.fails(e as never, { userId: 2_000_000_000 } as never, support, ErrorCode.MemberNotFound);
    }
    await t.fails(adminMemberApi.sessions, { id: 2_000_000_000 }, support, ErrorCode.MemberNotFound);
    // Bad input is refused before anything is read.
    for (const [e, input] of [
      [adminMemberApi.ledger, { userId: merchant.id, account: 'system' }],
      [adminMemberApi.ledger, { userId: 0 }],
      [adminMemberApi.orders, { userId: merchant.id, status: 'lost' }],
      [adminMemberApi.orders, { userId: merchant.id, order: 'sideways' }],
      [adminMemberApi.sessions, { id: 'me' }],
      [adminChainApi.withdrawalPage, { sort: 'fee' }],
      [adminChainApi.withdrawalPage, { network: 'BTC' }],
      [adminChainApi.withdrawalPage, { userId: -1 }],
    ] as const) {
      await t.fails(e as never, input as never, admin, ErrorCode.Validation);
    }
  });
});

describe('every console call is refused for a member, admin-only ones for support', () => {
  /** Every endpoint of the contract that names a permission: the console's calls and the queues it shows. */
  const endpoints = Object.fromEntries(
    Object.entries(shared)
      .filter(([api]) => api.endsWith('Api'))
      .flatMap(([api, value]) =>
        Object.entries(value as Record<string, Endpoint>).map(
          ([method, e]) => [`${api}.${method}`, e] as const,
        ),
      )
      .filter(([, e]) => e.permission !== undefined),
  );
  /** Valid input for each (validation answers before the permission check); the rest take `{}`. */
  const inputs: Record<string, unknown> = {
    'consoleApi.staffAdd': { username: 'zz_probe', password: 'secret-1', nickName: 'x', roles: ['support'] },
    'consoleApi.staffRoles': { userId: 1, roles: [] },
    'consoleApi.staffRequestApprove': { id: 1 },
    'consoleApi.staffRequestReject': { id: 1, note: 'x' },
    'adminMemberApi.info': { id: 1 },
    'adminMemberApi.resolve': { who: 'x' },
    'adminMemberApi.freeze': { userId: 1, frozen: true, reason: 'x' },
    'adminMemberApi.logout': { userId: 1 },
    'adminMemberApi.unlockPin': { userId: 1 },
    'adminSecurityApi.resetFactors': { userId: 1, reason: 'x' },
    'adminSecurityApi.resetRequestApprove': { id: 1 },
    'adminSecurityApi.resetRequestReject': { id: 1, note: 'x' },
    'adminMemberApi.ledger': { userId: 1 },
    'adminMemberApi.orders': { userId: 1 },
    'adminMemberApi.sessions': { id: 1 },
    'adminAdjustApi.approve': { id: 1 },
    'adminAdjustApi.reject': { id: 1, note: 'x' },
    'adminC2cApi.merchantReview': { userId: 1, approve: false, note: 'x' },
    'adminC2cApi.merchantRevoke': { userId: 1, note: 'x' },
    'adminC2cApi.appealInfo': { id: 1 },
    'adminC2cApi.appealMessages': { id: 1 },
    'adminC2cApi.appealMessageVersions': { id: 1, messageId: 1 },
    'adminC2cApi.appealMessage': { id: 1, text: 'x' },
    'adminC2cApi.appealResolve': { id: 1, result: 'completed', note: 'x' },
    'adminChainApi.approve': { id: 1 },
    'adminChainApi.reject': { id: 1, reason: 'x' },
    'adminChainApi.faucet': { userId: 1, network: 'ERC20', amount: '1' },
    'adminComplainApi.reply': { id: 1, reply: 'x' },
    'adminFeedbackApi.reply': { id: 1, reply: 'x' },
    'adminVersionApi.publish': { platform: 'web', version: '1.0.0', versionCode: 1 },
    'adminVersionApi.withdraw': { platform: 'web', versionCode: 1 },
    'adminWalletApi.adjust': { userId: 1, amount: '1', reason: 'x', requestId: randomUUID() },
    'testClockApi.advance': { seconds: 1 },
    'testKycApi.grant': { userId: 1, level: 1 },
    'adminKycApi.info': { id: 1 },
    'adminKycApi.review': { id: 1, approve: true },
    'adminContentApi.dictAdd': { typeId: 1, name: 'x', value: 'x', orderNum: 1 },
    'adminContentApi.dictUpdate': { id: 1, name: 'x', value: 'x', orderNum: 1 },
    'adminContentApi.dictDelete': { ids: [1] },
    'adminContentApi.documentSave': { key: 'aboutUs', lang: 'en', value: 'x' },
    'adminGoodsApi.add': { name: 'x', price: '1' },
    'adminGoodsApi.update': { id: 1, name: 'x', price: '1' },
    'adminGoodsApi.active': { id: 1, active: false },
    'adminRateApi.update': { rate: '7.20' },
    'adminReservesApi.snapshot': { reason: 'x' },
    'standingApi.lift': { userId: 1, note: 'x' },
    'adminServiceApi.page': { filter: 'unread' },
    'adminServiceApi.messages': { sessionId: 1 },
    'adminServiceApi.read': { sessionId: 1 },
    'adminServiceApi.send': {
      sessionId: 1,
      clientMsgId: 'probe-1',
      contentType: 'text',
      content: { text: 'x' },
    },
  };
  const supportPermissions = rolePermissions.support;
  it('covers the console and every queue it shows', () => {
    expect(Object.keys(endpoints)).toEqual(
      expect.arrayContaining([
        'consoleApi.menu',
        'adminMemberApi.sessions',
        'adminC2cApi.appealResolve',
        'adminChainApi.withdrawalPage',
        'adminComplainApi.reply',
        'adminVersionApi.publish',
        'adminGoodsApi.page',
        'adminGoodsApi.add',
        'adminGoodsApi.update',
        'adminGoodsApi.active',
        'adminAdjustApi.approve',
        'adminServiceApi.send',
        'consoleApi.badges',
      ]),
    );
  });
  it.each(Object.keys(endpoints))('%s', async (name) => {
    const e = endpoints[name]!;
    const input = (inputs[name] ?? {}) as never;
    const member = await createUser(t);
    await t.fails(e as never, input, member.token, ErrorCode.Forbidden);
    if (!supportPermissions.includes(e.permission!)) {
      await t.fails(e as never, input, support, ErrorCode.Forbidden);
    }
  });
});

describe('menu badges', () => {
  it('count what waits in each queue, live from the server, and change as items arrive', async () => {
    const before = await t.ok(consoleApi.badges, {}, support);
    expect(Object.keys(before).sort()).toEqual(
      [
        'appeal',
        'complain',
        'feedback',
        'merchant',
        'service',
        'withdrawal',
        'moneyAction',
        'adjustment',
        'staffRequest',
        'factorReset',
        'kyc',
      ].sort(),
    );
    const member = await createUser(t, { level: 2 });
    await t.ok(merchantApi.apply, { name: 'Badge shop', intro: '', note: '' }, member.token);
    await t.ok(appComplainApi.submit, { type: 'fraud', text: 'badge complaint' }, member.token);
    const after = await t.ok(consoleApi.badges, {}, support);
    expect(after.merchant).toBe(before.merchant + 1);
    expect(after.complain).toBe(before.complain + 1);
    // The applicant's open app hears the decision at once (its merchant page turns without a reload).
    const socket = await connectSocket(t, member.token);
    const decided = recorder(socket, 'onMerchantReview');
    // Another staff console hears that the queue changed, so its badge drops too.
    const staffSocket = await connectSocket(t, admin);
    const queue = recorder(staffSocket, 'console');
    try {
      await t.ok(adminC2cApi.merchantReview, { userId: member.id, approve: true, note: 'ok' }, support);
      expect(await decided.next()).toEqual({ status: 'approved', reviewNote: 'ok' });
      await queue.next((e) => e.kind === 'merchant');
      await t.ok(adminC2cApi.merchantRevoke, { userId: member.id, note: 'gone' }, support);
      expect(await decided.next((e) => e.status === 'rejected')).toEqual({
        status: 'rejected',
        reviewNote: 'gone',
      });
    } finally {
      socket.disconnect();
      staffSocket.disconnect();
    }
    expect((await t.ok(consoleApi.badges, {}, support)).merchant).toBe(before.merchant);
  });
});

describe('queues sort on the server', () => {
  const position = (ids: number[], a: number, b: number) => Math.sign(ids.indexOf(a) - ids.indexOf(b));

  it('merchant applications, tickets and appeals take newest or oldest first', async () => {
    const [a, b] = [await createUser(t, { level: 2 }), await createUser(t, { level: 2 })];
    for (const m of [a, b]) await t.ok(merchantApi.apply, { name: 'Sorted shop' }, m.token);
    const merchants = async (order: 'asc' | 'desc') =>
      (await t.ok(adminC2cApi.merchantPage, { status: 'pending', order, size: 100 }, support)).list.map(
        (m) => m.userId,
      );
    expect(position(await merchants('asc'), a.id, b.id)).toBe(-1);
    expect(position(await merchants('desc'), a.id, b.id)).toBe(1);

    const first = await t.ok(appComplainApi.submit, { type: 'fraud', text: 'first' }, a.token);
    const second = await t.ok(appComplainApi.submit, { type: 'fraud', text: 'second' }, a.token);
    const tickets = async (order: 'asc' | 'desc') =>
      (await t.ok(adminComplainApi.page, { userId: a.id, order }, support)).list.map((x) => x.id);
    expect(await tickets('asc')).toEqual([first.id, second.id]);
    expect(await tickets('desc')).toEqual([second.id, first.id]);

    // Two orders appealed by the seller: open appeals oldest first by default, newest first on request.
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const appealed: number[] = [];
    for (const _ of [1, 2]) {
      const buyer = await createTrader(t);
      const order = await startOrder(t, buyer, ad.id, '10');
      await t.ok(transactionApi.payment, { id: order.orderId }, buyer.token);
      await t.ok(
        transactionApi.appealing,
        { id: order.orderId, reasonCode: 'other', reason: 'no money arrived' },
        merchant.token,
      );
      appealed.push(order.orderId);
    }
    const appeals = async (order?: 'asc' | 'desc') =>
      (
        await t.ok(
          adminC2cApi.appealPage,
          { status: 'appealing', size: 100, ...(order ? { order } : {}) },
          support,
        )
      ).list.map((o) => o.orderId);
    expect(position(await appeals(), appealed[0]!, appealed[1]!)).toBe(-1);
    expect(position(await appeals('desc'), appealed[0]!, appealed[1]!)).toBe(1);
    await t.fails(adminComplainApi.page, { order: 'up' } as never, support, ErrorCode.Validation);
  });
});

describe('merchant revoke', () => {
  it('support revokes an approved merchant: role removed, ads taken down, audited', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const revoked = await t.ok(adminC2cApi.merchantRevoke, { userId: merchant.id, note: 'fraud' }, support);
    expect(revoked).toMatchObject({ status: 'rejected', reviewNote: 'fraud' });
    const me = await t.ok(userApi.person, {}, merchant.token);
    expect(me.id).toBe(merchant.id);
    const info = await t.ok(adminMemberApi.info, { id: merchant.id }, support);
    expect(info.role).not.toContain('merchant');
    expect(info.audit[0]!.action).toBe('c2c:merchant:revoke');
    // The sell ad's coins went back to the merchant's available balance.
    expect((await balanceOf(t, merchant)).frozen).toBe('0.00');
    await t.fails(
      adminC2cApi.merchantRevoke,
      { userId: merchant.id, note: 'again' },
      support,
      ErrorCode.Conflict,
    );
    const member = await createUser(t);
    await t.fails(
      adminC2cApi.merchantRevoke,
      { userId: merchant.id, note: 'x' },
      member.token,
      ErrorCode.Forbidden,
    );
    expect(ad.id).toBeGreaterThan(0);
  });
});
