import { randomUUID } from 'node:crypto';
import { walletApi } from '@chatpay/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { useTestApp } from '../helpers/app.ts';
import { useTestChain } from '../helpers/chain.ts';
import { createUser, credit, setPin, TEST_PIN } from '../helpers/factories.ts';

/** A withdrawal's history line shows what left the wallet, amount + fee, and its freeze apart. */
const chain = useTestChain({ confirmations: 3 });
const t = useTestApp(() => chain.env);

describe('wallet history of a withdrawal', () => {
  it('the freeze is a neutral line; the completed withdrawal is amount + fee with its fee and tx hash', async () => {
    const a = await createUser(t);
    await setPin(t, a);
    await credit(t, a, '200');
    const w = await t.ok(
      walletApi.withdrawal,
      {
        network: 'ERC20',
        address: privateKeyToAccount(anvilKey(11)).address,
        amount: '60',
        pin: TEST_PIN,
        requestId: randomUUID(),
      },
      a.token,
    );
    const total = (Number(w.amount) + Number(w.fee)).toFixed(2);
    expect(Number(w.fee)).toBeGreaterThan(0);

    const [frozen] = (await t.ok(walletApi.page, { page: 1, size: 20 }, a.token)).list;
    expect(frozen).toMatchObject({
      action: 'withdrawal-freeze',
      flow: 'freeze',
      amount: '0.00',
      moved: total,
      fee: w.fee,
      reference: { type: 'chain-withdrawal', id: String(w.id) },
    });
    expect(await t.ok(walletApi.info, {}, a.token)).toMatchObject({ income: '200.00', expense: '0.00' });

    const broadcast = () => t.jobs.runNow('chain-broadcast-ERC20');
    await broadcast();
    await broadcast();
    await chain.mine(2);
    await broadcast();

    const list = (await t.ok(walletApi.page, { page: 1, size: 20 }, a.token)).list;
    expect(list.map((e) => e.action)).toEqual(['withdrawal', 'withdrawal-freeze', 'adjust']);
    const [sent] = list;
    expect(sent).toMatchObject({
      flow: 'out',
      amount: `-${total}`,
      moved: total,
      fee: w.fee,
      status: 'completed',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await t.ok(walletApi.detail, { id: sent!.id }, a.token)).toEqual(sent);
    expect(await t.ok(walletApi.info, {}, a.token)).toMatchObject({ income: '200.00', expense: total });
    expect(await t.ok(walletApi.count, {}, a.token)).toEqual({ total: 3, income: 1, expense: 1 });
  });
});
