import type { Network } from '@chatpay/shared';
import type { ChainAdapter, Receipt, TokenTransfer } from './adapter.ts';
import { type HdWallet, TRON_PATH } from './hd.ts';

type TronWebModule = typeof import('tronweb');
let tronweb: TronWebModule | null = null;

/** tronweb is large (about 2 s to import): loaded only when TRC20 is configured or a test asks for it. */
export const loadTronWeb = async () => {
  tronweb ??= await import('tronweb');
  return tronweb;
};

const lib = () => {
  if (!tronweb) throw new Error('tronweb not loaded: call loadTronWeb() first');
  return tronweb.TronWeb;
};

/** A TRON address (base58check, 0x41 prefix) from a private key in hex. */
export const tronAddressFromKey = (privateKeyHex: string): string => {
  const address = lib().address.fromPrivateKey(privateKeyHex);
  if (!address) throw new Error('bad key');
  return address;
};

export const isTronAddress = (text: string) =>
  /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text) && lib().isAddress(text);

const notBuilt = <T>(): Promise<T> =>
  Promise.reject(
    new Error('TRC20: the TRON node half of the adapter is not built (no TRON node can run here)'),
  );

/**
 * TRC20 behind the same interface (docs/design/chain.md). Addresses and their checks are real (tronweb, tested
 * against published derivation vectors); the node calls are not built, since no TRON node can run here to
 * build and test them against: configuration refuses TRC20_RPC_URL until they are.
 */
export class TronAdapter implements ChainAdapter {
  readonly network: Network = 'TRC20';
  normalizeAddress(text: string) {
    const t = text.trim();
    return isTronAddress(t) ? t : null;
  }
  addressKey(address: string) {
    return address;
  }
  depositAddress(hd: HdWallet, index: number) {
    const path = TRON_PATH(index);
    return { address: tronAddressFromKey(hd.privateKeyHex(path)), path };
  }
  hotAddress(hd: HdWallet) {
    return tronAddressFromKey(hd.privateKeyHex("m/44'/195'/1'/0/0"));
  }
  head(): Promise<bigint> {
    return notBuilt();
  }
  blockHash(_h: bigint): Promise<string | null> {
    return notBuilt();
  }
  transfers(_f: bigint, _t: bigint): Promise<TokenTransfer[]> {
    return notBuilt();
  }
  receipt(_h: string): Promise<Receipt | null> {
    return notBuilt();
  }
  tokenBalance(_a: string): Promise<bigint> {
    return notBuilt();
  }
  tokenBalanceAt(_a: string, _b: bigint): Promise<bigint> {
    return notBuilt();
  }
  networkChainId(): Promise<number> {
    return notBuilt();
  }
  signMessage(): Promise<string> {
    return notBuilt();
  }
  nativeBalance(_a: string): Promise<bigint> {
    return notBuilt();
  }
  nonceAt(_a: string, _t: 'latest' | 'pending'): Promise<bigint> {
    return notBuilt();
  }
  signTransfer(): Promise<{ hash: string; raw: string }> {
    return notBuilt();
  }
  sendRaw(_r: string): Promise<void> {
    return notBuilt();
  }
  faucet(): Promise<string> {
    return notBuilt();
  }
}
