import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { compileTestUsdt, TEST_USDT_ARTIFACT } from '../../src/modules/chain/dev/compile.ts';
import { EvmAdapter } from '../../src/modules/chain/evm.ts';
import { HdWallet, isValidMnemonic, loadSeed, TEST_MNEMONICS } from '../../src/modules/chain/hd.ts';
import { defaultNetworkConfigs } from '../../src/modules/chain/settings.ts';
import { loadTronWeb, TronAdapter } from '../../src/modules/chain/tron.ts';

const ABANDON = TEST_MNEMONICS[0]!;
const silent = { warn: () => {} };

/**
 * Published derivation vectors of the BIP-39 test mnemonic (abandon ×11 about), as several wallets' own test
 * files assert them (e.g. BlueWallet for EVM; Ian Coleman's BIP39 tool for TRON): m/44'/60'/0'/0/i and
 * m/44'/195'/0'/0/i.
 */
const EVM = ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'];
const TRON = ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK'];

describe('keys', () => {
  const hd = new HdWallet(ABANDON);

  it('EVM deposit addresses match the published vectors', () => {
    expect([hd.evmAddress(0), hd.evmAddress(1)]).toEqual(EVM);
    // The hot wallet is on another account (m/44'/60'/1'/0/0): never a member's address.
    expect(hd.hot().address).not.toBe(EVM[0]);
  });

  it('TRON deposit addresses (tronweb) match the published vectors, behind the same interface', async () => {
    await loadTronWeb();
    const tron = new TronAdapter();
    expect([tron.depositAddress(hd, 0).address, tron.depositAddress(hd, 1).address]).toEqual(TRON);
    expect(tron.depositAddress(hd, 1).path).toBe("m/44'/195'/0'/0/1");
    expect(tron.normalizeAddress(TRON[0]!)).toBe(TRON[0]);
    // One character changed: the base58check checksum fails.
    expect(tron.normalizeAddress(`${TRON[0]!.slice(0, -1)}J`)).toBeNull();
    expect(tron.normalizeAddress(EVM[0]!)).toBeNull();
    await expect(tron.head()).rejects.toThrow(/not built/);
  });

  it('EVM address checks: EIP-55 checksum when mixed case; TRON addresses refused', () => {
    const evm = new EvmAdapter({
      ...defaultNetworkConfigs()[1]!,
      rpcUrl: 'http://127.0.0.1:9',
      token: EVM[1]!,
    });
    expect(evm.normalizeAddress(EVM[0]!.toLowerCase())).toBe(EVM[0]);
    expect(evm.normalizeAddress(EVM[0]!.replace('E', 'e'))).toBeNull();
    expect(evm.normalizeAddress(TRON[0]!)).toBeNull();
    expect(evm.normalizeAddress(`${EVM[0]}1`)).toBeNull();
  });

  it('mnemonic checks; production refuses a missing seed and the test mnemonics; development generates one once', () => {
    expect(isValidMnemonic(ABANDON)).toBe(true);
    expect(isValidMnemonic(ABANDON.replace(/about$/, 'abandon'))).toBe(false);
    expect(() => loadSeed({ seed: ABANDON, production: true, dataDir: '/nonexistent' }, silent)).toThrow(
      /test mnemonic/,
    );
    expect(() => loadSeed({ production: true, dataDir: '/nonexistent' }, silent)).toThrow(/required/);
    const dir = fs.mkdtempSync('/tmp/chain-seed-');
    const first = loadSeed({ production: false, dataDir: dir }, silent);
    expect(isValidMnemonic(first)).toBe(true);
    expect(loadSeed({ production: false, dataDir: dir }, silent)).toBe(first);
    fs.rmSync(dir, { recursive: true });
  });

  it('production refuses the development chain and the faucet; TRC20 node calls are refused until built', () => {
    const prod = {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-strong-password',
      JWT_SECRET: 'x'.repeat(40),
      C2C_SECRET: 'y'.repeat(40),
      PIN_PEPPER: 'p'.repeat(40),
    };
    expect(() => loadConfig({ ...prod, CHAIN_DEV: 'on' })).toThrow(/CHAIN_DEV/);
    expect(() =>
      loadConfig({
        ...prod,
        ERC20_RPC_URL: 'http://127.0.0.1:8545',
        ERC20_CHAIN_ID: '1',
        ERC20_TOKEN: EVM[1]!,
        CHAIN_SEED: ABANDON,
        ERC20_FAUCET_KEY: `0x${'1'.repeat(64)}`,
      }),
    ).toThrow(/faucet/);
    expect(() =>
      loadConfig({
        ...prod,
        ERC20_RPC_URL: 'http://127.0.0.1:8545',
        ERC20_CHAIN_ID: '1',
        ERC20_TOKEN: EVM[1]!,
      }),
    ).toThrow(/CHAIN_SEED/);
    expect(() => loadConfig({ TRC20_RPC_URL: 'http://127.0.0.1:8090', TRC20_TOKEN: TRON[0]! })).toThrow(
      /TRC20_RPC_URL/,
    );
    expect(() => loadConfig({ ERC20_RPC_URL: 'http://127.0.0.1:8545' })).toThrow(/ERC20_TOKEN/);
  });

  it('the committed test USDT artifact is what solc-js compiles from the source', () => {
    const committed = JSON.parse(fs.readFileSync(TEST_USDT_ARTIFACT, 'utf8'));
    expect(compileTestUsdt()).toEqual(committed);
  }, 60_000);
});
