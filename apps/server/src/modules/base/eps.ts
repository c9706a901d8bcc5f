import type { EpsRoute } from '@chatpay/shared';
import type { FastifyInstance } from 'fastify';
import { moduleOf } from '../../http/route.ts';

interface Tracked extends EpsRoute {
  module: string;
}

const tracked = new WeakMap<FastifyInstance, Tracked[]>();

/** Only the client and admin APIs are listed; health, docs and static files are not endpoints of the contract. */
const listed = /^\/api\/(app|admin)\//;

/**
 * Starts recording every contract endpoint registered on `app` from now on. `onRoute` sees only routes added
 * after the hook, so this must run before any module registers its routes (app.ts does it first thing).
 */
export const trackEndpoints = (app: FastifyInstance) => {
  const list: Tracked[] = [];
  tracked.set(app, list);
  app.addHook('onRoute', (options) => {
    const endpoint = options.config?.endpoint;
    // Fastify adds a HEAD twin for every GET; the contract only knows the endpoint's own method.
    if (!endpoint || options.method !== endpoint.method || !listed.test(options.url)) return;
    list.push({
      module: moduleOf(endpoint.path),
      method: endpoint.method,
      path: options.url,
      summary: endpoint.summary,
      auth: endpoint.auth,
      ...(endpoint.permission ? { permission: endpoint.permission } : {}),
    });
  });
};

/** Every tracked endpoint grouped by module tag, each group sorted by path. */
export const endpointsByModule = (app: FastifyInstance): Record<string, EpsRoute[]> => {
  const groups: Record<string, EpsRoute[]> = {};
  const key = (r: Tracked) => `${r.path} ${r.method}`;
  // Plain code-unit order, not locale order: the answer must be the same on every machine.
  const sorted = [...(tracked.get(app) ?? [])].sort((a, b) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0,
  );
  for (const { module, ...entry } of sorted) {
    groups[module] ??= [];
    groups[module].push(entry);
  }
  return groups;
};
