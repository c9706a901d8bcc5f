import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  adminReservesApi,
  formatRatio,
  type PorProof,
  type PorTree,
  reserveChallenge,
  reservesApi,
  successData,
  verifyMemberProof,
  walletApi,
} from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { type Address, type Hex, verifyMessage } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { chainCursors } from '../../src/db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { HOT_FLOAT, useTestChain } from '../helpers/chain.ts';
import { adminToken, balanceOf, createUser, credit, type TestUser } from '../helpers/factories.ts';

const USDT = 1_000_000n;
const chain = useTestChain({ confirmations: 3 });
const t = useTestApp(() => chain.env);

const root = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);
/** `npm run por:verify` as a member or an auditor runs it: its exit code and what it printed. */
const porVerify = (args: string[]) =>
  run('node', ['--import', 'tsx', 'apps/server/scripts/por-verify.ts', ...args], { cwd: root }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: `${e.stdout}${e.stderr}`,
    }),
  );

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'por-verify-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const save = (name: string, data: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
};

const addressOf = async (u: TestUser) =>
  successData(walletApi.address, await t.call(walletApi.address, { network: 'ERC20' }, u.token)).address;
const catchUp = async () => {
  for (let i = 0; i < 50; i++) {
    await t.jobs.runNow('chain-watch-ERC20');
    const [c] = await t.database.db.select().from(chainCursors).where(eq(chainCursors.network, 'ERC20'));
    if (c && c.nextBlock >= (await chain.head()) - 1n) return;
  }
};

describe('reserves on chain', () => {
  let a: TestUser;
  let tree: PorTree;
  let proof: PorProof;

  it('the hot wallet and every deposit address holding tokens, at one final block, each signing the root', async () => {
    a = await createUser(t);
    const b = await createUser(t);
    const depositAddress = await addressOf(a);
    await addressOf(b);
    await chain.send(depositAddress, 50n * USDT);
    await chain.mine(3);
    await catchUp();
    expect((await balanceOf(t, a)).total).toBe('50.50');
    // Credited by hand, with nothing on chain behind it.
    await credit(t, b, '20');

    const head = await chain.head();
    const summary = await t.ok(adminReservesApi.snapshot, { reason: 'chain test' }, await adminToken(t));
    tree = await t.ok(reservesApi.tree, { id: summary.id });
    const s = tree.snapshot;
    // The newest block with the network's 3 confirmations.
    const block = (head - 2n).toString();
    expect(s.addresses.map((x) => [x.kind, x.address, x.balance, x.block])).toEqual([
      ['hot', chain.hot, HOT_FLOAT.toString(), block],
      ['deposit', depositAddress, (50n * USDT).toString(), block],
    ]);
    expect(s.reserves).toBe((HOT_FLOAT + 50n * USDT).toString());
    expect(s.liabilities).toBe(70_500_000n.toString());
    expect(summary.ratio).toBe(formatRatio(HOT_FLOAT + 50n * USDT, 70_500_000n));
    expect(summary.covered).toBe(true);
    for (const x of s.addresses) {
      expect(x.chainId).toBe(31337);
      expect(x.token.toLowerCase()).toBe(chain.token.toLowerCase());
      const message = reserveChallenge({
        snapshotId: s.id,
        root: s.root,
        network: 'ERC20',
        chainId: 31337,
        address: x.address,
      });
      expect(
        await verifyMessage({ address: x.address as Address, message, signature: x.signature as Hex }),
      ).toBe(true);
      expect(await chain.tokenBalance(x.address)).toBeGreaterThanOrEqual(BigInt(x.balance));
    }
    // TRON cannot be read from here, BEP20 is not enabled: both said, neither counted.
    expect(s.skipped.map((x) => x.network).sort()).toEqual(['BEP20', 'TRC20']);
    proof = (await t.ok(reservesApi.proof, { id: s.id }, a.token)).proof!;
    expect(
      (await verifyMemberProof(proof, { expect: { memberId: a.memberId, balance: '50500000' } })).ok,
    ).toBe(true);
  });

  it('npm run por:verify checks the tree, the proof and the chain at the snapshot block, after tokens moved', {
    timeout: 120_000,
  }, async () => {
    await chain.send(await addressOf(a), 7n * USDT);
    const treeFile = save('tree.json', { code: 1000, data: tree, message: 'success' });
    const proofFile = save('proof.json', proof);
    const passed = await porVerify([
      treeFile,
      proofFile,
      '--key',
      tree.snapshot.publicKey,
      '--rpc',
      chain.anvil.rpcUrl,
    ]);
    expect(passed.out).toContain('OK');
    expect(passed.code).toBe(0);
    expect(passed.out).toContain('2 reserve address(es): signatures, balances and blocks');

    // Without a node it still checks every signature, and says the balances went unread.
    const offline = await porVerify([treeFile]);
    expect(offline.code).toBe(0);
    expect(offline.out).toMatch(/balances not read/);
  });

  // Seven runs of the command, each starting Node with tsx: minutes on a loaded two-core machine.
  it('a tampered tree, proof, reserve or key fails with exit 1; a file that is not one exits 2', {
    timeout: 180_000,
  }, async () => {
    const tampered: [string, (x: { tree: PorTree; proof: PorProof }) => void][] = [
      ['a leaf sum', (x) => (x.tree.leaves[0]!.sum = String(BigInt(x.tree.leaves[0]!.sum) + 1n))],
      ['the proof balance', (x) => (x.proof.leaf.balance = '60500000')],
      [
        'the proof salt',
        (x) =>
          (x.proof.leaf.salt = `${x.proof.leaf.salt.slice(0, -1)}${x.proof.leaf.salt.endsWith('0') ? '1' : '0'}`),
      ],
      // The operator re-signs a statement with more reserves than the chain holds: only the node can tell.
      ['a reserve balance', (x) => (x.tree.snapshot.addresses[1]!.balance = String(51n * USDT))],
      [
        'an address signature',
        (x) => (x.tree.snapshot.addresses[1]!.signature = x.tree.snapshot.addresses[0]!.signature),
      ],
    ];
    for (const [what, change] of tampered) {
      const copy = JSON.parse(JSON.stringify({ tree, proof })) as { tree: PorTree; proof: PorProof };
      change(copy);
      const res = await porVerify([
        save('t.json', copy.tree),
        save('p.json', copy.proof),
        '--rpc',
        `ERC20=${chain.anvil.rpcUrl}`,
      ]);
      expect(res.code, `${what}: ${res.out}`).toBe(1);
      expect(res.out).toContain('FAILED');
    }
    const wrongKey = await porVerify([save('t.json', tree), '--key', 'ab'.repeat(32)]);
    expect(wrongKey.code).toBe(1);
    const notOne = await porVerify([save('x.json', { hello: 'world' })]);
    expect(notOne.code).toBe(2);
  });

  it('a node that does not answer leaves the network uncounted, with the reason; the snapshot is still signed', async () => {
    chain.proxy.setDown(true);
    try {
      const summary = await t.ok(adminReservesApi.snapshot, { reason: 'node down' }, await adminToken(t));
      expect(summary).toMatchObject({ reserves: '0.00', covered: false, ratio: '0.00' });
      expect(summary.skipped.find((x) => x.network === 'ERC20')?.reason).toMatch(/node could not be read/);
    } finally {
      chain.proxy.setDown(false);
    }
  });
});
