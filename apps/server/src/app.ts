import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { seed } from './db/seed.ts';
import type { AppDeps } from './http/deps.ts';
import { registerErrorHandling } from './http/errors.ts';
import type { Ports } from './http/ports.ts';
import { registerCallerHook } from './http/route.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { type Clock, ManualClock, systemClock } from './lib/clock.ts';
import { createLimiter } from './lib/limiter.ts';
import { safeErrorSerializer } from './lib/log-errors.ts';
import { loadJwtSecret } from './lib/secrets.ts';
import { registerAppRoutes } from './modules/app/index.ts';
import { guardApiDocs, registerBaseRoutes, trackEndpoints } from './modules/base/index.ts';
import { describeC2COrders, registerC2CRoutes } from './modules/c2c/index.ts';
import { registerChainRoutes, startChain } from './modules/chain/index.ts';
import { createAccountNoticePort, registerChatRoutes } from './modules/chat/index.ts';
import { registerConsoleRoutes } from './modules/console/index.ts';
import { registerDictRoutes } from './modules/dict/index.ts';
import { groupChatPort, registerGroupRoutes } from './modules/group/index.ts';
import { registerHealthRoutes, registerTestClockRoutes } from './modules/health/index.ts';
import { registerMomentsRoutes } from './modules/moments/index.ts';
import { describePayOrders, registerPayDeskRoutes } from './modules/paydesk/index.ts';
import { registerPushRoutes } from './modules/push/index.ts';
import { cacheControlFor, registerUploadRoutes, s3Origins } from './modules/uploads/index.ts';
import {
  refuseDefaultAdmin,
  registerAdminUserRoutes,
  registerUserRoutes,
  TokenService,
} from './modules/user/index.ts';
import { registerWalletRoutes } from './modules/wallet/index.ts';
import { type Realtime, startRealtime } from './realtime/socket.ts';

export interface App {
  app: FastifyInstance;
  config: Config;
  database: Database;
  realtime: Realtime;
  tokens: TokenService;
  redis: Redis | null;
  jobs: Scheduler;
  clock: Clock;
  close(): Promise<void>;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server (HTTP API, realtime socket, static web app) on an open database. */
export const buildApp = async (
  config: Config,
  database: Database,
  /** `logStream`: where log lines go instead of stdout (tests read them). */
  options: { clock?: Clock; logStream?: { write(line: string): void } } = {},
): Promise<App> => {
  const clock = options.clock ?? (config.TEST_CLOCK ? new ManualClock() : systemClock);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization'],
      // Failed queries are logged without their bound parameters (lib/log-errors.ts).
      serializers: { err: safeErrorSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    // A hop count trusts that many proxies next to the server; a list trusts those addresses only.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Slow-loris and stuck uploads: a request must complete, and an idle connection closes, within this.
    // Socket.IO's 25 s pings keep live sockets from idling out.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Output is parsed by the contract inside `route`; the serializer only writes JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    return payload;
  });
  registerErrorHandling(app);
  // Before any route exists, so `eps` sees every module's routes.
  trackEndpoints(app);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 }) : null;
  const redisSub = redis?.duplicate() ?? null;

  await registerSecurityHeaders(app, {
    mediaOrigins: [
      ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []),
      ...(config.MEDIA_ORIGINS ?? []),
      // s3 mode: the browser posts uploads to the store and follows signed download URLs there.
      ...s3Origins(config),
    ],
  });
  await app.register(rateLimit, {
    global: true,
    max: config.API_RATE_LIMIT,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}:rl:` } : {}),
    // The caller hook (http/route.ts) runs first: the verified user id, else the client address.
    keyGenerator: (req) => req.caller?.rateKey ?? `ip:${req.ip}`,
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10 },
  });
  const secret = config.JWT_SECRET ?? loadJwtSecret(config.dataDir, app.log);
  const tokens = new TokenService(
    database.db,
    secret,
    clock,
    config.SESSION_MAX_AGE_DAYS * 86_400_000,
    config.AUTH_CACHE_SECONDS * 1000,
  );
  registerCallerHook({ app, auth: tokens });
  const limiter = createLimiter(redis, config.REDIS_PREFIX, clock);
  guardApiDocs(app, {
    published: config.PUBLISH_API_DOCS ?? config.NODE_ENV !== 'production',
    auth: tokens,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.APP_NAME} API`,
        version: '1.0.0',
        description:
          'Every answer is an envelope `{code, data, message}`; code 1000 is success, other codes are listed in packages/shared/src/errors.ts.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          merchant: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Signature',
            description:
              'Merchant API: hex HMAC-SHA256 with the merchant key over METHOD, path with query, X-Timestamp, X-Nonce and the body, one per line; send X-Merchant-Id, X-Timestamp (Unix seconds, ±5 minutes) and X-Nonce too.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  // s3 mode: /uploads/<key> redirects to the store (modules/uploads/serve.ts).
  if (config.UPLOAD_MODE === 'local')
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Our own Cache-Control below, not the static server's `public, max-age=0`.
      cacheControl: false,
      setHeaders: (res) => {
        // nosniff and a CSP that runs nothing come from registerSecurityHeaders; private media (chats,
        // proof) is cached by this browser only (modules/uploads/access.ts).
        res.setHeader('Cache-Control', cacheControlFor(res));
      },
    });
  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await registerWebApp(app, webDist);
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build:web` to serve it');
  }

  const realtime = startRealtime(app.server, {
    auth: tokens,
    logger: app.log as never,
    ...(redis && redisSub ? { redis: { pub: redis, sub: redisSub, prefix: config.REDIS_PREFIX } } : {}),
  });
  realtime.onInvalidate((what) => {
    if (what.kind === 'ended') tokens.forget(what.ended);
    if (what.kind === 'user-roles') tokens.forget({ kind: 'user', userId: what.userId });
  });

  await database.exclusively(() => seed(database.db, config));
  await refuseDefaultAdmin(database.db, config, app.log);

  const jobs = createScheduler(app.log, config.SWEEP_INTERVAL_SECONDS * 1000);
  // What modules provide to the modules below them (http/ports.ts), this app's own: the group port reads this
  // app's clock and the notice port keeps this app's caches.
  const ports: Ports = {
    groups: groupChatPort(clock),
    accountNotices: createAccountNoticePort(),
    historyRefs: new Map([
      ['c2c-order', describeC2COrders],
      ['pay-order', describePayOrders],
    ]),
  };
  const deps: AppDeps = {
    app,
    auth: tokens,
    config,
    db: database.db,
    realtime,
    engine: database.engine,
    redis,
    jobs,
    withLock: database.withLock,
    clock,
    limiter,
    pinLimit: { limiter, perMinute: config.PIN_RATE_LIMIT },
    strictErrors: config.NODE_ENV === 'test' && !process.env.CONTRACT_ERROR_LOG,
    ports,
  };
  registerHealthRoutes(deps);
  registerTestClockRoutes(deps);
  registerUserRoutes(deps, tokens);
  registerAdminUserRoutes(deps);
  registerBaseRoutes(deps);
  registerUploadRoutes(deps);
  registerDictRoutes(deps);
  registerChatRoutes(deps);
  registerGroupRoutes(deps);
  registerMomentsRoutes(deps);
  registerAppRoutes(deps);
  // The chain (docs/design/chain.md): configured networks, or the embedded development anvil.
  const chain = await startChain(config, app.log);
  registerWalletRoutes(deps, chain.networks);
  registerChainRoutes(deps, chain);
  const c2c = await registerC2CRoutes({ ...deps, secret });
  registerPayDeskRoutes({ ...deps, merchantAuth: c2c.merchantAuth });
  registerConsoleRoutes(deps, chain);
  registerPushRoutes(deps);
  jobs.start();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await jobs.stop();
      await chain.stop();
      await realtime.close();
      await app.close();
      redisSub?.disconnect();
      redis?.disconnect();
      await database.close();
    })();
    return closing;
  };
  return { app, config, database, realtime, tokens, redis, jobs, clock, close };
};
