import { randomUUID } from 'node:crypto';
import { adminAdjustApi, adminWalletApi, consoleApi, ErrorCode } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { type StaffUser, threeAdmins } from '../helpers/staff.ts';

/** Ledger adjustments under separation of duties (docs/security.md, "Ledger adjustments", "The checker"). */
const t = useTestApp({ ADJUST_APPROVAL_CAP_USDT: '1000', ADJUST_DAILY_CAP_USDT: '5000' });

let a: { id: number; token: string };
let b: StaffUser;
let c: StaffUser;
beforeAll(async () => {
  ({ a, b, c } = await threeAdmins(t));
});

const DAY_MS = 24 * 3600 * 1000;
/** Each test starts its makers' rolling windows empty. */
const freshWindow = () => t.clock.advance(DAY_MS + 1000);

const adjust = (token: string, userId: number, amount: string, requestId = randomUUID()) =>
  t.ok(adminWalletApi.adjust, { userId, amount, reason: 'test', requestId }, token);

describe('rolling 24 h cap per admin', () => {
  it('credits post alone until the daily cap; the next one waits for a second admin', async () => {
    freshWindow();
    const m = await createUser(t);
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await adjust(a.token, m.id, '1000')).status);
    expect(statuses).toEqual([
      'posted',
      'posted',
      'posted',
      'posted',
      'posted',
      'pending',
      'pending',
      'pending',
    ]);
    expect((await balanceOf(t, m as never)).available).toBe('5000.00');
    // The window rolls: a day later the maker posts alone again.
    t.clock.advance(DAY_MS + 1000);
    expect((await adjust(a.token, m.id, '1000')).status).toBe('posted');
  });

  it('debits count by absolute value and follow the same caps', async () => {
    freshWindow();
    const m = await createUser(t);
    expect((await adjust(c.token, m.id, '1000')).status).toBe('posted');
    for (let i = 0; i < 3; i++) expect((await adjust(a.token, m.id, '1000')).status).toBe('posted');
    for (let i = 0; i < 2; i++) expect((await adjust(a.token, m.id, '-1000')).status).toBe('posted');
    // 3,000 in and 2,000 out make 5,000: the next debit, however small, waits.
    expect((await adjust(a.token, m.id, '-1')).status).toBe('pending');
    // A single debit above the approval cap waits whatever the total: -500,000 is not posted at once.
    const big = await adjust(c.token, m.id, '-500000');
    expect(big).toMatchObject({ status: 'pending', id: null });
    expect((await balanceOf(t, m as never)).available).toBe('2000.00');
    // Approved by an independent admin, a debit larger than the balance is refused.
    await t.fails(adminAdjustApi.approve, { id: big.approvalId! }, a.token, ErrorCode.InsufficientBalance);
  });

  it('a rejected request stops counting toward the maker’s total', async () => {
    freshWindow();
    const m = await createUser(t);
    const big = await adjust(a.token, m.id, '4500');
    expect(big.status).toBe('pending');
    expect((await adjust(a.token, m.id, '600')).status).toBe('pending');
    await t.ok(adminAdjustApi.reject, { id: big.approvalId!, note: 'typo' }, c.token);
    expect((await adjust(a.token, m.id, '600')).status).toBe('posted');
  });

  it('a retry with the same request id answers the same adjustment, posted once', async () => {
    freshWindow();
    const m = await createUser(t);
    const requestId = randomUUID();
    const first = await adjust(a.token, m.id, '10', requestId);
    const again = await adjust(a.token, m.id, '10', requestId);
    expect(again).toEqual(first);
    expect((await balanceOf(t, m as never)).available).toBe('10.00');
    await t.fails(
      adminWalletApi.adjust,
      { userId: m.id, amount: '11', reason: 'test', requestId },
      a.token,
      ErrorCode.IdempotencyConflict,
    );
  });

  it('two adjustments at once cannot both slip under the cap', async () => {
    freshWindow();
    const m = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(a.token, m.id, '1000')));
    expect(answers.filter((r) => r.status === 'posted')).toHaveLength(5);
    expect((await balanceOf(t, m as never)).available).toBe('5000.00');
  });
});

describe('the checker', () => {
  it('an admin never adjusts its own account, alone or as checker', async () => {
    freshWindow();
    await t.fails(
      adminWalletApi.adjust,
      { userId: a.id, amount: '1', reason: 'x', requestId: randomUUID() },
      a.token,
      ErrorCode.DutySeparation,
    );
    await t.fails(
      adminWalletApi.adjust,
      { userId: c.id, amount: '-1', reason: 'x', requestId: randomUUID() },
      c.token,
      ErrorCode.DutySeparation,
    );
    const forC = await adjust(b.token, c.id, '2000');
    expect(forC.status).toBe('pending');
    await t.fails(adminAdjustApi.approve, { id: forC.approvalId! }, c.token, ErrorCode.DutySeparation);
    await t.fails(
      adminAdjustApi.reject,
      { id: forC.approvalId!, note: 'x' },
      c.token,
      ErrorCode.DutySeparation,
    );
    expect((await t.ok(adminAdjustApi.approve, { id: forC.approvalId! }, a.token)).status).toBe('approved');
  });

  it('the maker, and an admin the maker created, cannot approve; an independent admin can', async () => {
    freshWindow();
    const m = await createUser(t);
    const big = await adjust(a.token, m.id, '1000000');
    expect(big.status).toBe('pending');
    await t.fails(adminAdjustApi.approve, { id: big.approvalId! }, a.token, ErrorCode.DutySeparation);
    // B was added by A alone: A cannot mint through it.
    await t.fails(adminAdjustApi.approve, { id: big.approvalId! }, b.token, ErrorCode.DutySeparation);
    const approved = await t.ok(adminAdjustApi.approve, { id: big.approvalId! }, c.token);
    expect(approved).toMatchObject({ status: 'approved', makerId: a.id, checkerId: c.id });
    expect((await balanceOf(t, m as never)).available).toBe('1000000.00');
    await t.fails(adminAdjustApi.approve, { id: big.approvalId! }, c.token, ErrorCode.AdjustmentNotPending);
  });

  it('the adjustments list shows posted and pending rows with their makers', async () => {
    freshWindow();
    const m = await createUser(t);
    const posted = await adjust(b.token, m.id, '5');
    const pending = await adjust(b.token, m.id, '5000');
    const page = await t.ok(adminAdjustApi.page, { status: 'posted' }, a.token);
    expect(page.list.find((r) => r.entryId === posted.id)).toMatchObject({ makerId: b.id, checkerId: null });
    const waiting = await t.ok(adminAdjustApi.page, { status: 'pending' }, a.token);
    expect(waiting.list.map((r) => r.id)).toContain(pending.approvalId);
  });
});

describe('visibility of staff money actions', () => {
  it('every adjustment raises the console event; the badge and the dashboard show it', async () => {
    freshWindow();
    const m = await createUser(t);
    const sock = await connectSocket(t, c.token);
    try {
      const events = recorder(sock, 'console');
      const before = await t.ok(consoleApi.badges, {}, c.token);
      await adjust(a.token, m.id, '7');
      await events.next((e) => e.kind === 'moneyAction');
      const pending = await adjust(a.token, m.id, '7000');
      const after = await t.ok(consoleApi.badges, {}, c.token);
      expect(after.moneyAction).toBe(before.moneyAction + 2);
      expect(after.adjustment).toBe(before.adjustment + 1);
      const dashboard = await t.ok(consoleApi.dashboard, {}, c.token);
      expect(dashboard.moneyActions.slice(0, 2).map((x) => [x.action, x.actorId, x.amount])).toEqual([
        ['usdt:wallet:adjust-request', a.id, '7000.00'],
        ['usdt:wallet:adjust', a.id, '7.00'],
      ]);
      events.seen.length = 0;
      await t.ok(adminAdjustApi.reject, { id: pending.approvalId!, note: 'no' }, c.token);
      await events.next((e) => e.kind === 'moneyAction');
    } finally {
      sock.disconnect();
    }
  });
});

describe('the member sees an adjustment land', () => {
  it('a posted credit, a debit and an approved request each reach the member live; a pending one does not', async () => {
    freshWindow();
    const m = await createUser(t);
    const sock = await connectSocket(t, m.token);
    try {
      const events = recorder(sock, 'wallet');
      const credit = await adjust(a.token, m.id, '7');
      expect(await events.next((e) => e.kind === 'adjusted')).toEqual({
        kind: 'adjusted',
        entryId: credit.id,
        amount: '7.00',
      });
      const debit = await adjust(a.token, m.id, '-2');
      expect(await events.next((e) => e.kind === 'adjusted' && e.entryId === debit.id)).toMatchObject({
        amount: '-2.00',
      });
      const big = await adjust(a.token, m.id, '7000');
      expect(big.status).toBe('pending');
      // Nothing for the waiting request: the next event is the approval's.
      const approved = await t.ok(adminAdjustApi.approve, { id: big.approvalId! }, c.token);
      const next = await events.next(
        (e) => e.kind === 'adjusted' && e.entryId !== credit.id && e.entryId !== debit.id,
      );
      expect(next).toEqual({ kind: 'adjusted', entryId: approved.entryId, amount: '7000.00' });
      expect(events.seen.filter((e) => e.kind === 'adjusted')).toHaveLength(3);
    } finally {
      sock.disconnect();
    }
  });
});
