import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  buildLevels,
  ErrorCode,
  leafNode,
  POR_ESCROW_ACCOUNTS,
  POR_SALT_BYTES,
  type Sha256,
  type SignedSnapshot,
  type SnapshotStatement,
  statementText,
  toHex,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { ChainRuntime } from '../chain/index.ts';
import { readAtOnePosition } from '../ledger/index.ts';
import type { PorKey } from './keys.ts';
import { readReserves } from './onchain.ts';
import { porLeaves, porSnapshots } from './tables.ts';

/** node:crypto's SHA-256: the same bytes as WebCrypto's, without a promise per node of a large tree. */
export const nodeSha256: Sha256 = (data) => createHash('sha256').update(data).digest();

/** Leaf rows per INSERT (7 parameters each, well under PostgreSQL's 65,535). */
const INSERT_BATCH = 1000;

export interface SnapshotDeps {
  db: Db;
  chain: ChainRuntime;
  key: PorKey;
  log: FastifyBaseLogger;
}

export type Trigger = { kind: 'schedule' } | { kind: 'admin'; actorId: number; reason: string };

/** A random order of the leaves: a leaf's place says nothing of who it is (not the sign-up order). */
const shuffle = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

/**
 * Takes one snapshot (docs/design/reserves.md): every member balance at one ledger position, a Merkle-sum tree
 * over them with a fresh secret salt per leaf, the escrow accounts that hold members' money, the reserves on
 * chain (each address signing the root), and the operator's Ed25519 signature over the statement. A member
 * balance below zero stops it: no snapshot is signed that such a balance could make smaller.
 */
export const takeSnapshot = async (deps: SnapshotDeps, trigger: Trigger): Promise<SignedSnapshot> => {
  const { db, log } = deps;
  const read = await readAtOnePosition(db, POR_ESCROW_ACCOUNTS);
  const negative = [
    ...read.negative.map((n) => `user ${n.userId} ${n.kind} ${n.balance}`),
    ...read.system.filter((s) => s.balance < 0n).map((s) => `${s.code} ${s.balance}`),
  ];
  if (negative.length > 0) {
    log.error({ negative }, 'proof of reserves: a balance is below zero, no snapshot signed');
    throw new AppError(ErrorCode.ReservesNegativeBalance);
  }
  const members = shuffle(read.members.map((m) => ({ ...m, salt: randomBytes(POR_SALT_BYTES) })));
  const leaves = await Promise.all(
    members.map((m) => leafNode(nodeSha256, { salt: m.salt, memberId: m.memberId, balance: m.balance })),
  );
  const levels = await buildLevels(nodeSha256, leaves);
  const root = levels[levels.length - 1]![0]!;
  const rootHex = toHex(root.hash);

  const [next] = (
    (await db.execute(
      sql`SELECT nextval(pg_get_serial_sequence('por_snapshots', 'id'))::int AS id`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const id = Number(next!.id);
  const reserves = await readReserves(db, deps.chain, { id, root: rootHex }, log);
  const escrowTotal = read.system.reduce((sum, s) => sum + s.balance, 0n);
  const statement: SnapshotStatement = {
    id,
    time: read.time.toISOString(),
    ledgerPosition: read.position.toString(),
    members: members.length,
    root: rootHex,
    memberLiabilities: root.sum.toString(),
    escrow: read.system.map((s) => ({ code: s.code, balance: s.balance.toString() })),
    liabilities: (root.sum + escrowTotal).toString(),
    reserves: reserves.addresses.reduce((sum, a) => sum + BigInt(a.balance), 0n).toString(),
    addresses: reserves.addresses,
    skipped: reserves.skipped,
    publicKey: deps.key.publicKey,
  };
  const signed: SignedSnapshot = { ...statement, signature: deps.key.sign(statementText(statement)) };

  await db.transaction(async (tx) => {
    await tx.insert(porSnapshots).values({
      id,
      trigger: trigger.kind,
      createdBy: trigger.kind === 'admin' ? trigger.actorId : null,
      snapshotTime: read.time,
      ledgerPosition: read.position,
      members: signed.members,
      root: signed.root,
      memberLiabilities: root.sum,
      escrow: signed.escrow,
      liabilities: BigInt(signed.liabilities),
      reserves: BigInt(signed.reserves),
      addresses: signed.addresses,
      skipped: signed.skipped,
      publicKey: signed.publicKey,
      signature: signed.signature,
    });
    for (let i = 0; i < members.length; i += INSERT_BATCH) {
      await tx.insert(porLeaves).values(
        members.slice(i, i + INSERT_BATCH).map((m, j) => ({
          snapshotId: id,
          idx: i + j,
          userId: m.userId,
          memberId: m.memberId,
          salt: m.salt.toString('hex'),
          balance: m.balance,
          hash: toHex(leaves[i + j]!.hash),
        })),
      );
    }
    if (trigger.kind === 'admin')
      await recordAudit(tx, {
        actorId: trigger.actorId,
        action: 'usdt:reserves:snapshot',
        reason: trigger.reason,
      });
  });
  log.info(
    { snapshot: id, members: signed.members, liabilities: signed.liabilities, reserves: signed.reserves },
    'proof of reserves: snapshot signed',
  );
  return signed;
};
