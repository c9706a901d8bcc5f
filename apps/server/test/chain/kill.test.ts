import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { walletApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/connection.ts';
import { chainWithdrawals } from '../../src/db/schema/index.ts';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { createPgDatabase, engine, type TestApp } from '../helpers/app.ts';
import { expectChainMatchesBooks, startTestChain, type TestChain } from '../helpers/chain.ts';
import { createUser, credit, setPin, TEST_PIN } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';
import { sleep, waitFor } from '../helpers/wait.ts';

/**
 * The server killed with SIGKILL between broadcast and confirmation (PostgreSQL: two processes share the
 * database one after the other). After a restart: exactly one on-chain transfer per withdrawal, correct books.
 */
const USDT = 1_000_000n;

describe.skipIf(engine !== 'postgres')('SIGKILL between broadcast and confirmation', () => {
  let chain: TestChain;
  let pg: Awaited<ReturnType<typeof createPgDatabase>>;
  let db: Database;
  let server: ServerProcess | null = null;
  const dataDir = `/tmp/chatpay-kill-${randomUUID()}`;
  const env = () => ({
    ...chain.env,
    NODE_ENV: 'test',
    DATABASE_URL: pg.url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'k'.repeat(48),
    API_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
    SWEEP_INTERVAL_SECONDS: '1',
    CHAIN_POLL_SECONDS: '1',
  });

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 3 });
    pg = await createPgDatabase();
    db = await openDatabase({ url: pg.url, dataDir: null });
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.close();
    await pg?.drop();
    await chain?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rowOf = async (id: number) =>
    (await db.db.select().from(chainWithdrawals).where(eq(chainWithdrawals.id, id)))[0]!;
  const waitForStatus = (id: number, ok: (status: string) => boolean, timeoutMs = 20_000) =>
    waitFor(
      async () => {
        const row = await rowOf(id);
        return ok(row.status) && row;
      },
      { timeoutMs, message: async () => `withdrawal ${id} still ${(await rowOf(id)).status}` },
    );

  it('recorded but not sent, or sent but not confirmed: after a restart one transfer each, books correct', async () => {
    server = await startServerProcess(env());
    const api = remoteCaller(() => (server ? [server] : []));
    const a = await createUser(api);
    await setPin(api, a);
    await credit(api, a, '500');
    const to1 = privateKeyToAccount(anvilKey(11)).address;
    const to2 = privateKeyToAccount(anvilKey(12)).address;

    // 1. Signed and recorded, the send lost, then the process dies.
    chain.proxy.failMethod('eth_sendRawTransaction');
    const w1 = await api.ok(
      walletApi.withdrawal,
      { network: 'ERC20', address: to1, amount: '60', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    const signed1 = await waitForStatus(w1.id, (s) => s === 'signed');
    await server.kill('SIGKILL');
    server = null;
    expect(await chain.transfersFromHot(to1)).toEqual([]);
    chain.proxy.failMethod('eth_sendRawTransaction', false);

    // 2. A restarted process resends the recorded bytes; it is killed once the transfer is mined, before N.
    server = await startServerProcess(env());
    const w2 = await api.ok(
      walletApi.withdrawal,
      { network: 'ERC20', address: to2, amount: '70', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    const second = server;
    await waitFor(
      async () =>
        (await chain.transfersFromHot(to1)).length > 0 && (await chain.transfersFromHot(to2)).length > 0,
      { timeoutMs: 20_000, message: () => `not sent:\n${second.log().slice(-3000)}` },
    );
    await server.kill('SIGKILL');
    server = null;
    expect((await rowOf(w1.id)).status).not.toBe('completed');
    expect((await rowOf(w2.id)).status).not.toBe('completed');

    // 3. Another restart: confirmations arrive, both complete, nothing is sent again.
    server = await startServerProcess(env());
    await chain.mine(3);
    const done1 = await waitForStatus(w1.id, (s) => s === 'completed');
    const done2 = await waitForStatus(w2.id, (s) => s === 'completed');
    expect(done1.txHash).toBe(signed1.txHash);
    expect(done2.status).toBe('completed');
    await chain.mine(3);
    await sleep(2500);
    expect(await chain.transfersFromHot(to1)).toEqual([60n * USDT]);
    expect(await chain.transfersFromHot(to2)).toEqual([70n * USDT]);
    await server.kill('SIGTERM');
    server = null;
    await expectChainMatchesBooks({ database: db } as unknown as TestApp, chain);
  }, 120_000);
});
