import { asc, eq } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import type { Db } from '../../db/connection.ts';
import { erc20Abi } from './dev/abi.ts';
import { TRANSFER_GAS } from './evm.ts';
import type { HdWallet } from './hd.ts';
import type { NetworkConfig } from './settings.ts';
import { chainAddresses } from './tables.ts';

export interface Swept {
  userId: number;
  address: string;
  /** Micro-USDT moved to the hot wallet. */
  tokens: bigint;
  /** Native coin (wei) the hot wallet sent first so the address could pay for the transfer; 0 when it had enough. */
  gasTopUp: bigint;
  txHash: string;
}

/**
 * Sweeps the tokens of members' deposit addresses on one EVM network to the hot wallet (docs/design/chain.md,
 * "Sweeping"): for each address holding at least `minTokens`, (1) if its native balance cannot pay one token
 * transfer, the hot wallet sends exactly what is missing and waits for it to be mined; (2) the address sends its
 * whole token balance to the hot wallet and waits. Nothing is posted to the books: the tokens move between our
 * own addresses. Every step reads the balances again, so a stopped sweep is simply run again. The caller holds
 * the network's broadcaster lock, since the top-ups spend hot-wallet nonces.
 */
export const sweepNetwork = async (opts: {
  db: Db;
  config: NetworkConfig;
  hd: HdWallet;
  minTokens: bigint;
  log?: (line: string) => void;
}): Promise<Swept[]> => {
  const { config, hd } = opts;
  if (!config.rpcUrl || !config.token) throw new Error(`${config.network} is not configured`);
  const transport = http(config.rpcUrl, { timeout: 30_000 });
  const probe = createPublicClient({ transport });
  const chain = defineChain({
    id: config.chainId ?? (await probe.getChainId()),
    name: config.network,
    nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport, pollingInterval: 200 });
  const token = getAddress(config.token);
  const hot = hd.hot();
  const rows = await opts.db
    .select({ userId: chainAddresses.userId, address: chainAddresses.address })
    .from(chainAddresses)
    .where(eq(chainAddresses.network, config.network))
    .orderBy(asc(chainAddresses.userId));
  const swept: Swept[] = [];
  for (const row of rows) {
    const address = row.address as Address;
    const tokens = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
    if (tokens < opts.minTokens || tokens === 0n) continue;
    const account = hd.evmDeposit(row.userId);
    if (getAddress(account.address) !== getAddress(address)) {
      throw new Error(`address of member ${row.userId} does not match the seed: wrong CHAIN_SEED?`);
    }
    const gasPrice = await client.getGasPrice();
    const cost = TRANSFER_GAS * gasPrice;
    const native = await client.getBalance({ address });
    let gasTopUp = 0n;
    if (native < cost) {
      gasTopUp = cost - native;
      const topUp = await createWalletClient({ chain, transport, account: hot }).sendTransaction({
        to: address,
        value: gasTopUp,
        gasPrice,
      });
      await client.waitForTransactionReceipt({ hash: topUp });
    }
    const hash = await createWalletClient({ chain, transport, account }).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [getAddress(hot.address), tokens],
      gas: TRANSFER_GAS,
      gasPrice,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`sweep of ${address} reverted (${hash})`);
    opts.log?.(
      `${config.network} member ${row.userId} ${address}: ${tokens} micro-USDT → hot wallet (${hash})`,
    );
    swept.push({ userId: row.userId, address, tokens, gasTopUp, txHash: hash });
  }
  return swept;
};
