import type { Caller } from './factories.ts';
import type { ServerProcess } from './process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
) => {
  let retries = 0;
  const call: Caller['call'] = async (endpoint, input, token) => {
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const servers = live();
      const server = servers[Math.floor(Math.random() * servers.length)];
      if (server) {
        const isGet = endpoint.method === 'GET';
        const query = isGet
          ? `?${new URLSearchParams(Object.entries(input as object).map(([k, v]): [string, string] => [k, String(v)]))}`
          : '';
        try {
          const res = await fetch(`${server.url}/api${endpoint.path}${query}`, {
            method: endpoint.method,
            headers: {
              ...(isGet ? {} : { 'content-type': 'application/json' }),
              ...(token ? { authorization: token } : {}),
            },
            ...(isGet ? {} : { body: JSON.stringify(input) }),
            signal: AbortSignal.timeout(15_000),
          });
          const body = (await res.json()) as { code: number; data: unknown; message: string };
          return { status: res.status, ...body };
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
      }
      retries++;
      await sleep(50 + Math.random() * 100);
    }
  };
  return { call, config: admin, retries: () => retries };
};
