import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { dyingWithParent } from '../../../lib/parent-death.ts';
import { erc20Abi } from './abi.ts';

const require = createRequire(import.meta.url);

/** Anvil's well-known development mnemonic: its accounts are funded with 10,000 ETH each at start. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** Anvil account 0 deploys the token; account 1 is the faucet, an outside holder of test USDT. */
export const anvilKey = (index: number): Hex => {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error('no key');
  return `0x${Buffer.from(key).toString('hex')}`;
};

export const TEST_USDT_ABI = erc20Abi;
/** Bytecode of the committed artifact (`npm run chain:compile`). */
export const testUsdtBytecode = (): Hex =>
  (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'test-usdt.json'), 'utf8')) as { bytecode: Hex })
    .bytecode;

/** The anvil binary of `@foundry-rs/anvil`'s platform package (or ANVIL_PATH). No install script needed. */
export const anvilBinary = () => {
  if (process.env.ANVIL_PATH) return process.env.ANVIL_PATH;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  const bin = path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!fs.existsSync(bin)) throw new Error(`anvil binary missing at ${bin}`);
  return bin;
};

/** The command that runs anvil so that it dies with this process (it then dumps its state as at any stop). */
export const anvilCommand = (args: string[]): [string, string[]] => dyingWithParent(anvilBinary(), args);

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export interface Anvil {
  rpcUrl: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts anvil on a free port (in memory) and waits until it answers JSON-RPC. */
export const startAnvil = async (
  opts: { blockTime?: number; port?: number; state?: string } = {},
): Promise<Anvil> => {
  const port = opts.port ?? (await freePort());
  const args = ['--port', String(port), '--host', '127.0.0.1', '--silent'];
  if (opts.blockTime) args.push('--block-time', String(opts.blockTime));
  // Loads the file when it exists, dumps to it every 5 s and at exit.
  if (opts.state) args.push('--state', opts.state, '--state-interval', '5');
  const [command, commandArgs] = anvilCommand(args);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d).slice(-4000);
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    rpcUrl,
    port,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

export interface Funding {
  address: Address;
  /** Test USDT in micro-units. */
  tokens?: bigint;
  /** Native coin in wei. */
  wei?: bigint;
}

/**
 * Deploys the 6-decimal test USDT from anvil account 0 (supply 1e15 USDT) and funds the given addresses;
 * answers the token address. Waits for every receipt (works with or without a block time).
 */
export const deployTestUsdt = async (rpcUrl: string, fund: Funding[] = []): Promise<Address> => {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
  const transport = http(rpcUrl);
  const chain = { ...foundry, id: await createPublicClient({ transport }).getChainId() };
  const pub = createPublicClient({ chain, transport, pollingInterval: 50 });
  const wallet = createWalletClient({ chain, transport, account });
  const hash = await wallet.deployContract({
    abi: TEST_USDT_ABI,
    bytecode: testUsdtBytecode(),
    args: [10n ** 15n * 10n ** 6n],
  });
  const receipt = await pub.waitForTransactionReceipt({ hash });
  const token = receipt.contractAddress;
  if (!token) throw new Error('test USDT not deployed');
  for (const f of fund) {
    if (f.tokens) {
      const h = await wallet.writeContract({
        address: token,
        abi: TEST_USDT_ABI,
        functionName: 'transfer',
        args: [f.address, f.tokens],
      });
      await pub.waitForTransactionReceipt({ hash: h });
    }
    if (f.wei) {
      const h = await wallet.sendTransaction({ to: f.address, value: f.wei });
      await pub.waitForTransactionReceipt({ hash: h });
    }
  }
  return token;
};

export const ONE_ETH = parseEther('1');
