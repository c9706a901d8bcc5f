import { adminReservesApi, reservesApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import type { ChainRuntime } from '../chain/index.ts';
import { snapshotJob } from './job.ts';
import { loadPorKey } from './keys.ts';
import { ReservesService } from './service.ts';
import { takeSnapshot } from './snapshot.ts';

/** Proof of reserves: members' proofs, the public tree, the console's history and snapshots on demand. */
export const registerReservesRoutes = (deps: AppDeps, chain: ChainRuntime) => {
  const key = loadPorKey(deps.config, deps.app.log);
  const service = new ReservesService(deps.db, key);
  const snapshots = { db: deps.db, chain, key, log: deps.app.log, withLock: deps.withLock };
  route(deps, reservesApi.latest, () => service.latest());
  route(deps, reservesApi.proof, (input, ctx) => service.proof(ctx.user.id, input.id));
  route(deps, reservesApi.tree, (input) => service.tree(input.id));
  route(deps, adminReservesApi.page, (input) => service.page(input));
  route(deps, adminReservesApi.snapshot, async (input, ctx) => {
    const signed = await takeSnapshot(snapshots, {
      kind: 'admin',
      actorId: ctx.user.id,
      reason: input.reason,
    });
    return service.summary(signed.id);
  });
  if (deps.config.POR_INTERVAL_HOURS > 0)
    deps.jobs.add(snapshotJob(snapshots, deps.config.POR_INTERVAL_HOURS));
};
