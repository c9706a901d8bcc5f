import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { type SnapshotDeps, takeSnapshot } from './snapshot.ts';
import { porSnapshots } from './tables.ts';

/** Session advisory lock of the scheduled snapshot: one process of a cluster takes it. */
export const POR_SNAPSHOT_LOCK = 72_173_160;
export const POR_SNAPSHOT_JOB = 'reserves-snapshot';
/** The job wakes this often and takes a snapshot when the newest one is older than the setting. */
const WAKE_MS = 60_000;

/**
 * `reserves-snapshot`: one snapshot every `intervalHours` across the whole install (docs/design/reserves.md),
 * whichever process gets there first. The newest snapshot's time (the database's clock) says whether one is
 * due, on demand ones included, so N processes still take one per interval; a fresh install takes its first
 * within a minute of starting.
 */
export const snapshotJob = (deps: SnapshotDeps & Pick<Database, 'withLock'>, intervalHours: number): Job => ({
  name: POR_SNAPSHOT_JOB,
  intervalMs: WAKE_MS,
  async run() {
    const ran = await deps.withLock(POR_SNAPSHOT_LOCK, async () => {
      const [due] = await deps.db
        .select({
          due: sql<boolean>`coalesce(max(${porSnapshots.snapshotTime}) <= now() - make_interval(hours => ${intervalHours}), true)`,
        })
        .from(porSnapshots);
      if (!due?.due) return 0;
      await takeSnapshot(deps, { kind: 'schedule' });
      return 1;
    });
    return ran ?? 0;
  },
});
