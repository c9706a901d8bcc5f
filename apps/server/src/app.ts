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
import { registerErrorHandling } from './http/errors.ts';
import type { RouteHost } from './http/route.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { loadJwtSecret } from './lib/secrets.ts';
import { registerAppRoutes } from './modules/app/routes.ts';
import { trackEndpoints } from './modules/base/eps.ts';
import { registerBaseRoutes } from './modules/base/routes.ts';
import { registerC2CRoutes } from './modules/c2c/routes.ts';
import { registerChainRoutes } from './modules/chain/routes.ts';
import { startChain } from './modules/chain/runtime.ts';
import { registerChatRoutes } from './modules/chat/routes.ts';
import { registerDictRoutes } from './modules/dict/routes.ts';
import { registerGroupRoutes } from './modules/group/routes.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerMomentsRoutes } from './modules/moments/routes.ts';
import { registerAdminUserRoutes } from './modules/user/admin-routes.ts';
import { registerUserRoutes } from './modules/user/routes.ts';
import { TokenService } from './modules/user/tokens.ts';
import { registerWalletRoutes } from './modules/wallet/routes.ts';
import { type Realtime, startRealtime } from './realtime/socket.ts';

export interface App {
  app: FastifyInstance;
  config: Config;
  database: Database;
  realtime: Realtime;
  tokens: TokenService;
  redis: Redis | null;
  jobs: Scheduler;
  close(): Promise<void>;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server (HTTP API, realtime socket, static web app) on an open database. */
export const buildApp = async (config: Config, database: Database): Promise<App> => {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
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

  await app.register(rateLimit, {
    global: true,
    max: config.API_RATE_LIMIT,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}:rl:` } : {}),
    keyGenerator: (req) => req.headers.authorization ?? req.ip,
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.APP_NAME} API`,
        version: '1.0.0',
        description:
          'Every answer is an envelope `{code, data, message}`; code 1000 is success, other codes are listed in packages/shared/src/errors.ts.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
      );
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build:web` to serve it');
  }

  const secret = config.JWT_SECRET ?? loadJwtSecret(config.dataDir, app.log);
  const tokens = new TokenService(database.db, secret);
  const realtime = startRealtime(app.server, {
    tokens,
    logger: app.log as never,
    ...(redis && redisSub ? { redis: { pub: redis, sub: redisSub, prefix: config.REDIS_PREFIX } } : {}),
  });

  await database.exclusively(() => seed(database.db, config));

  const host: RouteHost = { app, tokens };
  const jobs = createScheduler(app.log, config.SWEEP_INTERVAL_SECONDS * 1000);
  const deps = { ...host, config, db: database.db, realtime, engine: database.engine, redis, jobs };
  registerHealthRoutes(deps);
  registerUserRoutes(deps);
  registerAdminUserRoutes(deps);
  registerBaseRoutes(deps);
  registerDictRoutes(deps);
  registerChatRoutes(deps);
  registerGroupRoutes(deps);
  registerMomentsRoutes(deps);
  registerAppRoutes(deps);
  // The chain (docs/design/chain.md): configured networks, or the embedded development anvil.
  const chain = await startChain(config, app.log);
  registerWalletRoutes(deps, chain.networks);
  registerChainRoutes({ ...deps, withLock: database.withLock }, chain);
  registerC2CRoutes({ ...deps, secret });
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
  return { app, config, database, realtime, tokens, redis, jobs, close };
};

export type AppDeps = RouteHost & {
  config: Config;
  db: Database['db'];
  engine: Database['engine'];
  realtime: Realtime;
  redis: Redis | null;
  /** Modules add their periodic jobs (sweepers) here. */
  jobs: Scheduler;
};
