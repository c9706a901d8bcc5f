import { adminChainApi, ErrorCode, successData, walletApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chainCursors, chainDeposits } from '../../src/db/schema/index.ts';
import { EvmAdapter } from '../../src/modules/chain/evm.ts';
import { watchDeposits } from '../../src/modules/chain/watcher.ts';
import { useTestApp } from '../helpers/app.ts';
import { expectChainMatchesBooks, useTestChain } from '../helpers/chain.ts';
import { adminToken, balanceOf, createUser, type TestUser } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';

const USDT = 1_000_000n;

// Small log batches: catching up takes several passes, which is what the resume test needs.
const chain = useTestChain({ confirmations: 3, env: { ERC20_BLOCK_BATCH: '3' } });
const t = useTestApp(() => chain.env);

const watch = () => t.jobs.runNow('chain-watch-ERC20');
/** Passes until the cursor has caught up (several with small batches). */
const catchUp = async () => {
  for (let i = 0; i < 50; i++) {
    await watch();
    const [c] = await t.database.db.select().from(chainCursors).where(eq(chainCursors.network, 'ERC20'));
    if (c && c.nextBlock >= (await chain.head()) - 1n) return;
  }
};
const addressOf = async (u: TestUser) => {
  const res = await t.call(walletApi.address, { network: 'ERC20' }, u.token);
  expect(res.code, res.message).toBe(1000);
  return successData(walletApi.address, res).address;
};
const records = async (u: TestUser) => (await t.ok(walletApi.records, { page: 1, size: 50 }, u.token)).list;

describe('deposit addresses', () => {
  it('one per member per network, derived from the seed at the member id, the same on every call', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const first = await addressOf(a);
    expect(first).toBe(chain.hd.evmAddress(a.id));
    expect(await addressOf(a)).toBe(first);
    expect(await addressOf(b)).not.toBe(first);
    for (const network of ['TRC20', 'BEP20'] as const) {
      expect((await t.call(walletApi.address, { network }, a.token)).code).toBe(ErrorCode.NetworkNotEnabled);
    }
  });

  it('info and estimate show the configured network', async () => {
    const a = await createUser(t);
    const info = await t.ok(walletApi.info, {}, a.token);
    expect(info.networks).toContainEqual(
      expect.objectContaining({ network: 'ERC20', enabled: true, confirmations: 3, awardPercent: '1' }),
    );
    const est = await t.call(walletApi.estimate, { network: 'ERC20', amount: '100' }, a.token);
    expect(est.data).toMatchObject({ enabled: true, gasFee: '1.00', fee: '1.10', total: '101.10' });
  });
});

describe('the development faucet', () => {
  it('names the networks it can send on, and its test USDT arrives as a real deposit', async () => {
    const admin = await adminToken(t);
    expect(await t.ok(adminChainApi.faucetNetworks, {}, admin)).toEqual(['ERC20']);
    const a = await createUser(t);
    await t.fails(adminChainApi.faucetNetworks, {}, a.token, ErrorCode.Forbidden);
    const sent = await t.ok(adminChainApi.faucet, { userId: a.id, network: 'ERC20', amount: '25' }, admin);
    expect(sent.address).toBe(await addressOf(a));
    await catchUp();
    expect((await records(a)).map((r) => [r.type, r.amount])).toEqual([['deposit', '25.00']]);
  });
});

describe('deposits', () => {
  it('confirming n of N, credited only at N confirmations (with the award), once; a socket event at each step', async () => {
    const a = await createUser(t);
    const socket = await connectSocket(t, a.token);
    const events = recorder(socket, 'chain');
    const address = await addressOf(a);
    const txHash = await chain.send(address, 25n * USDT);
    await catchUp();
    let [rec] = await records(a);
    expect(rec).toMatchObject({
      type: 'deposit',
      status: 'confirming',
      confirmations: 1,
      required: 3,
      txHash,
    });
    expect((await balanceOf(t, a)).available).toBe('0.00');
    await chain.mine(1);
    await watch();
    [rec] = await records(a);
    expect(rec).toMatchObject({ status: 'confirming', confirmations: 2 });
    expect((await balanceOf(t, a)).available).toBe('0.00');
    await chain.mine(1);
    await watch();
    [rec] = await records(a);
    expect(rec).toMatchObject({ status: 'credited', confirmations: 3, amount: '25.00', award: '0.25' });
    expect((await balanceOf(t, a)).available).toBe('25.25');
    await chain.mine(5);
    await watch();
    await watch();
    expect((await balanceOf(t, a)).available).toBe('25.25');
    expect(await records(a)).toHaveLength(1);
    await events.next((p) => p.status === 'credited');
    expect(events.seen.map((p) => `${p.status}:${p.confirmations}`)).toEqual([
      'confirming:1',
      'confirming:2',
      'credited:3',
    ]);
    socket.disconnect();
    await expectChainMatchesBooks(t, chain);
  });

  it('below the minimum: recorded and shown, never credited', async () => {
    const a = await createUser(t);
    await chain.send(await addressOf(a), 9_990_000n);
    await catchUp();
    await chain.mine(3);
    await watch();
    const [rec] = await records(a);
    expect(rec).toMatchObject({ status: 'below_minimum', amount: '9.99', award: '0.00' });
    expect((await balanceOf(t, a)).available).toBe('0.00');
    await expectChainMatchesBooks(t, chain);
  });

  it('a reorg before N confirmations drops the deposit: never credited', async () => {
    const a = await createUser(t);
    const address = await addressOf(a);
    await chain.mine(1);
    await catchUp();
    const snap = await chain.snapshot();
    await chain.send(address, 30n * USDT);
    await chain.mine(1);
    await watch();
    expect((await records(a))[0]).toMatchObject({ status: 'confirming', confirmations: 2 });
    // The blocks holding the transfer are replaced by others without it.
    await chain.revert(snap);
    await chain.mine(6);
    await watch();
    await watch();
    expect((await records(a))[0]).toMatchObject({ status: 'dropped' });
    expect((await balanceOf(t, a)).available).toBe('0.00');
    expect(await chain.tokenBalance(address)).toBe(0n);
    await expectChainMatchesBooks(t, chain);
  });

  it('resumes after an RPC outage and a restart without gaps or repeats', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const [addrA, addrB] = [await addressOf(a), await addressOf(b)];
    await catchUp();
    chain.proxy.setDown(true);
    const sent = [
      await chain.send(addrA, 11n * USDT),
      await chain.send(addrB, 12n * USDT),
      await chain.send(addrA, 13n * USDT, 3),
    ];
    await chain.mine(2);
    await chain.send(addrB, 14n * USDT, 4);
    await expect(watch()).rejects.toThrow();
    await expect(watch()).rejects.toThrow();
    chain.proxy.setDown(false);
    // One pass of the old process, then a "restarted" watcher: a new adapter, only the database's cursor.
    await watch();
    const config = t.config.networks.find((n) => n.network === 'ERC20')!;
    const fresh = new EvmAdapter(config);
    const deps = { db: t.database.db, realtime: t.realtime, log: t.app.log };
    for (let i = 0; i < 20; i++) await watchDeposits(deps, config, fresh);
    await chain.mine(3);
    await catchUp();
    const rows = await t.database.db.select().from(chainDeposits);
    for (const hash of sent) expect(rows.filter((r) => r.txHash === hash)).toHaveLength(1);
    expect((await balanceOf(t, a)).available).toBe('24.24');
    expect((await balanceOf(t, b)).available).toBe('26.26');
    await expectChainMatchesBooks(t, chain);
  });
});
