import { type Network, type ReserveAddress, reserveChallenge, type SkippedNetwork } from '@chatpay/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { type ChainAdapter, type ChainRuntime, depositAddressesOf, type OwnKey } from '../chain/index.ts';

/** Balance reads in flight at once per network. */
const CONCURRENCY = 8;

/** Why TRC20 is never counted (docs/design/chain.md, "Limits"). */
export const TRON_SKIP_REASON =
  'the TRON node calls of the chain adapter are not built (no TRON node can run here): tokens on TRON addresses are not counted';

/** A network this server does not run: no member could deposit there. */
export const NOT_ENABLED_REASON =
  'not enabled on this server: no deposit address of ours receives tokens there';

interface Holder {
  kind: 'hot' | 'deposit';
  address: string;
  key: OwnKey;
}

const inBatches = async <T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>) => {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
};

/**
 * One EVM network's reserves: the token balance of the hot wallet and of every deposit address at one block,
 * the newest the network's confirmation count makes final (head − confirmations + 1), and for each address that
 * holds tokens its EIP-191 signature of the challenge naming the snapshot's root. Addresses holding nothing
 * add nothing to the reserves and are left out (no signature to make for them).
 */
const readNetwork = async (
  db: Db,
  adapter: ChainAdapter,
  chain: ChainRuntime,
  config: ChainRuntime['networks'][number],
  snapshot: { id: number; root: string },
): Promise<ReserveAddress[]> => {
  const hd = chain.hd!;
  const head = await adapter.head();
  const back = BigInt(Math.max(0, config.confirmations - 1));
  const block = head > back ? head - back : 0n;
  const blockHash = await adapter.blockHash(block);
  if (!blockHash) throw new Error(`block ${block} is not on the node's chain`);
  const chainId = config.chainId ?? (await adapter.networkChainId());
  const holders: Holder[] = [
    { kind: 'hot', address: adapter.hotAddress(hd), key: { kind: 'hot' } },
    ...(await depositAddressesOf(db, config.network)).map((r) => ({
      kind: 'deposit' as const,
      address: r.address,
      key: { kind: 'deposit' as const, index: r.userId },
    })),
  ];
  const balances = await inBatches(holders, CONCURRENCY, (h) => adapter.tokenBalanceAt(h.address, block));
  const held = holders.flatMap((h, i) => (balances[i]! > 0n ? [{ ...h, balance: balances[i]! }] : []));
  return inBatches(held, CONCURRENCY, async (h) => ({
    network: config.network,
    chainId,
    token: config.token!,
    block: block.toString(),
    blockHash,
    kind: h.kind,
    address: h.address,
    balance: h.balance.toString(),
    signature: await adapter.signMessage(
      hd,
      h.key,
      reserveChallenge({
        snapshotId: snapshot.id,
        root: snapshot.root,
        network: config.network,
        chainId,
        address: h.address,
      }),
    ),
  }));
};

/**
 * The reserves of every enabled network, read at snapshot time (docs/design/reserves.md, "Reserves"). Every
 * other network of the product is listed as skipped with the reason (TRON, not enabled, a node that does not
 * answer) and counts nothing: a node outage shows in the ratio instead of failing the snapshot.
 */
export const readReserves = async (
  db: Db,
  chain: ChainRuntime,
  snapshot: { id: number; root: string },
  log: FastifyBaseLogger,
): Promise<{ addresses: ReserveAddress[]; skipped: SkippedNetwork[] }> => {
  const addresses: ReserveAddress[] = [];
  const skipped: SkippedNetwork[] = [];
  for (const config of chain.networks) {
    const network: Network = config.network;
    if (network === 'TRC20') {
      skipped.push({ network, reason: TRON_SKIP_REASON });
      continue;
    }
    if (!config.enabled) {
      skipped.push({ network, reason: NOT_ENABLED_REASON });
      continue;
    }
    const adapter = chain.adapter(network);
    if (!adapter || !chain.hd || !config.token) {
      skipped.push({ network, reason: 'the network has no adapter or keys in this server' });
      continue;
    }
    try {
      addresses.push(...(await readNetwork(db, adapter, chain, config, snapshot)));
    } catch (err) {
      log.error(
        { err, network },
        'proof of reserves: could not read the network; its reserves are not counted',
      );
      skipped.push({
        network,
        reason: `the node could not be read: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`,
      });
    }
  }
  return { addresses, skipped };
};
