import { MIN_DEPOSIT, MIN_WITHDRAWAL, type Network, networks, parseUsdt } from '@chatpay/shared';
import { z } from 'zod';

/** Settings of one chain network (docs/design/chain.md, "Networks and adapters"). Percentages are parts per million. */
export interface NetworkConfig {
  network: Network;
  /** True when the network has a node and a token contract: addresses, deposits and withdrawals work. */
  enabled: boolean;
  gasFee: bigint;
  feePpm: bigint;
  awardPpm: bigint;
  minDeposit: bigint;
  minWithdrawal: bigint;
  confirmations: number;
  rpcUrl: string | null;
  chainId: number | null;
  token: string | null;
  /**
   * A withdrawal is approved without review only while the member's withdrawals of the last 24 hours (pending,
   * signed and completed, this one included) stay below this amount.
   */
  autoReviewLimit: bigint;
  /**
   * The hot wallet's outflow cap per rolling 24 hours: a withdrawal that would take the network's auto-approved
   * outflow to this amount or beyond waits for review.
   */
  dailyOutflowCap: bigint;
  /** Where the watcher starts with no cursor; null: the head at its first pass. */
  startBlock: bigint | null;
  /** Blocks per log query. */
  blockBatch: number;
  /** Private key of an outside account holding test tokens (development faucet); never in production. */
  faucetKey: string | null;
  /** The embedded development chain (anvil). */
  dev: boolean;
  /** Block explorer link of a transaction, `{hash}` replaced by the tx hash (console links); null: none. */
  explorerTxUrl: string | null;
}

const defaults: Record<Network, { gasFee: string; confirmations: number }> = {
  TRC20: { gasFee: '1', confirmations: 20 },
  ERC20: { gasFee: '5', confirmations: 12 },
  BEP20: { gasFee: '0.5', confirmations: 15 },
};

const PERCENT = /^(0|[1-9]\d?)(\.\d{1,4})?$|^100(\.0{1,4})?$/;
const DECIMAL = /^(0|[1-9]\d{0,14})(\.\d{1,6})?$/;

/** "0.1" → 1000 parts per million. */
export const parsePercent = (text: string) => {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, '0'));
};

const networkSchema = (n: Network) =>
  z.object({
    [`${n}_RPC_URL`]: z.url().optional(),
    [`${n}_CHAIN_ID`]: z.coerce.number().int().positive().optional(),
    [`${n}_TOKEN`]: z.string().min(20).max(64).optional(),
    [`${n}_CONFIRMATIONS`]: z.coerce.number().int().min(1).max(1000).default(defaults[n].confirmations),
    [`${n}_MIN_DEPOSIT`]: z.string().regex(DECIMAL, 'a USDT amount').default(MIN_DEPOSIT),
    [`${n}_MIN_WITHDRAWAL`]: z.string().regex(DECIMAL, 'a USDT amount').default(MIN_WITHDRAWAL),
    [`${n}_GAS_FEE`]: z.string().regex(DECIMAL, 'a USDT amount').default(defaults[n].gasFee),
    [`${n}_FEE_PERCENT`]: z.string().regex(PERCENT, 'a percent 0-100').default('0.1'),
    [`${n}_AWARD_PERCENT`]: z.string().regex(PERCENT, 'a percent 0-100').default('0'),
    [`${n}_AUTO_REVIEW_LIMIT`]: z.string().regex(DECIMAL, 'a USDT amount').default('1000'),
    [`${n}_DAILY_OUTFLOW_CAP`]: z.string().regex(DECIMAL, 'a USDT amount').default('50000'),
    [`${n}_START_BLOCK`]: z.coerce.number().int().min(0).optional(),
    [`${n}_BLOCK_BATCH`]: z.coerce.number().int().min(1).max(100_000).default(2000),
    [`${n}_EXPLORER_TX_URL`]: z
      .url()
      .refine((u) => u.includes('{hash}'), 'a URL with {hash}')
      .optional(),
    [`${n}_FAUCET_KEY`]: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'a 0x private key')
      .optional(),
  });

/** The names of every network setting (the configuration loader passes them through). */
export const networkEnvKeys = networks.flatMap((n) => Object.keys(networkSchema(n).shape));

/** Reads the networks' settings; answers the problems as `KEY: message` lines (empty when fine). */
export const readNetworkConfigs = (
  env: Record<string, string | undefined>,
): { configs: NetworkConfig[]; problems: string[] } => {
  const problems: string[] = [];
  const configs = networks.map((n): NetworkConfig => {
    const parsed = networkSchema(n).safeParse(env);
    if (!parsed.success) {
      for (const i of parsed.error.issues) problems.push(`${String(i.path[0])}: ${i.message}`);
    }
    const v = (parsed.success ? parsed.data : networkSchema(n).parse({})) as Record<string, unknown>;
    const get = <T>(k: string) => v[`${n}_${k}`] as T;
    const rpcUrl = get<string | undefined>('RPC_URL') ?? null;
    const token = get<string | undefined>('TOKEN') ?? null;
    if (rpcUrl && !token) problems.push(`${n}_TOKEN: required when ${n}_RPC_URL is set`);
    // No TRON node can run where this was built: its node calls are not written (docs/design/chain.md, Limits).
    if (n === 'TRC20' && rpcUrl)
      problems.push('TRC20_RPC_URL: the TRON adapter has addresses only; its node calls are not built yet');
    const start = get<number | undefined>('START_BLOCK');
    return {
      network: n,
      enabled: Boolean(rpcUrl && token),
      gasFee: parseUsdt(get('GAS_FEE')),
      feePpm: parsePercent(get('FEE_PERCENT')),
      awardPpm: parsePercent(get('AWARD_PERCENT')),
      minDeposit: parseUsdt(get('MIN_DEPOSIT')),
      minWithdrawal: parseUsdt(get('MIN_WITHDRAWAL')),
      confirmations: get('CONFIRMATIONS'),
      rpcUrl,
      chainId: get<number | undefined>('CHAIN_ID') ?? null,
      token,
      autoReviewLimit: parseUsdt(get('AUTO_REVIEW_LIMIT')),
      dailyOutflowCap: parseUsdt(get('DAILY_OUTFLOW_CAP')),
      startBlock: start === undefined ? null : BigInt(start),
      blockBatch: get('BLOCK_BATCH'),
      faucetKey: get<string | undefined>('FAUCET_KEY') ?? null,
      dev: false,
      explorerTxUrl: get<string | undefined>('EXPLORER_TX_URL') ?? null,
    };
  });
  return { configs, problems };
};

/** The fewest confirmations a production install may credit deposits and settle withdrawals at. */
export const PRODUCTION_MIN_CONFIRMATIONS: Record<Network, number> = { TRC20: 19, ERC20: 12, BEP20: 15 };

const isLoopback = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
};

/**
 * What production refuses in the networks' settings (as `KEY: message` lines): a plain-http node URL other than
 * loopback (the node's answers decide what is credited), a missing chain id (a transaction signed for the wrong
 * chain), fewer confirmations than PRODUCTION_MIN_CONFIRMATIONS (a reorg would undo a credited deposit).
 */
export const productionNetworkProblems = (configs: readonly NetworkConfig[]): string[] => {
  const problems: string[] = [];
  for (const c of configs) {
    if (!c.rpcUrl) continue;
    const url = new URL(c.rpcUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'wss:' && !isLoopback(url.hostname))
      problems.push(
        `${c.network}_RPC_URL: plain http is refused in production (use https, or a loopback node)`,
      );
    if (c.chainId === null)
      problems.push(`${c.network}_CHAIN_ID: required in production when ${c.network}_RPC_URL is set`);
    const min = PRODUCTION_MIN_CONFIRMATIONS[c.network];
    if (c.confirmations < min)
      problems.push(`${c.network}_CONFIRMATIONS: at least ${min} in production (${c.confirmations} set)`);
  }
  return problems;
};

/** The networks with no configuration (all disabled, default fees): what tests without a chain see. */
export const defaultNetworkConfigs = (): NetworkConfig[] => readNetworkConfigs({}).configs;

export const findNetwork = (configs: readonly NetworkConfig[], network: Network): NetworkConfig => {
  const config = configs.find((n) => n.network === network);
  if (!config) throw new Error(`Unknown network ${network}`);
  return config;
};

const PPM = 1_000_000n;

/** Withdrawal fee: gas + amount × rate, the percentage part rounded up to the micro-unit. */
export const withdrawalFee = (config: NetworkConfig, amount: bigint) =>
  config.gasFee + (amount * config.feePpm + PPM - 1n) / PPM;

/** Deposit award: amount × rate, rounded down (never more than the rule). */
export const depositAward = (config: NetworkConfig, amount: bigint) => (amount * config.awardPpm) / PPM;

/** Parts per million as a percent string: 1000 → "0.1", 0 → "0". */
export const formatPercent = (ppm: bigint) => {
  const whole = ppm / 10_000n;
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
};
