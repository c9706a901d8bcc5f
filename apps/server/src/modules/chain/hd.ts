import { createHash, pbkdf2Sync } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAddress } from 'viem';
import { english, generateMnemonic, type HDAccount, HDKey, hdKeyToAccount } from 'viem/accounts';
import { readOrCreate } from '../../lib/secrets.ts';

/** Well-known test mnemonics: fine for tests, refused in production. */
export const TEST_MNEMONICS = [
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  'test test test test test test test test test test test junk',
];
const SEED_FILE = 'chain-seed.txt';

/** True when the words are a valid BIP-39 English mnemonic (word list and checksum). */
export const isValidMnemonic = (mnemonic: string) => {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/);
  if (![12, 15, 18, 21, 24].includes(words.length)) return false;
  const indices = words.map((w) => english.indexOf(w));
  if (indices.some((i) => i < 0)) return false;
  const bits = indices.map((i) => i.toString(2).padStart(11, '0')).join('');
  const checksumBits = words.length / 3;
  const entropyBits = bits.slice(0, bits.length - checksumBits);
  const entropy = Buffer.from(entropyBits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const hash = createHash('sha256').update(entropy).digest();
  const expected = [...hash]
    .map((b) => b.toString(2).padStart(8, '0'))
    .join('')
    .slice(0, checksumBits);
  return expected === bits.slice(bits.length - checksumBits);
};

/**
 * The seed of the deposit addresses and the hot wallet: CHAIN_SEED, else (not in production) one generated once
 * and kept in DATA_DIR/chain-seed.txt, with a warning. Production refuses a missing seed and the test mnemonics.
 */
export const loadSeed = (
  opts: { seed?: string | undefined; production: boolean; dataDir: string },
  log: Pick<FastifyBaseLogger, 'warn'>,
): string => {
  if (opts.seed) {
    const seed = opts.seed.trim().split(/\s+/).join(' ');
    if (!isValidMnemonic(seed)) throw new Error('CHAIN_SEED: not a valid BIP-39 English mnemonic');
    if (opts.production && TEST_MNEMONICS.includes(seed))
      throw new Error('CHAIN_SEED: a well-known test mnemonic is refused in production');
    return seed;
  }
  if (opts.production) throw new Error('CHAIN_SEED: required in production');
  const file = path.join(opts.dataDir, SEED_FILE);
  // Several processes starting at once on a fresh DATA_DIR all end up with the first one's seed.
  const { content } = readOrCreate(file, () => `${generateMnemonic(english)}\n`);
  log.warn(
    { file },
    'CHAIN_SEED is not set: using the development seed kept in DATA_DIR (never use it for real money)',
  );
  return content.trim();
};

/** BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic"). */
const mnemonicToSeed = (mnemonic: string) =>
  pbkdf2Sync(Buffer.from(mnemonic.normalize('NFKD')), Buffer.from('mnemonic'), 2048, 64, 'sha512');

export const EVM_PATH = (index: number) => `m/44'/60'/0'/0/${index}`;
export const HOT_PATH = "m/44'/60'/1'/0/0";
export const TRON_PATH = (index: number) => `m/44'/195'/0'/0/${index}`;

/** Key derivation from the seed (docs/design/chain.md, "Keys"); the master key is computed once. */
export class HdWallet {
  private readonly master: HDKey;
  private readonly cache = new Map<string, HDAccount>();

  constructor(mnemonic: string) {
    this.master = HDKey.fromMasterSeed(mnemonicToSeed(mnemonic));
  }

  private account(path: string): HDAccount {
    let a = this.cache.get(path);
    if (!a) {
      // hdKeyToAccount derives m/44'/60'/<account>'/<change>/<index>; any other path goes through `path`.
      a = hdKeyToAccount(this.master, { path: path as `m/44'/60'/${string}` });
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(path, a);
    }
    return a;
  }

  /** A member's EVM deposit account (ERC20 and BEP20 share it). */
  evmDeposit(index: number): HDAccount {
    return this.account(EVM_PATH(index));
  }

  evmAddress(index: number): Address {
    return getAddress(this.evmDeposit(index).address);
  }

  /** The hot wallet that pays withdrawals. */
  hot(): HDAccount {
    return this.account(HOT_PATH);
  }

  /** The private key (hex, no 0x) at a path: the TRON adapter turns it into a base58 address. */
  privateKeyHex(path: string): string {
    const key = this.master.derive(path).privateKey;
    if (!key) throw new Error('no private key');
    return Buffer.from(key).toString('hex');
  }
}
