import { walletApi } from '@chatpay/shared';
import { createPublicClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { sweepNetwork } from '../../src/modules/chain/sweep.ts';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import { useTestApp } from '../helpers/app.ts';
import { HOT_FLOAT, useTestChain } from '../helpers/chain.ts';
import { createUser } from '../helpers/factories.ts';

const USDT = 1_000_000n;

const chain = useTestChain();
const t = useTestApp(() => chain.env);

describe('sweeping deposit addresses to the hot wallet (npm run chain:sweep)', () => {
  it('tops up gas where needed, moves every token balance above the threshold, posts nothing, and reruns as a no-op', async () => {
    const network = t.config.networks.find((n) => n.network === 'ERC20')!;
    const addressOf = async (token: string) =>
      (await t.ok(walletApi.address, { network: 'ERC20' }, token)).address;
    // One after another: the sweep goes in user id order, and the expectation below lists a before b.
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    const [addrA, addrB, addrC] = [
      await addressOf(a!.token),
      await addressOf(b!.token),
      await addressOf(c!.token),
    ];
    await chain.send(addrA, 30n * USDT);
    await chain.send(addrB, 12n * USDT);
    await chain.send(addrC, USDT / 2n); // below the threshold: stays
    const pub = createPublicClient({ transport: http(chain.anvil.rpcUrl) });
    expect(await pub.getBalance({ address: addrA as `0x${string}` })).toBe(0n);
    const entriesBefore = (await verifyLedger(t.database.db)).entries;

    const swept = await sweepNetwork({ db: t.database.db, config: network, hd: chain.hd, minTokens: USDT });
    expect(swept.map((s) => [s.userId, s.tokens])).toEqual([
      [a!.id, 30n * USDT],
      [b!.id, 12n * USDT],
    ]);
    expect(swept.every((s) => s.gasTopUp > 0n)).toBe(true);
    expect(await chain.tokenBalance(addrA)).toBe(0n);
    expect(await chain.tokenBalance(addrB)).toBe(0n);
    expect(await chain.tokenBalance(addrC)).toBe(USDT / 2n);
    expect(await chain.tokenBalance(chain.hot)).toBe(HOT_FLOAT + 42n * USDT);

    // Only tokens between our own addresses moved: the books did not change.
    const books = await verifyLedger(t.database.db);
    expect(books.ok).toBe(true);
    expect(books.entries).toBe(entriesBefore);
    // Nothing left above the threshold: a rerun sends nothing.
    expect(await sweepNetwork({ db: t.database.db, config: network, hd: chain.hd, minTokens: USDT })).toEqual(
      [],
    );
  });
});
