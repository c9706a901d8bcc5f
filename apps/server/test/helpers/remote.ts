import { createContractClient, type Transport } from '@chatpay/shared';
import { fetchTransport } from '../../../../test-support/http.ts';
import type { Caller } from './factories.ts';
import type { ServerProcess } from './process.ts';
import { sleep } from './wait.ts';

/**
 * A `Caller` over real HTTP to a changing set of server processes (crash tests): each call goes to a random
 * live process; a connection that fails (the process was killed mid-request) is retried on another one, with
 * the same input, until `patienceMs` runs out. Retried calls must therefore be idempotent (clientMsgId,
 * requestId), as a real client's are.
 */
export const remoteCaller = (
  live: () => ServerProcess[],
  admin = { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin12345' },
  patienceMs = 60_000,
): Caller & { retries(): number } => {
  let retries = 0;
  const transport: Transport = async (req) => {
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const servers = live();
      const server = servers[Math.floor(Math.random() * servers.length)];
      if (server) {
        try {
          const res = await fetchTransport(server.url, { timeoutMs: 15_000 })(req);
          // A body cut off by the kill is not JSON: retried like a refused connection.
          if (typeof res.body !== 'object') throw new Error(`HTTP ${res.status} without a JSON body`);
          return res;
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
      }
      retries++;
      await sleep(50 + Math.random() * 100);
    }
  };
  return { ...createContractClient(transport), config: admin, retries: () => retries };
};
