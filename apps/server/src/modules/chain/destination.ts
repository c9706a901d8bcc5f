import { ErrorCode, type Network } from '@chatpay/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChainAdapter } from './adapter.ts';
import type { ChainRuntime } from './runtime.ts';
import { findNetwork } from './settings.ts';
import { chainAddresses } from './tables.ts';

/** Burn addresses: a transfer there is lost for good. */
const ZERO_ADDRESS: Record<Network, string> = {
  TRC20: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  ERC20: '0x0000000000000000000000000000000000000000',
  BEP20: '0x0000000000000000000000000000000000000000',
};

/** The network's adapter and settings, or NetworkNotEnabled. */
export const enabledNetwork = (
  chain: ChainRuntime,
  network: Network,
): { adapter: ChainAdapter; config: ReturnType<typeof findNetwork> } => {
  const config = findNetwork(chain.networks, network);
  const adapter = chain.adapter(network);
  if (!config.enabled || !adapter || !chain.hd) throw new AppError(ErrorCode.NetworkNotEnabled);
  return { adapter, config };
};

/**
 * Where money may be sent on a network, for a withdrawal and for the address book alike: a well-formed address
 * with a valid checksum, not one of ours (a deposit address or the hot wallet), not the token contract and not
 * the zero address. Answers the address in its normal form.
 */
export const checkDestination = async (
  exec: Executor,
  chain: ChainRuntime,
  network: Network,
  text: string,
) => {
  const { adapter, config } = enabledNetwork(chain, network);
  const address = adapter.normalizeAddress(text);
  if (!address) throw new AppError(ErrorCode.InvalidAddress);
  const [own] = await exec
    .select({ id: chainAddresses.id })
    .from(chainAddresses)
    .where(
      and(eq(chainAddresses.network, network), eq(chainAddresses.addressKey, adapter.addressKey(address))),
    );
  if (own || adapter.addressKey(adapter.hotAddress(chain.hd!)) === adapter.addressKey(address))
    throw new AppError(ErrorCode.OwnAddress);
  // Tokens sent to the token contract itself or to the zero address are lost for good.
  if (config.token && adapter.addressKey(config.token) === adapter.addressKey(address))
    throw new AppError(
      ErrorCode.InvalidAddress,
      'This is the USDT token contract, not a wallet: tokens sent there are lost',
      { reason: 'token-contract' },
    );
  if (adapter.addressKey(ZERO_ADDRESS[network]) === adapter.addressKey(address))
    throw new AppError(ErrorCode.InvalidAddress, 'This is the zero address: tokens sent there are lost', {
      reason: 'zero-address',
    });
  return { adapter, config, address };
};
