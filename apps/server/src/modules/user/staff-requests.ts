import {
  ErrorCode,
  Role,
  type StaffChange,
  type StaffRequestKind,
  type StaffRole,
  staffRoles,
} from '@chatpay/shared';
import { and, arrayContains, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { hashSecret } from './hashing.ts';
import { assertStrongPassword } from './password-policy.ts';
import { createUser, endUserSessions } from './service.ts';
import { presentMember, type SessionDeps } from './staff.ts';
import { staffRequests, users } from './tables.ts';

type RequestRow = typeof staffRequests.$inferSelect;
type UserRow = typeof users.$inferSelect;

const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);

const present = (r: RequestRow) => ({
  id: r.id,
  kind: r.kind as StaffRequestKind,
  targetUserId: r.targetUserId,
  username: r.username,
  nickName: r.nickName,
  roles: r.roles.filter(isStaffRole),
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

const findMember = async (exec: Executor, userId: number) => {
  const [row] = await exec.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.MemberNotFound);
  return row;
};

/** Sets an account's staff roles, keeping its member roles; a newly granted staff role records its promoter. */
const writeRoles = async (exec: Executor, userId: number, roles: readonly StaffRole[], promoter: number) => {
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

/** What an approved request of each kind does; a new kind of request adds its handler here. */
const apply: Record<StaffRequestKind, (tx: Executor, r: RequestRow) => Promise<UserRow>> = {
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
};

/** The audit action of a staff change taking effect, by kind. */
const effectAction: Record<StaffRequestKind, string> = { add: 'base:staff:add', roles: 'base:staff:update' };

/**
 * Maker-checker for staff changes (docs/security.md, "Staff requests"): adding a staff account and setting
 * roles file a request another admin decides, unless the caller is the install's only admin.
 */
export class StaffRequestService {
  constructor(private readonly deps: SessionDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Whether no other admin exists to check the caller (the lone-admin exception). */
  private async loneAdmin(exec: Executor, actorId: number) {
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

  async page(input: {
    page: number;
    size: number;
    status?: 'pending' | 'approved' | 'rejected' | undefined;
    order: 'asc' | 'desc';
  }) {
    const conditions: SQL[] = [];
    if (input.status) conditions.push(eq(staffRequests.status, input.status));
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

  /** Approves (the change takes effect) or rejects a pending request; the checker must be independent. */
  async decide(checkerId: number, id: number, decision: 'approve' | 'reject', note = '') {
    const row = await this.db.transaction(async (tx) => {
      const [r] = await tx.select().from(staffRequests).where(eq(staffRequests.id, id)).for('update');
      if (!r) throw new AppError(ErrorCode.StaffRequestNotFound);
      if (r.status !== 'pending') throw new AppError(ErrorCode.StaffRequestNotPending);
      let targetUserId = r.targetUserId;
      // Nobody decides a change of their own account, either way.
      if (checkerId === targetUserId) throw new AppError(ErrorCode.DutySeparation);
      if (decision === 'approve') {
        await assertIndependentChecker(tx, { makerId: r.makerId, checkerId, targetUserId });
        const changed = await apply[r.kind as StaffRequestKind](tx, r);
        targetUserId = changed.id;
        await recordAudit(tx, {
          actorId: checkerId,
          action: effectAction[r.kind as StaffRequestKind],
          targetUserId,
          reason: `#${r.id} by #${r.makerId}: ${r.roles.join(',') || 'none'}`,
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
    if (decision === 'approve' && row.kind === 'roles' && row.targetUserId)
      await endUserSessions(this.deps, row.targetUserId, 'roles changed');
    return present(row);
  }
}
