import type { Network } from '@chatpay/shared';
import type { HdWallet } from './hd.ts';

/** One of our keys: the hot wallet, or the deposit address of a member (its index is the user id). */
export type OwnKey = { kind: 'hot' } | { kind: 'deposit'; index: number };

/** One token transfer read from the chain. */
export interface TokenTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  from: string;
  to: string;
  amount: bigint;
}

export interface Receipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  blockHash: string;
  /** The token transfers of the transaction (for deposits: is this log still there). */
  transfers: TokenTransfer[];
}

/**
 * What the chain module needs of a network (docs/design/chain.md, "Networks and adapters"). The EVM adapter
 * serves ERC20 and BEP20; the TRON adapter TRC20. Every method that talks to the node may throw (RPC down):
 * callers change nothing then and try again at the next pass.
 */
export interface ChainAdapter {
  readonly network: Network;
  /** The address as shown when valid for the network (checksum checked), else null. */
  normalizeAddress(text: string): string | null;
  /** The form addresses are matched in (EVM: lower case). */
  addressKey(address: string): string;
  depositAddress(hd: HdWallet, index: number): { address: string; path: string };
  hotAddress(hd: HdWallet): string;

  head(): Promise<bigint>;
  /** The canonical block hash at a height (null when the chain is shorter). */
  blockHash(height: bigint): Promise<string | null>;
  transfers(fromBlock: bigint, toBlock: bigint): Promise<TokenTransfer[]>;
  receipt(txHash: string): Promise<Receipt | null>;
  tokenBalance(address: string): Promise<bigint>;
  /** The token balance at a past block (proof of reserves names the block it read). */
  tokenBalanceAt(address: string, block: bigint): Promise<bigint>;
  /** The network's chain id (configured, else asked of the node once). */
  networkChainId(): Promise<number>;
  /**
   * Signs a text with the key of one of our addresses, the network's way of signing a message (EVM: EIP-191
   * personal_sign): proof of reserves shows that the operator controls the address.
   */
  signMessage(hd: HdWallet, key: OwnKey, message: string): Promise<string>;
  nativeBalance(address: string): Promise<bigint>;
  /** Transactions of an address: mined ('latest') or including the node's mempool ('pending'). */
  nonceAt(address: string, tag: 'latest' | 'pending'): Promise<bigint>;
  /** Signs (does not send) a token transfer from the hot wallet: the hash and raw bytes to record first. */
  signTransfer(
    hd: HdWallet,
    input: { to: string; amount: bigint; nonce: bigint },
  ): Promise<{ hash: string; raw: string }>;
  /** Sends recorded raw bytes; "already known" and "nonce too low" answers are not errors (the receipt decides). */
  sendRaw(raw: string): Promise<void>;
  /** Development faucet: a token transfer from an outside key; answers the tx hash. */
  faucet(privateKey: string, to: string, amount: bigint): Promise<string>;
}
