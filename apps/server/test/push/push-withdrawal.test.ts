import { randomUUID } from 'node:crypto';
import { adminChainApi, pushApi, walletApi } from '@chatpay/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { setPushAgent } from '../../src/modules/push/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { useTestChain } from '../helpers/chain.ts';
import { adminToken, createUser, credit, setPin, TEST_PIN } from '../helpers/factories.ts';
import { waitFor } from '../helpers/wait.ts';
import { browserKeys, type PushService, startPushService } from './push-service.ts';

/** A member whose app is closed learns that a withdrawal completed or was rejected. */
let svc: PushService;
beforeAll(async () => {
  svc = await startPushService();
  setPushAgent(svc.agent);
});
afterAll(async () => {
  setPushAgent(undefined);
  await svc.close();
});

const chain = useTestChain({ confirmations: 3 });
const t = useTestApp(() => ({ ...chain.env, PUSH_ALLOW_PRIVATE: 'true' }));
const broadcast = () => t.jobs.runNow('chain-broadcast-ERC20');

describe('withdrawal pushes', () => {
  it('completed on chain, and rejected by support with the reason; nothing for the steps between', async () => {
    const a = await createUser(t, { level: 1 });
    await setPin(t, a);
    await credit(t, a, '3000');
    const browser = browserKeys();
    await t.ok(
      pushApi.subscribe,
      { endpoint: svc.endpoint('withdraw-a'), keys: browser.keys, deviceId: 'withdraw-a' },
      a.token,
    );
    const withdraw = (amount: string) =>
      t.ok(
        walletApi.withdrawal,
        {
          network: 'ERC20',
          address: privateKeyToAccount(anvilKey(14)).address,
          amount,
          pin: TEST_PIN,
          requestId: randomUUID(),
        },
        a.token,
      );
    const small = await withdraw('60');
    await broadcast();
    await broadcast();
    await chain.mine(3);
    await broadcast();
    const [done] = await waitFor(() => svc.to('withdraw-a').length === 1 && svc.to('withdraw-a'));
    expect(svc.decrypt(done!, browser)).toMatchObject({
      kind: 'wallet',
      title: 'Wallet',
      body: 'Your withdrawal of 60.00 USDT is completed',
      tag: `withdrawal-${small.id}`,
      url: '#/pages/usdt/wallet',
    });

    const large = await withdraw('1500');
    expect(large.status).toBe('reviewing');
    await t.ok(adminChainApi.reject, { id: large.id, reason: 'address under review' }, await adminToken(t));
    const pushes = await waitFor(() => svc.to('withdraw-a').length === 2 && svc.to('withdraw-a'));
    expect(svc.decrypt(pushes[1]!, browser).body).toBe(
      'Your withdrawal of 1500.00 USDT was rejected: address under review; the amount is back in your balance',
    );
  });
});
