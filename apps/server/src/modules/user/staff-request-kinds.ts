import {
  type AuditAction,
  ErrorCode,
  Role,
  type StaffRequestKind,
  type StaffRole,
  staffRoles,
} from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { removeAllFactors } from './factors/service.ts';
import { createUser } from './service.ts';
import { type staffRequests, users } from './tables.ts';

// What each kind of staff request does (docs/security.md, "Staff requests"): a new kind adds one entry to each
// table below and to `staffRequestKinds` in the contract.

export type RequestRow = typeof staffRequests.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const isStaffRole = (role: string): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

export const findMember = async (exec: Executor, userId: number) => {
  const [row] = await exec.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.MemberNotFound);
  return row;
};

/** Sets an account's staff roles, keeping its member roles; a newly granted staff role records its promoter. */
export const writeRoles = async (
  exec: Executor,
  userId: number,
  roles: readonly StaffRole[],
  promoter: number,
) => {
  const current = await findMember(exec, userId);
  const kept = current.roles.filter((r) => !isStaffRole(r));
  const granted = roles.some((r) => !current.roles.includes(r));
  const [updated] = await exec
    .update(users)
    .set({
      roles: [...kept, ...new Set(roles)],
      ...(granted ? { promotedBy: promoter } : {}),
      updateTime: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
};

/**
 * Removes every second factor, recovery code and open challenge of the account and starts the withdrawal hold,
 * as a password change does (docs/security.md, "Losing every factor"); the caller ends its sessions.
 */
export const resetFactorsOf = async (exec: Executor, userId: number, now: Date) => {
  await findMember(exec, userId);
  await removeAllFactors(exec, userId);
  const [updated] = await exec
    .update(users)
    .set({ credentialsChangedAt: now, updateTime: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
};

/** What an approved request of each kind does; a new kind of request adds its handler here. */
export const apply: Record<StaffRequestKind, (tx: Executor, r: RequestRow, now: Date) => Promise<UserRow>> = {
  add: (tx, r) =>
    createUser(tx, {
      username: r.username,
      password: { hash: r.passwordHash! },
      nickName: r.nickName,
      roles: [Role.User, ...r.roles],
      createdBy: r.makerId,
      promotedBy: r.makerId,
    }),
  roles: (tx, r) => writeRoles(tx, r.targetUserId!, r.roles.filter(isStaffRole), r.makerId),
  resetFactor: (tx, r, now) => resetFactorsOf(tx, r.targetUserId!, now),
};

/** The audit action of a staff change taking effect, by kind. */
export const effectAction: Record<StaffRequestKind, AuditAction> = {
  add: 'base:staff:add',
  roles: 'base:staff:update',
  resetFactor: 'admin:user:resetFactor',
};

/** What the audit row of a request says it asks, by kind. */
export const asked: Record<StaffRequestKind, (r: { roles: string[]; reason: string }) => string> = {
  add: (r) => r.roles.join(','),
  roles: (r) => r.roles.join(',') || 'none',
  resetFactor: (r) => r.reason,
};

/** Why the account's sessions end once a request of the kind takes effect (kinds absent: they go on). */
export const endsSessions: Partial<Record<StaffRequestKind, string>> = {
  roles: 'roles changed',
  resetFactor: 'second factor reset',
};
