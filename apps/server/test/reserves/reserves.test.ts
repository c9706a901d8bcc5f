import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  adminReservesApi,
  consoleApi,
  ErrorCode,
  parseUsdt,
  proofInTree,
  reservesApi,
  verifyMemberProof,
  verifyPublishedTree,
  walletApi,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { porLeaves, porSnapshots } from '../../src/db/schema/index.ts';
import { POR_SNAPSHOT_JOB, porKeyFrom } from '../../src/modules/reserves/index.ts';
import { PROD_POR, useTestApp } from '../helpers/app.ts';
import {
  adminToken,
  balanceOf,
  createFriendPair,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { sendPacketOk, systemBalance } from '../helpers/money.ts';
import { addStaffAtOnce } from '../helpers/staff.ts';

const t = useTestApp();

const snapshot = async (reason = 'month end') =>
  t.ok(adminReservesApi.snapshot, { reason }, await adminToken(t));

/** The member's total (available + frozen) in micro-USDT, as the proof's leaf writes it. */
const heldBy = async (u: TestUser) => parseUsdt((await balanceOf(t, u)).total).toString();

describe('the signing key', () => {
  it('is Ed25519 from its 32-byte seed (RFC 8032, test 1); without the setting one is kept in DATA_DIR', async () => {
    const key = porKeyFrom(PROD_POR.POR_SIGNING_KEY);
    expect(key.publicKey).toBe('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    expect(key.sign('')).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    );
    const stored = fs.readFileSync(path.join(t.dataDir, 'por-signing-key'), 'utf8').trim();
    expect((await t.ok(reservesApi.latest, {})).publicKey).toBe(porKeyFrom(stored).publicKey);
  });
});

describe('before the first snapshot', () => {
  it('the latest is null with the public key, and proofs and trees answer ReservesSnapshotNotFound', async () => {
    const a = await createUser(t);
    const latest = await t.ok(reservesApi.latest, {});
    expect(latest.snapshot).toBeNull();
    expect(latest.publicKey).toMatch(/^[0-9a-f]{64}$/);
    await t.fails(reservesApi.proof, {}, a.token, ErrorCode.ReservesSnapshotNotFound);
    await t.fails(reservesApi.tree, {}, undefined, ErrorCode.ReservesSnapshotNotFound);
  });
});

describe('a snapshot', () => {
  it('commits every member balance and the escrow; each member verifies their own leaf', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const c = await createUser(t);
    await credit(t, a, '100');
    await credit(t, b, '25.5');
    await setPin(t, a);
    // Money in escrow is owed to members too: a red packet nobody opened yet.
    await sendPacketOk(t, a, { sessionId, amount: '4.25' });
    await t.ok(
      walletApi.transfer,
      { memberId: c.memberId, amount: '10', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    const summary = await snapshot();
    expect(summary).toMatchObject({ trigger: 'admin', covered: false, ratio: '0.00', reserves: '0.00' });

    const { snapshot: signed, publicKey } = await t.ok(reservesApi.latest, {});
    expect(signed!.id).toBe(summary.id);
    expect(signed!.publicKey).toBe(publicKey);
    // Liabilities: every member account as the books hold them, plus the packet's escrow.
    const [books] = (
      (await t.database.db.execute(
        sql`SELECT COALESCE(SUM(balance), 0)::text AS total, COUNT(DISTINCT user_id)::int AS n
            FROM ledger_accounts WHERE user_id IS NOT NULL`,
      )) as unknown as { rows: { total: string; n: number }[] }
    ).rows;
    expect(signed!.memberLiabilities).toBe(books!.total);
    expect(signed!.members).toBe(books!.n);
    expect(signed!.escrow).toEqual([
      { code: 'c2c-escrow', balance: '0' },
      { code: 'redpacket', balance: (await systemBalance(t, 'redpacket')).toString() },
    ]);
    expect(BigInt(signed!.liabilities)).toBe(BigInt(books!.total) + 4_250_000n);
    expect(summary.liabilities).toBe('125.50');
    // No chain in this server: every network is listed with why it counts nothing.
    expect(signed!.addresses).toEqual([]);
    expect(signed!.skipped.map((s) => s.network).sort()).toEqual(['BEP20', 'ERC20', 'TRC20']);
    expect(signed!.skipped.find((s) => s.network === 'TRC20')!.reason).toMatch(/TRON/);

    for (const u of [a, b, c]) {
      const { proof } = await t.ok(reservesApi.proof, {}, u.token);
      expect(proof!.leaf.memberId).toBe(u.memberId);
      const verdict = await verifyMemberProof(proof!, {
        expectedKey: publicKey,
        expect: { memberId: u.memberId, balance: await heldBy(u) },
      });
      expect(verdict, u.username).toEqual({ ok: true, problems: [] });
    }

    const tree = await t.ok(reservesApi.tree, { id: summary.id });
    expect(await verifyPublishedTree(tree, { expectedKey: publicKey })).toEqual({ ok: true, problems: [] });
    // The public tree names nobody: no member id, user id or salt anywhere in it.
    const text = JSON.stringify(tree.leaves);
    for (const u of [a, b, c]) expect(text).not.toContain(u.memberId);
    const { proof } = await t.ok(reservesApi.proof, { id: summary.id }, b.token);
    expect(text).not.toContain(proof!.leaf.salt);
    expect((await proofInTree(proof!, tree)).ok).toBe(true);
  });

  it('a member with no ledger account has no leaf; a later transfer does not enter an older snapshot', async () => {
    const first = await snapshot();
    const newcomer = await createUser(t);
    expect(await t.ok(reservesApi.proof, {}, newcomer.token)).toEqual({ proof: null });
    await credit(t, newcomer, '3');
    expect(await t.ok(reservesApi.proof, { id: first.id }, newcomer.token)).toEqual({ proof: null });
    const second = await snapshot();
    const { proof } = await t.ok(reservesApi.proof, { id: second.id }, newcomer.token);
    expect(proof!.leaf.balance).toBe('3000000');
    expect(BigInt(second.ledgerPosition)).toBeGreaterThan(BigInt(first.ledgerPosition));
  });

  it('each leaf has its own salt, new at every snapshot, and the leaves are not in sign-up order', async () => {
    for (let i = 0; i < 6; i++) await credit(t, await createUser(t), String(i + 1));
    const one = await snapshot();
    const two = await snapshot();
    const leaves = await t.database.db.select().from(porLeaves);
    const of = (id: number) => leaves.filter((l) => l.snapshotId === id);
    expect(new Set(of(one.id).map((l) => l.salt)).size).toBe(of(one.id).length);
    const salts = new Set(of(one.id).map((l) => l.salt));
    expect(of(two.id).some((l) => salts.has(l.salt))).toBe(false);
    expect(one.root).not.toBe(two.root);
    const order = of(one.id)
      .sort((x, y) => x.idx - y.idx)
      .map((l) => l.userId);
    // 12+ leaves in sign-up order by chance: about one in 479 million.
    expect(order).not.toEqual([...order].sort((x, y) => x - y));
  });

  it('the staff snapshot is audited with its reason and listed in the console history with its ratio', async () => {
    const taken = await snapshot('auditor visit');
    const admin = await adminToken(t);
    const audit = await t.ok(consoleApi.auditPage, { action: 'usdt:reserves:snapshot' }, admin);
    expect(audit.list[0]).toMatchObject({ action: 'usdt:reserves:snapshot', reason: 'auditor visit' });
    const page = await t.ok(adminReservesApi.page, { page: 1, size: 5 }, admin);
    expect(page.list[0]).toMatchObject({ id: taken.id, ratio: '0.00', covered: false });
    expect(page.pagination.total).toBeGreaterThanOrEqual(1);
    const dash = await t.ok(consoleApi.dashboard, {}, admin);
    expect(dash.reserves).toMatchObject({ id: taken.id, covered: false });
  });
});

describe('who may do what', () => {
  it('a member reads only their own leaf: the call names no member, and extra fields are ignored', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await credit(t, a, '7');
    await credit(t, b, '9');
    await snapshot();
    const asB = await t.call(reservesApi.proof, { userId: a.id, memberId: a.memberId } as never, b.token);
    expect(asB.code).toBe(1000);
    const proof = (asB.data as { proof: { leaf: { memberId: string; balance: string } } }).proof;
    expect(proof.leaf).toMatchObject({ memberId: b.memberId, balance: '9000000' });
    expect(JSON.stringify(asB)).not.toContain(a.memberId);
    await t.fails(reservesApi.proof, {}, undefined, ErrorCode.Unauthorized);
  });

  it('console calls are refused to members and strangers; support reads the history but cannot snapshot', async () => {
    const member = await createUser(t);
    for (const token of [member.token, undefined]) {
      const code = token ? ErrorCode.Forbidden : ErrorCode.Unauthorized;
      await t.fails(adminReservesApi.page, {}, token, code);
      await t.fails(adminReservesApi.snapshot, { reason: 'x' }, token, code);
    }
    const support = await addStaffAtOnce(t, await adminToken(t), ['support']);
    expect((await t.ok(adminReservesApi.page, {}, support.token)).list.length).toBeGreaterThan(0);
    await t.fails(adminReservesApi.snapshot, { reason: 'x' }, support.token, ErrorCode.Forbidden);
  });

  it('bad input: unknown or malformed ids, an empty reason', async () => {
    const a = await createUser(t);
    await t.fails(reservesApi.tree, { id: 999_999 }, undefined, ErrorCode.ReservesSnapshotNotFound);
    await t.fails(reservesApi.proof, { id: 999_999 }, a.token, ErrorCode.ReservesSnapshotNotFound);
    for (const id of [0, -1, 'x', 2 ** 40]) {
      expect((await t.call(reservesApi.tree, { id } as never)).code).toBe(ErrorCode.Validation);
      expect((await t.call(reservesApi.proof, { id } as never, a.token)).code).toBe(ErrorCode.Validation);
    }
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const res = await t.call(adminReservesApi.snapshot, { reason }, await adminToken(t));
      expect(res.code).toBe(ErrorCode.Validation);
    }
  });
});

describe('the scheduled snapshot', () => {
  it('takes one when the newest is older than the interval, and not again within it', async () => {
    await t.database.db.execute(
      sql`UPDATE por_snapshots SET snapshot_time = snapshot_time - interval '25 hours'`,
    );
    const before = (await t.database.db.select().from(porSnapshots)).length;
    expect(await t.jobs.runNow(POR_SNAPSHOT_JOB)).toBe(1);
    expect(await t.jobs.runNow(POR_SNAPSHOT_JOB)).toBe(0);
    const rows = await t.database.db.select().from(porSnapshots);
    expect(rows.length).toBe(before + 1);
    expect(rows.find((r) => r.id === Math.max(...rows.map((x) => x.id)))).toMatchObject({
      trigger: 'schedule',
      createdBy: null,
    });
  });
});

describe('a negative balance cannot be hidden', () => {
  const n = useTestApp();
  it('a member account below zero stops the snapshot: nothing is signed', async () => {
    const a = await createUser(n);
    const b = await createUser(n);
    await credit(n, a, '50');
    await credit(n, b, '5');
    // The books forbid it (CHECK ledger_accounts_member_not_negative); a broken or hostile database may not.
    await n.database.db.execute(
      sql`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_member_not_negative`,
    );
    await n.database.db.execute(
      sql`UPDATE ledger_accounts SET balance = -40000000 WHERE user_id = ${b.id} AND kind = 'available'`,
    );
    await n.fails(
      adminReservesApi.snapshot,
      { reason: 'x' },
      await adminToken(n),
      ErrorCode.ReservesNegativeBalance,
    );
    expect(await n.database.db.select().from(porSnapshots)).toEqual([]);
    expect(await n.jobs.runNow(POR_SNAPSHOT_JOB).catch((e: Error) => e.message)).toMatch(/below zero/);
    expect(await n.database.db.select().from(porSnapshots)).toEqual([]);
  });
});
