import path from 'node:path';
import { DEFAULT_APP_NAME } from '@chatpay/shared';
import { z } from 'zod';
import { resolveWorkers, type Workers, workersSetting } from './cluster/settings.ts';
import { metricsSettings } from './metrics/settings.ts';
import {
  type NetworkConfig,
  networkEnvKeys,
  productionNetworkProblems,
  readNetworkConfigs,
} from './modules/chain/settings.ts';
import { kycSettings } from './modules/kyc/settings.ts';
import { outflowSettings } from './modules/outflow/settings.ts';
import { reservesSettings } from './modules/reserves/settings.ts';
import { uploadSettings } from './modules/uploads/settings.ts';
import { userSettings } from './modules/user/settings.ts';
import { walletSettings } from './modules/wallet/settings.ts';

/**
 * A proxy range so wide that trusting it is trusting everyone (`0.0.0.0/0`, `::/0`, `0.0.0.0/1`…): any client
 * could then pick its own address, and so its own rate-limit bucket, with X-Forwarded-For.
 */
const tooWide = (range: string) => {
  const [address = '', bits] = range.split('/');
  if (bits === undefined) return false;
  return Number(bits) < (address.includes(':') ? 7 : 8);
};

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the server reads from the environment, with its default. The README's table mirrors this. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback unless set: a start with no settings is not reachable from other machines. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * PostgreSQL limits between a request and the database (docs/design/faults.md), in milliseconds, 0 for none:
   * a call that runs into one answers HTTP 503 "Service busy" with Retry-After instead of holding a pooled
   * connection for as long as a stuck lock or a network partition lasts.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Waiting for a free connection of the pool (or for a new one to open). */
  DB_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Namespaces every Redis key and channel, so installations (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . or -')
    .default('chatpay'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,32}$/, 'must be 3-32 letters, digits or _')
    .default('admin'),
  /** Read only to create the administrator on the first start; development falls back to the default. */
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  APP_NAME: z.string().min(1).max(64).default(DEFAULT_APP_NAME),
  PUBLIC_URL: z.url().optional(),
  /**
   * The operator's promotional web page, shown by the app's ad web view
   * (/uni_modules/uni-pay/pages/ad-interactive-webview/ad-interactive-webview) with the h5 view's rules.
   */
  AD_INTERACTIVE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Further origins that serve media, allowed by the Content-Security-Policy (http/security-headers.ts):
   * comma-separated, e.g. an S3 bucket or CDN origin once uploads live there.
   */
  MEDIA_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((u) => new URL(u).origin)))
    .optional(),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  /** Bytes a member may upload per UTC day, in MB (docs/security.md). */
  UPLOAD_DAILY_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(500),
  /** Fastify's requestTimeout and connectionTimeout: a request or an idle connection is cut after this. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies may set X-Forwarded-For: a hop count (`1` behind one proxy) or a comma-separated list of
   * proxy addresses or CIDR ranges. Never "trust everything": then any client could pick its own address
   * and so its own rate-limit bucket. `false`/`0`/unset: the socket address is the client.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): number | string[] | false => {
      if (v === 'false' || v === '0' || v === '') return false;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const list = v.split(',').map((a) => a.trim());
      if (list.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a) && /[.:]/.test(a) && !tooWide(a)))
        return list;
      ctx.addIssue({
        code: 'custom',
        message:
          'a hop count (1, 2, …) or a comma-separated list of proxy addresses or ranges (at most /8 for IPv4, /7 for IPv6), never true',
      });
      return z.NEVER;
    }),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  WEB_DIST: z.string().optional(),
  /** Chat messages a user may send per window (docs/design/chat-delivery.md). */
  CHAT_SEND_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  CHAT_SEND_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * Seconds a process remembers "may member U send in single session S" (message/send-permission.ts); a
   * friend removal or a block forgets it on every process at once. 0: check the database on every send.
   */
  CHAT_SEND_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * Seconds a process remembers the user row of a signed-in session (modules/user/tokens.ts). Whatever changes
   * that row for a signed-in member forgets it on every process after its commit: session ends (logout, login
   * elsewhere, freeze, staff role change, forced logout) and the market's merchant approval or revocation
   * (`user-roles`). 0: read the user row on every call.
   */
  AUTH_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Member searches and looks at non-friends' profiles a member may make per hour (docs/security.md). */
  FRIEND_LOOKUP_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Password of the seeded customer-service account `support`; random (no login) when unset. */
  SUPPORT_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** How often the deadline sweepers (expired red packets, late orders) run; 0 turns them off. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /** How long a red packet can be opened; then the sweeper returns the rest to the sender. */
  RED_PACKET_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .default(86_400),
  /** C2C market (docs/design/market.md). The fee is a percent of the coins, paid by the buyer at release. */
  C2C_FEE_PERCENT: z
    .string()
    .regex(/^(0|[1-9]\d?)(\.\d{1,2})?$/, 'a percent below 100 with at most 2 decimals')
    .default('0.1'),
  C2C_RELEASE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  C2C_DAILY_CANCEL_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
  /** Unfinished orders (pending, paid, appealing) a member may hold as the buyer. */
  C2C_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(100).default(3),
  C2C_FIAT: z
    .string()
    .regex(/^[A-Z]{3}$/, 'a 3-letter currency code')
    .default('CNY'),
  C2C_REFERENCE_RATE: z
    .string()
    .regex(/^(0|[1-9]\d{0,8})(\.\d{1,2})?$/, 'a fiat amount with at most 2 decimals')
    .default('7.20'),
  /** Ad-posting gates (docs/design/market.md): account age in days, completed orders, completion rate percent. */
  C2C_AD_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  C2C_AD_MIN_COMPLETED_ORDERS: z.coerce.number().int().min(0).max(100_000).default(0),
  C2C_AD_MIN_COMPLETION_RATE: z.coerce.number().min(0).max(100).default(0),
  /** Appeal strikes a member may have; one more suspends their trading until support lifts it. */
  C2C_STRIKE_LIMIT: z.coerce.number().int().min(0).max(100).default(2),
  /** Let merchant webhooks reach loopback and private addresses (development and tests only). */
  C2C_WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Seals card-provider secrets and merchant API keys (AES-256-GCM); development: the JWT secret. */
  C2C_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Publish `/api/docs` and the `eps` route list to everyone; default: everywhere but production (admin only). */
  PUBLISH_API_DOCS: bool.optional(),
  /** Rotation: former C2C secrets, comma-separated; values sealed under them are resealed at start-up. */
  C2C_SECRET_PREVIOUS: z.string().optional(),
  /** BIP-39 mnemonic of the deposit addresses and the hot wallet (docs/design/chain.md); development: generated. */
  CHAIN_SEED: z.string().trim().optional(),
  /** The embedded development chain (anvil): auto = on in development when no network is configured. */
  CHAIN_DEV: z.enum(['auto', 'on', 'off']).default('auto'),
  /** How often the deposit watchers and withdrawal broadcasters run (0: only with SWEEP_INTERVAL_SECONDS). */
  CHAIN_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(3),
  /** Withdrawals wait for review this long after a password or PIN change (0: off). */
  WITHDRAWAL_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /** Web Push (VAPID, RFC 8292): both or neither; unset, a pair is generated once and kept under DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Contact of this server for push services: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .default('mailto:admin@localhost'),
  /** Let push subscriptions point at loopback and private addresses (development and tests only). */
  PUSH_ALLOW_PRIVATE: bool.default(false),
  /**
   * Host names a push endpoint may have (a host or any subdomain of it), comma-separated. Unset: the browsers'
   * push services in production (`KNOWN_PUSH_HOSTS`), any public host elsewhere. `*`: any public host.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === ''
        ? undefined
        : v
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean),
    ),
  /** A push service that has not answered within this many milliseconds counts as failed (retried later). */
  PUSH_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** New pushes wait this long before sending, so a burst of messages of one chat makes one notification. */
  PUSH_SEND_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(300),
  /**
   * Browser tests: deadlines read a clock that an admin can move forward (`POST /api/admin/test/clock/advance`)
   * instead of waiting; refused in production.
   */
  TEST_CLOCK: bool.default(false),
  ...userSettings,
  ...outflowSettings,
  ...walletSettings,
  ...reservesSettings,
  ...kycSettings,
  ...uploadSettings,
  ...workersSetting,
  ...metricsSettings,
});

export type Config = z.infer<typeof schema> & {
  dataDir: string;
  networks: NetworkConfig[];
  /** Server processes (WORKERS resolved; cluster/settings.ts). */
  workers: Workers;
};

export const DEFAULT_ADMIN_PASSWORD = 'admin12345';

export class ConfigError extends Error {}

/** 127.0.0.0/8, ::1 and localhost: a server listening there is not reachable from other machines. */
export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** Reads and checks the configuration; a bad value stops start-up with a message naming the variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const picked = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const chainEnv = Object.fromEntries(
    networkEnvKeys.map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const chain = readNetworkConfigs(chainEnv);
  const parsed = schema.safeParse(picked);
  if (!parsed.success || chain.problems.length > 0) {
    const lines = [
      ...(parsed.error?.issues ?? []).map((i) => `  ${String(i.path[0])}: ${i.message}`),
      ...chain.problems.map((p) => `  ${p}`),
    ];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const { workers, problems: workerProblems } = resolveWorkers(config);
  if (workerProblems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${workerProblems.map((p) => `  ${p}`).join('\n')}`);
  if (
    workers.count > 1 &&
    config.CHAIN_DEV === 'auto' &&
    config.NODE_ENV === 'development' &&
    !chain.configs.some((n) => n.enabled)
  )
    // The embedded anvil is a child of one process: several would each start their own chain.
    workers.note = 'the embedded development chain (CHAIN_DEV=auto) is off with several processes';
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither (npx web-push generate-vapid-keys)',
    );
  if (config.UPLOAD_MODE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (k) => !config[k],
    );
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when UPLOAD_MODE=s3`);
  }
  if (config.NODE_ENV === 'production') {
    if (config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD)
      throw new ConfigError(
        'Invalid configuration:\n  ADMIN_PASSWORD: the default password is refused in production',
      );
    if (!config.JWT_SECRET)
      throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production (32+ characters)');
    if (!config.C2C_SECRET || config.C2C_SECRET === config.JWT_SECRET)
      throw new ConfigError(
        'Invalid configuration:\n  C2C_SECRET: required in production (32+ characters, not the JWT_SECRET)',
      );
    if (
      !config.PIN_PEPPER ||
      config.PIN_PEPPER === config.JWT_SECRET ||
      config.PIN_PEPPER === config.C2C_SECRET
    )
      throw new ConfigError(
        'Invalid configuration:\n  PIN_PEPPER: required in production (32+ characters, not JWT_SECRET or C2C_SECRET)',
      );
    if (!config.STAFF_FACTOR_REQUIRED)
      throw new ConfigError(
        'Invalid configuration:\n  STAFF_FACTOR_REQUIRED: staff without a second factor are refused in production',
      );
    if (config.TEST_CLOCK)
      throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: the test clock is refused in production');
    if (config.TEST_KYC_GRANT)
      throw new ConfigError(
        'Invalid configuration:\n  TEST_KYC_GRANT: granting verification levels without review is refused in production',
      );
    if (config.CHAIN_DEV === 'on')
      throw new ConfigError(
        'Invalid configuration:\n  CHAIN_DEV: the development chain is refused in production',
      );
    if (config.C2C_WEBHOOK_ALLOW_PRIVATE)
      throw new ConfigError(
        'Invalid configuration:\n  C2C_WEBHOOK_ALLOW_PRIVATE: webhooks to private addresses are refused in production',
      );
    if (config.PUSH_ALLOW_PRIVATE)
      throw new ConfigError(
        'Invalid configuration:\n  PUSH_ALLOW_PRIVATE: private push endpoints are refused in production',
      );
    if (chain.configs.some((n) => n.faucetKey))
      throw new ConfigError(
        'Invalid configuration:\n  <NET>_FAUCET_KEY: the faucet is refused in production',
      );
    const networkProblems = productionNetworkProblems(chain.configs);
    if (networkProblems.length > 0)
      throw new ConfigError(`Invalid configuration:\n${networkProblems.map((p) => `  ${p}`).join('\n')}`);
    if (chain.configs.some((n) => n.enabled) && !config.CHAIN_SEED)
      throw new ConfigError(
        'Invalid configuration:\n  CHAIN_SEED: required in production when a network is set',
      );
    // Browsers bind a subscription to the public key: a pair generated on the server's disk would end every
    // subscription when the disk is replaced. Production keeps it in its environment (docs/design/push.md).
    const vapidMissing = [
      ...(config.VAPID_PUBLIC_KEY ? [] : ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']),
      ...(env.VAPID_SUBJECT ? [] : ['VAPID_SUBJECT']),
    ];
    if (vapidMissing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n  ${vapidMissing.join(', ')}: required in production (Web Push keys: npx web-push generate-vapid-keys; VAPID_SUBJECT: a mailto: or https: contact)`,
      );
    // Members check every snapshot against this key's public half (docs/design/reserves.md): one generated on
    // the server's disk would change with the disk and make every earlier proof look forged.
    if (!config.POR_SIGNING_KEY)
      throw new ConfigError(
        'Invalid configuration:\n  POR_SIGNING_KEY: required in production (64 hex characters, the Ed25519 key that signs proof-of-reserves snapshots: openssl rand -hex 32)',
      );
  }
  return { ...config, dataDir: path.resolve(config.DATA_DIR), networks: chain.configs, workers };
};
