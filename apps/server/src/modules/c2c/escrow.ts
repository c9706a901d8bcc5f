import type { Executor } from '../../db/connection.ts';
import {
  ensureMemberAccounts,
  ensureSystemAccount,
  type Leg,
  type MemberLeg,
  postEntry,
  type SystemAccountCode,
} from '../ledger/index.ts';

/** The market's system accounts (docs/design/market.md). */
export const C2C_ESCROW = 'c2c-escrow' as SystemAccountCode;
export const C2C_FEES = 'c2c-fees' as SystemAccountCode;

type Side = 'available' | 'frozen';

interface Move {
  key: string;
  kind: string;
  memo: string;
  ref: { type: 'c2c-order' | 'c2c-ad'; id: number };
  createdBy: number | null;
}

const post = (tx: Executor, move: Move, legs: (Leg | MemberLeg)[]) =>
  postEntry(tx, {
    key: move.key,
    kind: move.kind,
    legs,
    memo: move.memo,
    ref: { type: move.ref.type, id: String(move.ref.id) },
    createdBy: move.createdBy,
  });

/** Moves coins between one member's available and frozen accounts (ad freeze / unfreeze). */
export const moveOwn = async (tx: Executor, userId: number, from: Side, amount: bigint, move: Move) => {
  const acc = (await ensureMemberAccounts(tx, [userId])).get(userId)!;
  const to: Side = from === 'available' ? 'frozen' : 'available';
  return post(tx, move, [
    { accountId: acc[from], amount: -amount },
    { accountId: acc[to], amount },
  ]);
};

/**
 * An order starts: the legs of the seller's coins (available or frozen) into escrow. The seller's account is
 * named by owner and kind and resolved inside the posting statement (no round trip of its own); the seller of
 * a start always has it (a sell ad froze their coins, a buy ad's taker sells coins they hold), so posting
 * stays the only ledger work under the hot locks. `escrowId` is `c2c-escrow`'s account id.
 */
export const escrowLegs = (
  userId: number,
  from: Side,
  amount: bigint,
  escrowId: number,
): (Leg | MemberLeg)[] => [
  { userId, account: from, amount: -amount },
  { accountId: escrowId, amount },
];

/** Posts the legs of `escrowLegs`. */
export const postMove = (tx: Executor, legs: (Leg | MemberLeg)[], move: Move) => post(tx, move, legs);

/** Escrow back to a member (available or frozen): an order is canceled. */
export const fromEscrow = async (tx: Executor, userId: number, to: Side, amount: bigint, move: Move) => {
  const escrow = await ensureSystemAccount(tx, C2C_ESCROW);
  const acc = (await ensureMemberAccounts(tx, [userId])).get(userId)!;
  return post(tx, move, [
    { accountId: escrow, amount: -amount },
    { accountId: acc[to], amount },
  ]);
};

/** Escrow to the buyer, less the fee to `c2c-fees`: an order is released. */
export const releaseEscrow = async (
  tx: Executor,
  buyerId: number,
  amount: bigint,
  charge: bigint,
  move: Move,
) => {
  const escrow = await ensureSystemAccount(tx, C2C_ESCROW);
  const fees = await ensureSystemAccount(tx, C2C_FEES);
  const acc = (await ensureMemberAccounts(tx, [buyerId])).get(buyerId)!;
  const legs: Leg[] = [
    { accountId: escrow, amount: -amount },
    { accountId: acc.available, amount: amount - charge },
  ];
  if (charge > 0n) legs.push({ accountId: fees, amount: charge });
  return post(tx, move, legs);
};
