import { MIN_DEPOSIT, MIN_WITHDRAWAL, type Network, parseUsdt } from '@chatpay/shared';

/** Fee settings of one chain network. Percentages are parts per million of the amount (1000 = 0.1 %). */
export interface NetworkConfig {
  network: Network;
  /** False until the chain issue connects the network: no address, no withdrawal. */
  enabled: boolean;
  gasFee: bigint;
  feePpm: bigint;
  awardPpm: bigint;
  minDeposit: bigint;
  minWithdrawal: bigint;
  confirmations: number;
}

const base = { enabled: false, feePpm: 1000n, awardPpm: 0n, minDeposit: parseUsdt(MIN_DEPOSIT) };

/** Defaults of the wallet's networks (docs/design/ledger.md); the chain issue makes them configurable. */
export const networkConfigs: readonly NetworkConfig[] = [
  {
    ...base,
    network: 'TRC20',
    gasFee: parseUsdt('1'),
    minWithdrawal: parseUsdt(MIN_WITHDRAWAL),
    confirmations: 20,
  },
  {
    ...base,
    network: 'ERC20',
    gasFee: parseUsdt('5'),
    minWithdrawal: parseUsdt(MIN_WITHDRAWAL),
    confirmations: 12,
  },
  {
    ...base,
    network: 'BEP20',
    gasFee: parseUsdt('0.5'),
    minWithdrawal: parseUsdt(MIN_WITHDRAWAL),
    confirmations: 15,
  },
];

export const networkConfig = (network: Network): NetworkConfig => {
  const config = networkConfigs.find((n) => n.network === network);
  if (!config) throw new Error(`Unknown network ${network}`);
  return config;
};

const PPM = 1_000_000n;

/** Withdrawal fee: gas + amount × rate, the percentage part rounded up to the micro-unit. */
export const withdrawalFee = (config: NetworkConfig, amount: bigint) =>
  config.gasFee + (amount * config.feePpm + PPM - 1n) / PPM;

/** Parts per million as a percent string: 1000 → "0.1", 0 → "0". */
export const formatPercent = (ppm: bigint) => {
  const whole = ppm / 10_000n;
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
};
