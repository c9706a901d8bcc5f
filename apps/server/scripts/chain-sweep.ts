/**
 * `npm run chain:sweep [-- --min 10]`: sweeps the test or real USDT of members' deposit addresses to the hot wallet
 * on every configured EVM network (docs/design/chain.md, "Sweeping"). Reads the configuration like the server
 * (CHAIN_SEED, `<NET>_RPC_URL`, `<NET>_TOKEN`, DATABASE_URL or PGlite under DATA_DIR — with PGlite, never while a
 * server has the same DATA_DIR open). Takes each network's broadcaster lock, so a running server's broadcaster
 * waits while the sweep spends hot-wallet nonces. The embedded development chain lives inside the server process
 * and is not reachable from here. Exit 0: done (or nothing to sweep); 1: a network failed; 2: could not start.
 */
import { parseUsdt } from '@chatpay/shared';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { broadcastJob, HdWallet, LOCKS, loadSeed, sweepNetwork } from '../src/modules/chain/index.ts';

const main = async () => {
  const at = process.argv.indexOf('--min');
  const minTokens = parseUsdt(at > 0 ? (process.argv[at + 1] ?? '1') : '1');
  const config = loadConfig();
  const evm = config.networks.filter((n) => n.network !== 'TRC20' && n.rpcUrl && n.token);
  if (evm.length === 0) {
    console.log('No EVM network is configured (<NET>_RPC_URL and <NET>_TOKEN): nothing to sweep.');
    return 0;
  }
  const production = config.NODE_ENV === 'production';
  const hd = new HdWallet(
    loadSeed({ seed: config.CHAIN_SEED, production, dataDir: config.dataDir }, console),
  );
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  let failed = 0;
  try {
    for (const network of evm) {
      try {
        const swept = await database.withLock(LOCKS[broadcastJob(network.network)]!, () =>
          sweepNetwork({ db: database.db, config: network, hd, minTokens, log: console.log }),
        );
        if (swept === null)
          console.log(`${network.network}: the broadcaster lock is held; try again shortly.`);
        else console.log(`${network.network}: swept ${swept.length} address(es).`);
      } catch (error) {
        failed++;
        console.error(`${network.network}: ${(error as Error).message}`);
      }
    }
  } finally {
    await database.close();
  }
  return failed > 0 ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
