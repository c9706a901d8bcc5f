import {
  ErrorCode,
  hasPermission,
  permissionsFor,
  Role,
  type StaffChange,
  type StaffRequestKind,
  type StaffRole,
} from '@chatpay/shared';
import { and, arrayContains, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { hashSecret } from './hashing.ts';
import { assertStrongPassword } from './password-policy.ts';
import { createUser, endUserSessions } from './service.ts';
import { presentMember, type SessionDeps } from './staff.ts';
import {
  apply,
  asked,
  effectAction,
  endsSessions,
  findMember,
  isStaffRole,
  type RequestRow,
  resetFactorsOf,
  writeRoles,
} from './staff-request-kinds.ts';
import { staffRequests, users } from './tables.ts';

const present = (r: RequestRow) => ({
  id: r.id,
  kind: r.kind as StaffRequestKind,
  targetUserId: r.targetUserId,
  username: r.username,
  nickName: r.nickName,
  roles: r.roles.filter(isStaffRole),
  reason: r.reason,
  status: r.status as 'pending' | 'approved' | 'rejected',
  makerId: r.makerId,
  checkerId: r.checkerId,
  note: r.note,
  createTime: r.createTime.toISOString(),
  decideTime: r.decideTime?.toISOString() ?? null,
});

/**
 * Refuses a checker who is the maker, the account the request changes, or an account the maker created or
 * promoted (docs/security.md, "The checker"): one admin never approves through a second admin it made.
 */
export const assertIndependentChecker = async (
  exec: Executor,
  input: { makerId: number; checkerId: number; targetUserId: number | null },
) => {
  if (input.checkerId === input.makerId || input.checkerId === input.targetUserId)
    throw new AppError(ErrorCode.DutySeparation);
  const [checker] = await exec
    .select({ createdBy: users.createdBy, promotedBy: users.promotedBy })
    .from(users)
    .where(eq(users.id, input.checkerId));
  if (checker?.createdBy === input.makerId || checker?.promotedBy === input.makerId)
    throw new AppError(ErrorCode.DutySeparation);
};

/**
 * Who may decide a request besides being independent of its maker: an admin any; a support member a reset of
 * a member's factors (its own permission), never one of a staff account's (docs/security.md, "Staff requests").
 */
const assertMayDecide = async (exec: Executor, r: RequestRow, checkerId: number) => {
  const [checker] = await exec.select({ roles: users.roles }).from(users).where(eq(users.id, checkerId));
  const roles = checker?.roles ?? [];
  if (roles.includes(Role.Admin)) return;
  const target = r.targetUserId ? await findMember(exec, r.targetUserId) : null;
  const may =
    r.kind === 'resetFactor' &&
    hasPermission({ role: roles, permission: permissionsFor(roles) }, 'admin:user:resetFactor') &&
    !target?.roles.some(isStaffRole);
  if (!may) throw new AppError(ErrorCode.Forbidden);
};

/**
 * Maker-checker for staff changes (docs/security.md, "Staff requests"): adding a staff account and setting
 * roles file a request another admin decides, unless the caller is the install's only admin; resetting a
 * second factor files one another staff member decides (another admin for a staff account's).
 */
export class StaffRequestService {
  constructor(private readonly deps: SessionDeps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * Whether the caller is an admin and no other admin exists to check it (the lone-admin exception); a support
   * member is never the lone admin.
   */
  private async loneAdmin(exec: Executor, actorId: number) {
    const [actor] = await exec.select({ roles: users.roles }).from(users).where(eq(users.id, actorId));
    if (!actor?.roles.includes(Role.Admin)) return false;
    const [row] = await exec
      .select({ n: count() })
      .from(users)
      .where(and(arrayContains(users.roles, [Role.Admin]), sql`${users.id} <> ${actorId}`));
    return (row?.n ?? 0) === 0;
  }

  async addStaff(
    actorId: number,
    input: { username: string; password: string; nickName: string; roles: StaffRole[] },
  ): Promise<StaffChange> {
    assertStrongPassword(input.password, { staff: true, inputs: [input.username, input.nickName] });
    const roles = [...new Set(input.roles)];
    return this.db.transaction(async (tx) => {
      if (await this.loneAdmin(tx, actorId)) {
        const created = await createUser(tx, {
          ...input,
          roles: [Role.User, ...roles],
          createdBy: actorId,
          promotedBy: actorId,
        });
        await recordAudit(tx, {
          actorId,
          action: 'base:staff:add',
          targetUserId: created.id,
          reason: roles.join(','),
        });
        return { status: 'done', member: presentMember(created), request: null };
      }
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${input.username})`);
      const [asked] = await tx
        .select({ id: staffRequests.id })
        .from(staffRequests)
        .where(
          and(
            eq(staffRequests.kind, 'add'),
            eq(staffRequests.status, 'pending'),
            sql`lower(${staffRequests.username}) = lower(${input.username})`,
          ),
        );
      if (taken || asked) throw new AppError(ErrorCode.UsernameTaken);
      const [row] = await tx
        .insert(staffRequests)
        .values({
          kind: 'add',
          username: input.username,
          nickName: input.nickName,
          passwordHash: await hashSecret(input.password),
          roles,
          makerId: actorId,
        })
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'base:staff:add-request',
        reason: `#${row!.id} ${roles.join(',')}`,
      });
      return { status: 'pending', member: null, request: present(row!) };
    });
  }

  /** Replaces the staff roles of an account (never one's own); its sessions end once the change takes effect. */
  async setRoles(actorId: number, userId: number, roles: StaffRole[]): Promise<StaffChange> {
    if (actorId === userId) throw new AppError(ErrorCode.DutySeparation);
    const change = await this.db.transaction(async (tx): Promise<StaffChange> => {
      const target = await findMember(tx, userId);
      if (await this.loneAdmin(tx, actorId)) {
        const updated = await writeRoles(tx, userId, roles, actorId);
        await recordAudit(tx, {
          actorId,
          action: 'base:staff:update',
          targetUserId: userId,
          reason: roles.join(',') || 'none',
        });
        return { status: 'done', member: presentMember(updated), request: null };
      }
      const [row] = await tx
        .insert(staffRequests)
        .values({
          kind: 'roles',
          targetUserId: userId,
          username: target.username,
          nickName: target.nickName,
          roles: [...new Set(roles)],
          makerId: actorId,
        })
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'base:staff:update-request',
        targetUserId: userId,
        reason: `#${row!.id} ${roles.join(',') || 'none'}`,
      });
      return { status: 'pending', member: null, request: present(row!) };
    });
    if (change.status === 'done') await endUserSessions(this.deps, userId, 'roles changed');
    return change;
  }

  /**
   * Asks to remove every second factor of an account that lost them all (never one's own): it takes effect when
   * another staff member approves (docs/security.md, "Losing every factor"). While a request for the account
   * waits, asking again answers that request. A staff account's reset is a staff change: the lone admin's
   * takes effect at once, as its other staff changes do.
   */
  async resetFactor(actorId: number, input: { userId: number; reason: string }): Promise<StaffChange> {
    if (actorId === input.userId) throw new AppError(ErrorCode.DutySeparation);
    const change = await this.db.transaction(async (tx): Promise<StaffChange> => {
      // The target's row lock makes two filings at once answer one request.
      const [target] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
      if (!target) throw new AppError(ErrorCode.MemberNotFound);
      const targetRoles = target.roles.filter(isStaffRole);
      if (targetRoles.length > 0 && (await this.loneAdmin(tx, actorId))) {
        const updated = await resetFactorsOf(tx, target.id, this.deps.clock.now());
        await recordAudit(tx, {
          actorId,
          action: effectAction.resetFactor,
          targetUserId: target.id,
          reason: input.reason,
        });
        return { status: 'done', member: presentMember(updated), request: null };
      }
      const [waiting] = await tx
        .select()
        .from(staffRequests)
        .where(
          and(
            eq(staffRequests.kind, 'resetFactor'),
            eq(staffRequests.status, 'pending'),
            eq(staffRequests.targetUserId, target.id),
          ),
        );
      if (waiting) return { status: 'pending', member: null, request: present(waiting) };
      const [row] = await tx
        .insert(staffRequests)
        .values({
          kind: 'resetFactor',
          targetUserId: target.id,
          username: target.username,
          nickName: target.nickName,
          roles: targetRoles,
          reason: input.reason,
          makerId: actorId,
        })
        .returning();
      await recordAudit(tx, {
        actorId,
        action: 'admin:user:resetFactor-request',
        targetUserId: target.id,
        reason: `#${row!.id} ${input.reason}`,
      });
      return { status: 'pending', member: null, request: present(row!) };
    });
    if (change.status === 'done') await endUserSessions(this.deps, input.userId, endsSessions.resetFactor!);
    return change;
  }

  /** Requests, newest first by default; `kinds` narrows them (support sees only second-factor resets). */
  async page(
    input: {
      page: number;
      size: number;
      status?: 'pending' | 'approved' | 'rejected' | undefined;
      order: 'asc' | 'desc';
    },
    kinds?: readonly StaffRequestKind[],
  ) {
    const conditions: SQL[] = [];
    if (input.status) conditions.push(eq(staffRequests.status, input.status));
    if (kinds) conditions.push(inArray(staffRequests.kind, [...kinds]));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(staffRequests)
        .where(where)
        .orderBy(input.order === 'asc' ? asc(staffRequests.id) : desc(staffRequests.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(staffRequests).where(where),
    ]);
    return {
      list: rows.map(present),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  /**
   * Approves (the change takes effect) or rejects a pending request; the checker must be independent and may
   * decide its kind (`assertMayDecide`). `kinds`: the kinds the calling endpoint decides (others are not found).
   */
  async decide(
    checkerId: number,
    id: number,
    decision: 'approve' | 'reject',
    note = '',
    kinds?: readonly StaffRequestKind[],
  ) {
    const row = await this.db.transaction(async (tx) => {
      const [r] = await tx.select().from(staffRequests).where(eq(staffRequests.id, id)).for('update');
      const kind = r?.kind as StaffRequestKind | undefined;
      if (!r || !kind || (kinds && !kinds.includes(kind))) throw new AppError(ErrorCode.StaffRequestNotFound);
      if (r.status !== 'pending') throw new AppError(ErrorCode.StaffRequestNotPending);
      let targetUserId = r.targetUserId;
      // Nobody decides a change of their own account, either way.
      if (checkerId === targetUserId) throw new AppError(ErrorCode.DutySeparation);
      await assertMayDecide(tx, r, checkerId);
      if (decision === 'approve') {
        await assertIndependentChecker(tx, { makerId: r.makerId, checkerId, targetUserId });
        const changed = await apply[kind](tx, r, this.deps.clock.now());
        targetUserId = changed.id;
        await recordAudit(tx, {
          actorId: checkerId,
          action: effectAction[kind],
          targetUserId,
          reason: `#${r.id} by #${r.makerId}: ${asked[kind](r)}`,
        });
      } else {
        await recordAudit(tx, {
          actorId: checkerId,
          action: 'base:staff:reject',
          targetUserId,
          reason: `#${r.id}: ${note}`,
        });
      }
      const [updated] = await tx
        .update(staffRequests)
        .set({
          status: decision === 'approve' ? 'approved' : 'rejected',
          checkerId,
          targetUserId,
          note,
          decideTime: new Date(),
        })
        .where(eq(staffRequests.id, id))
        .returning();
      return updated!;
    });
    const ended = endsSessions[row.kind as StaffRequestKind];
    if (decision === 'approve' && ended && row.targetUserId)
      await endUserSessions(this.deps, row.targetUserId, ended);
    return present(row);
  }
}
