import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { POR_PROOF_FORMAT, POR_TREE_FORMAT } from '../reserves.ts';

/**
 * Proof of reserves (docs/design/reserves.md): signed snapshots of what members are owed (a Merkle-sum tree
 * over their balances at one ledger position) against the tokens the operator's addresses hold. Amounts in a
 * snapshot, a proof and a tree are micro-USDT integers (the hashed values); the console's list shows USDT.
 */

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const units = z.string().regex(/^(0|[1-9][0-9]*)$/);
const snapshotId = z.coerce.number().int().positive().max(2_147_483_647);

export const porNode = z.object({ hash, sum: units });

export const reserveAddress = z.object({
  network: z.string(),
  chainId: z.number().int(),
  token: z.string(),
  block: units,
  blockHash: z.string(),
  kind: z.enum(['hot', 'deposit']),
  address: z.string(),
  balance: units,
  signature: z.string(),
});

export const porSnapshot = z.object({
  id: z.number().int(),
  time: z.string(),
  ledgerPosition: units,
  members: z.number().int().min(0),
  root: hash,
  memberLiabilities: units,
  escrow: z.array(z.object({ code: z.string(), balance: units })),
  liabilities: units,
  reserves: units,
  addresses: z.array(reserveAddress),
  skipped: z.array(z.object({ network: z.string(), reason: z.string() })),
  publicKey: z.string(),
  signature: z.string(),
});
export type PorSnapshot = z.infer<typeof porSnapshot>;

/** "Download my proof": everything a member needs to check their own leaf against the signed root. */
export const porProof = z.object({
  format: z.literal(POR_PROOF_FORMAT),
  snapshot: porSnapshot,
  leaf: z.object({ index: z.number().int(), memberId: z.string(), salt: hash, balance: units }),
  path: z.array(porNode),
});
export type PorProof = z.infer<typeof porProof>;

/** The whole tree without identities: every leaf's hash and balance, in tree order. */
export const porTree = z.object({
  format: z.literal(POR_TREE_FORMAT),
  snapshot: porSnapshot,
  leaves: z.array(porNode),
});
export type PorTree = z.infer<typeof porTree>;

/** A snapshot in the console's history (USDT amounts, ratio in percent). */
export const porSummary = z.object({
  id: z.number().int(),
  time: z.string(),
  /** `schedule` (POR_INTERVAL_HOURS) or `admin` (on demand). */
  trigger: z.enum(['schedule', 'admin']),
  createdBy: z.number().int().nullable(),
  ledgerPosition: z.string(),
  members: z.number().int(),
  liabilities: z.string(),
  reserves: z.string(),
  /** reserves ÷ liabilities in percent with 2 decimals (rounded down); null when nothing is owed. */
  ratio: z.string().nullable(),
  /** reserves ≥ liabilities. */
  covered: z.boolean(),
  root: z.string(),
  /** Networks whose reserves are not counted, with why. */
  skipped: z.array(z.object({ network: z.string(), reason: z.string() })),
});
export type PorSummary = z.infer<typeof porSummary>;

export const reservesApi = {
  latest: endpoint({
    method: 'GET',
    path: '/app/usdt/reserves/latest',
    auth: 'none',
    summary:
      "The latest signed proof-of-reserves snapshot (liabilities, reserves, signature) and the operator's current public key",
    input: z.object({}),
    output: z.object({ snapshot: porSnapshot.nullable(), publicKey: z.string() }),
  }),
  proof: endpoint({
    method: 'GET',
    path: '/app/usdt/reserves/proof',
    auth: 'user',
    summary:
      'My own leaf (salt, balance) and Merkle path in a snapshot (default the latest); null when I had no ledger account then',
    input: z.object({ id: snapshotId.optional() }),
    output: z.object({ proof: porProof.nullable() }),
    errors: [ErrorCode.ReservesSnapshotNotFound],
  }),
  tree: endpoint({
    method: 'GET',
    path: '/app/usdt/reserves/tree',
    auth: 'none',
    summary:
      'A snapshot (default the latest) with every leaf hash and balance of its tree, no identities: the input of `npm run por:verify`',
    input: z.object({ id: snapshotId.optional() }),
    output: porTree,
    errors: [ErrorCode.ReservesSnapshotNotFound],
  }),
};

export const adminReservesApi = {
  page: endpoint({
    method: 'POST',
    path: '/admin/usdt/reserves/page',
    auth: 'user',
    permission: 'usdt:reserves:page',
    summary: 'Staff: proof-of-reserves snapshots, newest first, with their ratio',
    input: pageInput,
    output: pageOf(porSummary),
  }),
  snapshot: endpoint({
    method: 'POST',
    path: '/admin/usdt/reserves/snapshot',
    auth: 'user',
    permission: 'usdt:reserves:snapshot',
    summary: 'Admin: take a signed proof-of-reserves snapshot now (audited)',
    input: z.object({ reason: z.string().trim().min(1, 'Content cannot be empty').max(200) }),
    output: porSummary,
    errors: [ErrorCode.ReservesNegativeBalance],
  }),
};
