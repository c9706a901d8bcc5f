import fs from 'node:fs';
import path from 'node:path';
import type { Network } from '@chatpay/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { ChainAdapter } from './adapter.ts';
import { type Anvil, anvilKey, deployTestUsdt, ONE_ETH, startAnvil } from './dev/anvil.ts';
import { EvmAdapter } from './evm.ts';
import { HdWallet, loadSeed } from './hd.ts';
import type { NetworkConfig } from './settings.ts';
import { TronAdapter } from './tron.ts';

/** The chain as the server runs it: resolved network settings, the seed's keys, one adapter per enabled network. */
export interface ChainRuntime {
  networks: NetworkConfig[];
  hd: HdWallet | null;
  adapter(network: Network): ChainAdapter | null;
  /** The embedded development chain, when it runs. */
  dev: { rpcUrl: string; token: string } | null;
  stop(): Promise<void>;
}

/** Development chain settings: 2-second blocks, 3 confirmations (a deposit is seen confirming, then credited). */
export const DEV_BLOCK_SECONDS = 2;
export const DEV_CONFIRMATIONS = 3;
/** What the development hot wallet and faucet start with. */
const DEV_HOT_FLOAT = 100_000n * 1_000_000n;
const DEV_FAUCET_TOKENS = 1_000_000_000n * 1_000_000n;

/** `auto`: development, no network configured, and one server process (the anvil is a child of one process). */
const wantsDevChain = (config: Config) =>
  config.CHAIN_DEV === 'on' ||
  (config.CHAIN_DEV === 'auto' &&
    config.NODE_ENV === 'development' &&
    config.workers.count === 1 &&
    !config.networks.some((n) => n.enabled));

/**
 * Starts (or restores) the embedded anvil under DATA_DIR: its state is dumped to `anvil-state.json` every few
 * seconds and at exit, and the token address is kept in `dev-chain.json`, so a restart keeps the chain the
 * database refers to. A fresh directory deploys the test USDT and funds the hot wallet and the faucet.
 */
const startDevChain = async (config: Config, hd: HdWallet, log: FastifyBaseLogger) => {
  const dir = path.join(config.dataDir, 'dev-chain');
  fs.mkdirSync(dir, { recursive: true });
  const stateFile = path.join(dir, 'anvil-state.json');
  const infoFile = path.join(dir, 'dev-chain.json');
  const restoring = fs.existsSync(stateFile) && fs.existsSync(infoFile);
  // Automine while deploying (each transaction mined at once), then a block every DEV_BLOCK_SECONDS.
  const anvil: Anvil = await startAnvil({ state: stateFile });
  let token: string;
  if (restoring) {
    token = (JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { token: string }).token;
  } else {
    const faucet = (await import('viem/accounts')).privateKeyToAccount(anvilKey(1)).address;
    token = await deployTestUsdt(anvil.rpcUrl, [
      { address: hd.hot().address, tokens: DEV_HOT_FLOAT, wei: 100n * ONE_ETH },
      { address: faucet, tokens: DEV_FAUCET_TOKENS },
    ]);
    fs.writeFileSync(infoFile, JSON.stringify({ token }));
  }
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'evm_setIntervalMining',
      params: [DEV_BLOCK_SECONDS],
    }),
  });
  log.warn(
    { rpcUrl: anvil.rpcUrl, token, restored: restoring },
    'development chain: anvil with a test USDT (ERC20), never real money',
  );
  return { anvil, token };
};

export const startChain = async (config: Config, log: FastifyBaseLogger): Promise<ChainRuntime> => {
  const production = config.NODE_ENV === 'production';
  const dev = wantsDevChain(config);
  let networks = config.networks.map((n) => ({ ...n }));
  if (!dev && !networks.some((n) => n.enabled)) {
    return { networks, hd: null, adapter: () => null, dev: null, stop: async () => {} };
  }
  const hd = new HdWallet(loadSeed({ seed: config.CHAIN_SEED, production, dataDir: config.dataDir }, log));
  let anvil: Anvil | null = null;
  let devInfo: ChainRuntime['dev'] = null;
  if (dev) {
    if (production) throw new Error('CHAIN_DEV: the development chain is refused in production');
    const started = await startDevChain(config, hd, log);
    anvil = started.anvil;
    devInfo = { rpcUrl: anvil.rpcUrl, token: started.token };
    networks = networks.map((n) =>
      n.network === 'ERC20'
        ? {
            ...n,
            enabled: true,
            rpcUrl: anvil!.rpcUrl,
            token: started.token,
            chainId: 31337,
            confirmations: DEV_CONFIRMATIONS,
            startBlock: 0n,
            faucetKey: anvilKey(1),
            dev: true,
          }
        : n,
    );
  }
  const adapters = new Map<Network, ChainAdapter>();
  for (const n of networks) {
    if (!n.enabled) continue;
    adapters.set(n.network, n.network === 'TRC20' ? new TronAdapter() : new EvmAdapter(n));
  }
  return {
    networks,
    hd,
    adapter: (network) => adapters.get(network) ?? null,
    dev: devInfo,
    stop: async () => {
      await anvil?.stop();
    },
  };
};
