import { Redis } from 'ioredis';

/** A logger with pino's call shape (Fastify's and the primary's). */
interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The Redis connections of one server process (docs/design/faults.md): `client` for commands (rate limits,
 * counters), `pub` and `sub` for the Socket.IO adapter. Redis may go away while the server runs: every user of
 * these clients asks `up()` first and falls back to a per-process answer when it is false (rate limits count in
 * memory, events reach this process's sockets only), and ioredis reconnects by itself when Redis comes back
 * (the subscriber re-subscribes, so cross-process delivery resumes without a restart).
 */
export interface RedisLink {
  client: Redis;
  pub: Redis;
  sub: Redis;
  /** All three connections are ready. */
  up(): boolean;
  /** Why Redis is down (the last connection error), or null when it is up. */
  problem(): string | null;
  /** Closes the connections; commands still queued fail (their callers fall back as during an outage). */
  close(): Promise<void>;
}

/** Start-up with `REDIS_URL` set while that Redis cannot be reached: `main.ts` prints the message and exits. */
export class RedisUnreachable extends Error {}

/** How long start-up waits for Redis before giving up. */
const CONNECT_TIMEOUT_MS = 5000;

/** A Redis URL without its password, for messages. */
export const redactRedisUrl = (url: string) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
};

/**
 * Connects to Redis and refuses to start (RedisUnreachable, naming REDIS_URL) when it cannot within 5 s. Once
 * running, an outage is logged once when it starts and once when it ends, never thrown.
 */
export const openRedis = async (url: string, log: Log): Promise<RedisLink> => {
  const options = {
    lazyConnect: true,
    // A command issued while the connection drops waits for one reconnection, then fails to its caller, which
    // falls back. Callers check up() first, so during a known outage nothing waits at all.
    maxRetriesPerRequest: 1,
    // Reconnect quickly at first, then every 2 s for as long as the outage lasts.
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
    connectTimeout: CONNECT_TIMEOUT_MS,
  };
  const client = new Redis(url, options);
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const all = [client, pub, sub];
  let lastError: string | null = null;
  let down = false;
  let closing = false;
  const up = () => all.every((c) => c.status === 'ready');
  for (const c of all) {
    // Without an 'error' listener ioredis reports each failed reconnection as an unhandled 'error' event.
    c.on('error', (error: Error) => {
      lastError = error.message;
      if (!down && !closing) {
        down = true;
        log.warn({ redis: redactRedisUrl(url), err: error.message }, 'Redis unreachable: running degraded');
      }
    });
    c.on('ready', () => {
      if (down && up()) {
        down = false;
        lastError = null;
        log.info({ redis: redactRedisUrl(url) }, 'Redis is back');
      }
    });
    c.on('close', () => {
      if (!closing && !down) {
        down = true;
        lastError ??= 'connection closed';
        log.warn({ redis: redactRedisUrl(url) }, 'Redis connection lost: running degraded');
      }
    });
  }
  const close = async () => {
    closing = true;
    await Promise.all(
      all.map((c) =>
        c.status === 'ready'
          ? c.quit().then(
              () => undefined,
              () => c.disconnect(),
            )
          : c.disconnect(),
      ),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all(all.map((c) => c.connect())),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)),
          CONNECT_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    closing = true;
    for (const c of all) c.disconnect();
    const reason = lastError ?? (error instanceof Error ? error.message : String(error));
    throw new RedisUnreachable(
      `REDIS_URL: cannot reach Redis at ${redactRedisUrl(url)} (${reason}); start Redis or fix REDIS_URL`,
    );
  } finally {
    clearTimeout(timer);
  }
  return { client, pub, sub, up, problem: () => (up() ? null : (lastError ?? 'connecting')), close };
};
