import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, type Hex, http as viemHttp } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  chainAddresses,
  chainDeposits,
  chainWithdrawals,
  ledgerAccounts,
} from '../../src/db/schema/index.ts';
import { erc20Abi } from '../../src/modules/chain/dev/abi.ts';
import {
  type Anvil,
  anvilKey,
  deployTestUsdt,
  ONE_ETH,
  startAnvil,
} from '../../src/modules/chain/dev/anvil.ts';
import { HdWallet, TEST_MNEMONICS } from '../../src/modules/chain/hd.ts';
import { type TestApp, whileRunning } from './app.ts';
import { expectBooksBalanced, systemBalance } from './money.ts';

/** The seed of test servers: the BIP-39 test mnemonic (refused in production). */
export const TEST_SEED = TEST_MNEMONICS[0]!;
/** What the test hot wallet starts with: 10,000.00 test USDT and 100 ETH. */
export const HOT_FLOAT = 10_000n * 1_000_000n;

/**
 * A JSON-RPC pass-through in front of anvil that a test can take down (RPC outage) and bring back; the server
 * is configured with the proxy's URL.
 */
export const startRpcProxy = async (target: string) => {
  let down = false;
  /** JSON-RPC methods that fail (the connection is cut) while the rest pass. */
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (failing.size > 0) {
        const text = body.toString();
        if ([...failing].some((m) => text.includes(`"${m}"`))) {
          req.socket.destroy();
          return;
        }
      }
      try {
        const r = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(Buffer.from(await r.arrayBuffer()));
      } catch {
        req.socket.destroy();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    setDown(value: boolean) {
      down = value;
    },
    failMethod(method: string, fail = true) {
      if (fail) failing.add(method);
      else failing.delete(method);
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};

export interface TestChain {
  anvil: Anvil;
  token: Address;
  hot: Address;
  /** The proxy the server talks to (take it down to simulate an outage). */
  proxy: Awaited<ReturnType<typeof startRpcProxy>>;
  /** Environment for createTestApp / startServerProcess. */
  env: Record<string, string>;
  hd: HdWallet;
  mine(blocks?: number): Promise<void>;
  head(): Promise<bigint>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  tokenBalance(address: string): Promise<bigint>;
  /** Sends test USDT from an outside anvil account (index ≥ 2) to an address; mined at once (automine). */
  send(to: string, amount: bigint, fromIndex?: number): Promise<Hex>;
  /** Token transfers from the hot wallet to an address (counts on-chain withdrawals). */
  transfersFromHot(to: string): Promise<bigint[]>;
  stop(): Promise<void>;
}

/**
 * Anvil on a free port for one test file (automine: every transaction is its own block; `mine` adds empty blocks
 * for confirmations), the test USDT deployed, the hot wallet of TEST_SEED and outside accounts 1-4 funded.
 */
export const startTestChain = async (opts: { confirmations?: number; env?: Record<string, string> } = {}) => {
  const anvil = await startAnvil();
  const hd = new HdWallet(TEST_SEED);
  const hot = hd.hot().address;
  const outside = [1, 2, 3, 4].map((i) => privateKeyToAccount(anvilKey(i)).address);
  const token = await deployTestUsdt(anvil.rpcUrl, [
    { address: hot, tokens: HOT_FLOAT, wei: 100n * ONE_ETH },
    ...outside.map((address) => ({ address, tokens: 1_000_000n * 1_000_000n })),
  ]);
  const proxy = await startRpcProxy(anvil.rpcUrl);
  const transport = viemHttp(anvil.rpcUrl);
  const pub = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  const rpc = (method: string, params: unknown[]) =>
    pub.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const chain: TestChain = {
    anvil,
    token,
    hot,
    proxy,
    hd,
    env: {
      CHAIN_DEV: 'off',
      CHAIN_SEED: TEST_SEED,
      ERC20_RPC_URL: proxy.url,
      ERC20_TOKEN: token,
      ERC20_CHAIN_ID: '31337',
      ERC20_CONFIRMATIONS: String(opts.confirmations ?? 3),
      ERC20_START_BLOCK: '0',
      ERC20_FAUCET_KEY: anvilKey(1),
      ERC20_GAS_FEE: '1',
      ERC20_FEE_PERCENT: '0.1',
      ERC20_AWARD_PERCENT: '1',
      ERC20_AUTO_REVIEW_LIMIT: '1000',
      ...opts.env,
    },
    mine: async (blocks = 1) => {
      await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    head: () => pub.getBlockNumber({ cacheTime: 0 }),
    snapshot: async () => (await rpc('evm_snapshot', [])) as Hex,
    revert: async (id) => {
      await rpc('evm_revert', [id]);
    },
    tokenBalance: (address) =>
      pub.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Address],
      }),
    send: async (to, amount, fromIndex = 2) => {
      const wallet = createWalletClient({
        chain: foundry,
        transport,
        account: privateKeyToAccount(anvilKey(fromIndex)),
      });
      const hash = await wallet.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as Address, amount],
      });
      await pub.waitForTransactionReceipt({ hash });
      return hash;
    },
    transfersFromHot: async (to) => {
      const logs = await pub.getLogs({
        address: token,
        event: erc20Abi[0],
        args: { from: hot, to: to as Address },
        fromBlock: 0n,
        toBlock: 'latest',
      });
      return logs.map((l) => l.args.value!);
    },
    stop: async () => {
      await proxy.close();
      await anvil.stop();
    },
  };
  return chain;
};

/** A test chain for the file (or `describe`), started in `beforeAll` and stopped in `afterAll`; see useTestApp. */
export const useTestChain = (opts: Parameters<typeof startTestChain>[0] = {}): TestChain => {
  let chain: TestChain | null = null;
  beforeAll(async () => {
    chain = await startTestChain(opts);
  });
  afterAll(async () => {
    await chain?.stop();
    chain = null;
  });
  return whileRunning(() => chain, 'useTestChain');
};

/**
 * Books vs chain (docs/design/chain.md, invariants 2-5): the books verify; `chain-deposits` is minus the credited
 * deposits, `chain-withdrawals` / `chain-fees` the completed withdrawals' amounts and fees, members' frozen
 * balances the open withdrawals; and the tokens on member addresses + the hot wallet equal the float + credited
 * and below-minimum deposits − mined withdrawals. Call it when nothing is confirming.
 */
export const expectChainMatchesBooks = async (t: TestApp, chain: TestChain, float = HOT_FLOAT) => {
  await expectBooksBalanced(t);
  const db = t.database.db;
  const deposits = await db.select().from(chainDeposits);
  const withdrawals = await db.select().from(chainWithdrawals);
  const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
  const credited = sum(deposits.filter((d) => d.status === 'credited').map((d) => d.amount));
  const awarded = sum(deposits.filter((d) => d.status === 'credited').map((d) => d.award));
  const kept = sum(deposits.filter((d) => d.status === 'below_minimum').map((d) => d.amount));
  const confirming = sum(deposits.filter((d) => d.status === 'confirming').map((d) => d.amount));
  const completed = withdrawals.filter((w) => w.status === 'completed');
  const mined = sum(
    withdrawals.filter((w) => w.status === 'completed' || w.status === 'confirming').map((w) => w.amount),
  );
  const open = sum(
    withdrawals
      .filter((w) => ['reviewing', 'approved', 'signed', 'confirming'].includes(w.status))
      .map((w) => w.amount + w.fee),
  );
  expect(await systemBalance(t, 'chain-deposits')).toBe(-credited);
  expect(await systemBalance(t, 'chain-awards')).toBe(-awarded);
  expect(await systemBalance(t, 'chain-withdrawals')).toBe(sum(completed.map((w) => w.amount)));
  expect(await systemBalance(t, 'chain-fees')).toBe(sum(completed.map((w) => w.fee)));
  const [frozen] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, 'frozen'));
  expect(BigInt(frozen!.total)).toBe(open);
  const addresses = await db.select().from(chainAddresses);
  let onChain = await chain.tokenBalance(chain.hot);
  for (const a of addresses) onChain += await chain.tokenBalance(a.address);
  expect(onChain).toBe(float + credited + kept + confirming - mined);
};
