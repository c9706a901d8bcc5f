import {
  buildLevels,
  ErrorCode,
  fromHex,
  nodeToJson,
  POR_PROOF_FORMAT,
  POR_TREE_FORMAT,
  type PorProof,
  type PorTree,
  paddingNode,
  proofPath,
  type SumNode,
} from '@chatpay/shared';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import type { PorKey } from './keys.ts';
import { presentSnapshot, presentSummary } from './presenter.ts';
import { nodeSha256 } from './snapshot.ts';
import { porLeaves, porSnapshots } from './tables.ts';

/** Trees kept built in memory: the latest snapshot's, and the one before while members still ask for it. */
const CACHED_TREES = 2;

/** What members and staff read of the snapshots: the latest, my proof, the public tree, the history. */
export class ReservesService {
  /** Levels of recent snapshots' trees, per app (never a module global: docs in CONTRIBUTING.md, Tests). */
  private readonly trees = new Map<number, Promise<SumNode[][]>>();

  constructor(
    private readonly db: Db,
    private readonly key: PorKey,
  ) {}

  private async row(id?: number) {
    const [row] = await this.db
      .select()
      .from(porSnapshots)
      .where(id === undefined ? undefined : eq(porSnapshots.id, id))
      .orderBy(desc(porSnapshots.id))
      .limit(1);
    if (!row) throw new AppError(ErrorCode.ReservesSnapshotNotFound);
    return row;
  }

  private leaves(snapshotId: number) {
    return this.db
      .select({ hash: porLeaves.hash, balance: porLeaves.balance })
      .from(porLeaves)
      .where(eq(porLeaves.snapshotId, snapshotId))
      .orderBy(asc(porLeaves.idx));
  }

  /** The tree's levels, rebuilt from the stored leaf hashes and balances (a snapshot never changes). */
  private levels(snapshotId: number) {
    let levels = this.trees.get(snapshotId);
    if (!levels) {
      levels = this.leaves(snapshotId).then((rows) =>
        buildLevels(
          nodeSha256,
          rows.map((r) => ({ hash: fromHex(r.hash)!, sum: r.balance })),
        ),
      );
      levels.catch(() => this.trees.delete(snapshotId));
      this.trees.set(snapshotId, levels);
      for (const old of [...this.trees.keys()].sort((a, b) => a - b).slice(0, -CACHED_TREES))
        this.trees.delete(old);
    }
    return levels;
  }

  async latest() {
    const [row] = await this.db.select().from(porSnapshots).orderBy(desc(porSnapshots.id)).limit(1);
    return { snapshot: row ? presentSnapshot(row) : null, publicKey: this.key.publicKey };
  }

  /** The caller's own leaf and path; no one else's can be named (docs/design/reserves.md, "Privacy"). */
  async proof(userId: number, id?: number): Promise<{ proof: PorProof | null }> {
    const row = await this.row(id);
    const [leaf] = await this.db
      .select()
      .from(porLeaves)
      .where(and(eq(porLeaves.snapshotId, row.id), eq(porLeaves.userId, userId)));
    if (!leaf) return { proof: null };
    const levels = await this.levels(row.id);
    const path = proofPath(levels, leaf.idx, await paddingNode(nodeSha256));
    return {
      proof: {
        format: POR_PROOF_FORMAT,
        snapshot: presentSnapshot(row),
        leaf: { index: leaf.idx, memberId: leaf.memberId, salt: leaf.salt, balance: leaf.balance.toString() },
        path: path.map(nodeToJson),
      },
    };
  }

  async tree(id?: number): Promise<PorTree> {
    const row = await this.row(id);
    const leaves = await this.leaves(row.id);
    return {
      format: POR_TREE_FORMAT,
      snapshot: presentSnapshot(row),
      leaves: leaves.map((l) => ({ hash: l.hash, sum: l.balance.toString() })),
    };
  }

  async summary(id: number) {
    return presentSummary(await this.row(id));
  }

  async page(input: { page: number; size: number }) {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(porSnapshots)
        .orderBy(desc(porSnapshots.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(porSnapshots),
    ]);
    return {
      list: rows.map(presentSummary),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }
}

/** The latest snapshot's summary (the console's dashboard), or null. */
export const latestSummary = async (db: Db) => {
  const [row] = await db.select().from(porSnapshots).orderBy(desc(porSnapshots.id)).limit(1);
  return row ? presentSummary(row) : null;
};
