import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { seed } from './db/seed.ts';
import { refuseNonCanonicalPaths } from './http/canonical-path.ts';
import type { AppDeps } from './http/deps.ts';
import { registerErrorHandling } from './http/errors.ts';
import type { Ports } from './http/ports.ts';
import { registerCallerHook } from './http/route.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { type Clock, DatabaseClock, ManualClock } from './lib/clock.ts';
import { createLimiter } from './lib/limiter.ts';
import { safeErrorSerializer } from './lib/log-errors.ts';
import { redisWithFallbackStore } from './lib/rate-limit-store.ts';
import { openRedis, type RedisLink } from './lib/redis.ts';
import { loadJwtSecret, loadPinPepper } from './lib/secrets.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { registerMetrics } from './metrics/routes.ts';
import { registerAppRoutes } from './modules/app/index.ts';
import { guardApiDocs, registerBaseRoutes, trackEndpoints } from './modules/base/index.ts';
import { describeC2COrders, orderTicketTarget, registerC2CRoutes, tradePort } from './modules/c2c/index.ts';
import { registerChainRoutes, startChain } from './modules/chain/index.ts';
import { createAccountNoticePort, registerChatRoutes } from './modules/chat/index.ts';
import { registerConsoleRoutes } from './modules/console/index.ts';
import { registerDictRoutes } from './modules/dict/index.ts';
import { groupChatPort, groupTicketTarget, registerGroupRoutes } from './modules/group/index.ts';
import { registerHealthRoutes, registerTestClockRoutes } from './modules/health/index.ts';
import { registerKycRoutes } from './modules/kyc/index.ts';
import { ledgerCheckJob } from './modules/ledger/index.ts';
import { momentTicketTarget, registerMomentsRoutes } from './modules/moments/index.ts';
import { describePayOrders, registerPayDeskRoutes } from './modules/paydesk/index.ts';
import { registerPushRoutes } from './modules/push/index.ts';
import { registerReservesRoutes } from './modules/reserves/index.ts';
import { cacheControlFor, registerUploadRoutes, s3Origins } from './modules/uploads/index.ts';
import {
  refuseDefaultAdmin,
  registerAdminUserRoutes,
  registerUserRoutes,
  staffFactorGate,
  TokenService,
} from './modules/user/index.ts';
import { registerWalletRoutes } from './modules/wallet/index.ts';
import { registerBackupRoute } from './ops/backup-route.ts';
import { type Realtime, startRealtime } from './realtime/socket.ts';

export interface App {
  app: FastifyInstance;
  config: Config;
  database: Database;
  realtime: Realtime;
  tokens: TokenService;
  redis: Redis | null;
  /** The Redis connections and whether they are up (lib/redis.ts); null without REDIS_URL. */
  redisLink: RedisLink | null;
  jobs: Scheduler;
  clock: Clock;
  metrics: Metrics;
  close(): Promise<void>;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server (HTTP API, realtime socket, static web app) on an open database. */
export const buildApp = async (
  config: Config,
  database: Database,
  /** `logStream`: where log lines go instead of stdout (tests read them). */
  options: {
    /** Tests that run two apps as two processes give both one manual clock. */
    clock?: Clock;
    logStream?: { write(line: string): void };
    /** The host's clock (ms since the epoch); tests give a skewed one. Deadlines follow the database's. */
    hostTime?: () => number;
  } = {},
): Promise<App> => {
  const databaseClock = new DatabaseClock(() => database.probe.now(), options.hostTime);
  await databaseClock.sync();
  const clock: Clock = options.clock ?? (config.TEST_CLOCK ? new ManualClock(databaseClock) : databaseClock);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization'],
      // Failed queries are logged without their bound parameters (lib/log-errors.ts).
      serializers: { err: safeErrorSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Our own id for every request: a client's X-Request-Id would let it forge or collide log lines.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
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
  refuseNonCanonicalPaths(app);
  // Before any route exists, so `eps` sees every module's routes.
  trackEndpoints(app);

  // Unreachable at start-up: RedisUnreachable, naming REDIS_URL (main.ts prints it and exits).
  const redisLink = config.REDIS_URL ? await openRedis(config.REDIS_URL, app.log) : null;
  const redis = redisLink?.client ?? null;
  const redisUp = () => redisLink?.up() ?? false;

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
    // With Redis the count is shared by every process; during a Redis outage each process counts alone.
    ...(redis ? { store: redisWithFallbackStore(redis, `${config.REDIS_PREFIX}:rl:`, redisUp) } : {}),
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
    { member: config.SESSION_MAX_AGE_DAYS * 86_400_000, staff: config.STAFF_SESSION_HOURS * 3_600_000 },
    config.AUTH_CACHE_SECONDS * 1000,
  );
  registerCallerHook({ app, auth: tokens });
  const limiter = createLimiter(redis, config.REDIS_PREFIX, clock, redisUp);
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

  // Graceful stop (docs/design/faults.md): requests in flight are counted so that `close` can let them finish;
  // once it began, every answer says `Connection: close`, so a kept-alive client cannot hold the process open.
  // Prepended before Socket.IO attaches, which then calls it for non-Socket.IO requests only (long polls are
  // ended by closing the realtime layer, not waited for).
  const draining = { on: false, inFlight: new Set<ServerResponse>(), idle: [] as (() => void)[] };
  const closeAfterAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  app.server.prependListener('request', (_req, res) => {
    draining.inFlight.add(res);
    if (draining.on) closeAfterAnswer(res);
    res.once('close', () => {
      draining.inFlight.delete(res);
      // An answer whose headers left before the stop began keeps its connection: close it once idle.
      if (draining.on) setImmediate(() => app.server.closeIdleConnections());
      if (draining.inFlight.size === 0) for (const done of draining.idle.splice(0)) done();
    });
  });
  const requestsDone = () =>
    draining.inFlight.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => draining.idle.push(resolve));

  const realtime = startRealtime(app.server, {
    auth: tokens,
    logger: app.log as never,
    ...(redisLink
      ? { redis: { pub: redisLink.pub, sub: redisLink.sub, prefix: config.REDIS_PREFIX, up: redisUp } }
      : {}),
  });
  realtime.onInvalidate((what) => {
    if (what.kind === 'ended') tokens.forget(what.ended);
    if (what.kind === 'user-roles') tokens.forget({ kind: 'user', userId: what.userId });
  });

  await database.exclusively(() => seed(database.db, config, app.log));
  await refuseDefaultAdmin(database.db, config, app.log);

  const metrics = createMetrics();
  const jobs = createScheduler(app.log, config.SWEEP_INTERVAL_SECONDS * 1000, (pass) => {
    metrics.jobRuns.inc({ job: pass.job, result: pass.ok ? 'ok' : 'failed' });
    metrics.jobDuration.observe({ job: pass.job }, pass.seconds);
    if (pass.handled > 0) metrics.jobItems.inc({ job: pass.job }, pass.handled);
    if (pass.ok) {
      metrics.lastSuccess.set(pass.job, Date.now());
      metrics.jobLastSuccess.set({ job: pass.job }, Date.now() / 1000);
    }
  });
  // What modules provide to the modules below them (http/ports.ts), this app's own: the group port reads this
  // app's clock and the notice port keeps this app's caches.
  const ports: Ports = {
    groups: groupChatPort(clock),
    accountNotices: createAccountNoticePort(),
    historyRefs: new Map([
      ['c2c-order', describeC2COrders],
      ['pay-order', describePayOrders],
    ]),
    trades: tradePort,
    ticketTargets: { order: orderTicketTarget, group: groupTicketTarget, moment: momentTicketTarget },
  };
  const deps: AppDeps = {
    app,
    auth: tokens,
    config,
    db: database.db,
    realtime,
    engine: database.engine,
    redis,
    redisUp,
    jobs,
    withLock: database.withLock,
    clock,
    metrics,
    limiter,
    pinLimit: { limiter, perMinute: config.PIN_RATE_LIMIT },
    staffGate: staffFactorGate({ db: database.db, config }),
    strictErrors: config.NODE_ENV === 'test' && !process.env.CONTRACT_ERROR_LOG,
    ports,
  };
  registerHealthRoutes({ ...deps, probe: database.probe });
  registerTestClockRoutes(deps);
  registerUserRoutes(deps, tokens, config.PIN_PEPPER ?? loadPinPepper(config.dataDir, app.log));
  registerAdminUserRoutes(deps);
  registerBaseRoutes(deps);
  const uploads = registerUploadRoutes(deps);
  await registerKycRoutes({ ...deps, secret, deleteFiles: uploads.deleteFiles });
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
  // Proof of reserves (docs/design/reserves.md): signed snapshots of liabilities against on-chain reserves.
  registerReservesRoutes(deps, chain);
  registerPushRoutes(deps);
  if (config.LEDGER_CHECK_INTERVAL_MINUTES > 0)
    jobs.add(
      ledgerCheckJob(database, app.log, config.LEDGER_CHECK_INTERVAL_MINUTES, (result) => {
        metrics.ledgerChecks.inc({ result });
        metrics.forgetCached();
      }),
    );
  jobs.add({
    name: 'database-clock',
    intervalMs: 60_000,
    run: async () => {
      await databaseClock.sync();
      return 0;
    },
  });
  registerMetrics({ app, config, metrics, realtime, database, chain });
  registerBackupRoute(app, database, config.dataDir);
  jobs.start();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      draining.on = true;
      // Kept-alive connections with no request in flight end now; the others after their answer.
      for (const res of draining.inFlight) closeAfterAnswer(res);
      app.server.closeIdleConnections();
      // Sockets are closed at the transport, so clients reconnect (to another process) rather than stay out;
      // this also stops listening (a worker does not listen: its primary stopped handing it connections).
      await realtime.close();
      // Jobs finish the pass they are in and start no other; meanwhile requests in flight finish.
      await Promise.all([jobs.stop().then(() => chain.stop()), requestsDone()]);
      await app.close();
      // Redis before the pool: nothing that still answers needs either by now.
      await redisLink?.close();
      await database.close();
    })();
    return closing;
  };
  return { app, config, database, realtime, tokens, redis, redisLink, jobs, clock, metrics, close };
};
