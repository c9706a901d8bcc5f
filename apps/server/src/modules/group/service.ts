import { randomInt } from 'node:crypto';
import { ErrorCode, GROUP_MAX_MEMBERS, GROUP_NAME_MAX, type GroupRole } from '@chatpay/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import {
  addSessionMembers,
  attachGroup,
  createSession,
  deliver,
  friendsAmong,
  lockSession,
  postNotice,
  removeSessionMembers,
  type StoredMessage,
} from '../chat/index.ts';
import { mutedNow } from './mute.ts';
import { presentGroup } from './presenter.ts';
import {
  type GroupRow,
  groupMemberRow,
  memberCount,
  membersOf,
  nickNamesOf,
  requireMembership,
} from './queries.ts';
import { chatGroupMembers, chatGroups } from './tables.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newGroupCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

type Me = { role: GroupRole; userId: number };
interface Notice {
  type: string;
  text: string;
  userIds?: number[];
  [key: string]: unknown;
}
/** What a change did, for the after-commit emits. */
interface Outcome {
  stored: StoredMessage[];
  removed: number[];
}

const isAdmin = (role: GroupRole) => role === 'owner' || role === 'manager';
const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Groups (docs/design/groups-moments.md). Every change runs in one transaction that locks the group row, checks
 * the caller's role as data, writes, and posts a notice through `storeMessage`; emits happen after the commit.
 */
export class GroupService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly clock: Clock,
  ) {}

  async info(userId: number, ref: { groupId?: number; sessionId?: number }) {
    let groupId = ref.groupId;
    if (groupId === undefined) {
      const [row] = await this.db
        .select({ id: chatGroups.id })
        .from(chatGroups)
        .where(eq(chatGroups.sessionId, ref.sessionId!));
      if (!row) throw new AppError(ErrorCode.GroupNotFound);
      groupId = row.id;
    }
    const { group, me } = await requireMembership(this.db, groupId, userId);
    const members = (await membersOf(this.db, [group.id])).get(group.id) ?? [];
    return presentGroup(group, members, me.role, this.clock.now());
  }

  /** My groups that still exist, newest first. */
  async list(userId: number) {
    const rows = await this.db
      .select({ group: chatGroups, role: chatGroupMembers.role })
      .from(chatGroupMembers)
      .innerJoin(chatGroups, eq(chatGroups.id, chatGroupMembers.groupId))
      .where(and(eq(chatGroupMembers.userId, userId), eq(chatGroups.dissolved, false)))
      .orderBy(desc(chatGroups.id));
    const members = await membersOf(
      this.db,
      rows.map((r) => r.group.id),
    );
    return rows.map((r) => {
      const { members: _m, ...info } = presentGroup(
        r.group,
        members.get(r.group.id) ?? [],
        r.role as GroupRole,
        this.clock.now(),
      );
      return info;
    });
  }

  async create(userId: number, input: { userIds: number[]; name?: string }) {
    const others = unique(input.userIds).filter((id) => id !== userId);
    if (others.length < 2) throw new AppError(ErrorCode.GroupTooSmall);
    if (others.length + 1 > GROUP_MAX_MEMBERS) throw new AppError(ErrorCode.GroupFull);
    const { groupId, outcome } = await this.db.transaction(async (tx) => {
      await this.assertFriends(tx, userId, others);
      const names = await nickNamesOf(tx, [userId, ...others]);
      const name = input.name || this.defaultName([userId, ...others].map((id) => names.get(id) ?? ''));
      const sessionId = await createSession(tx, { type: 'group', kind: 'group' });
      const [group] = await tx
        .insert(chatGroups)
        .values({ sessionId, name, ownerId: userId, code: newGroupCode() })
        .returning();
      await attachGroup(tx, sessionId, group!.id);
      await this.addMembers(tx, group!, 0, [userId, ...others], userId);
      const text = `${names.get(userId)} created the group and invited ${others.map((id) => names.get(id)).join(', ')}`;
      const stored = await this.notice(tx, group!, userId, { type: 'group.create', text, userIds: others });
      return { groupId: group!.id, outcome: { stored: [stored], removed: [] } };
    });
    this.emit(outcome);
    return this.info(userId, { groupId });
  }

  async invite(userId: number, groupId: number, userIds: number[]) {
    return this.change(userId, groupId, async (tx, group, me) => {
      this.requireAdmin(me);
      const wanted = unique(userIds).filter((id) => id !== userId);
      await this.assertFriends(tx, userId, wanted);
      const existing = await tx
        .select({ userId: chatGroupMembers.userId })
        .from(chatGroupMembers)
        .where(and(eq(chatGroupMembers.groupId, groupId), inArray(chatGroupMembers.userId, wanted)));
      const inGroup = new Set(existing.map((r) => r.userId));
      const fresh = wanted.filter((id) => !inGroup.has(id));
      if (fresh.length === 0) return [];
      if ((await memberCount(tx, groupId)) + fresh.length > GROUP_MAX_MEMBERS) {
        throw new AppError(ErrorCode.GroupFull);
      }
      await this.addMembers(tx, group, await this.lockSession(tx, group), fresh, userId);
      const names = await nickNamesOf(tx, [userId, ...fresh]);
      const text = `${names.get(userId)} invited ${fresh.map((id) => names.get(id)).join(', ')} to the group`;
      return [{ type: 'group.invite', text, userIds: fresh }];
    });
  }

  async remove(userId: number, groupId: number, userIds: number[]) {
    const removed: number[] = [];
    const info = await this.change(
      userId,
      groupId,
      async (tx, group, me) => {
        this.requireAdmin(me);
        const targets = unique(userIds);
        for (const target of targets) {
          const row = await this.target(tx, groupId, userId, target);
          if (row.role === 'owner' || (me.role === 'manager' && row.role === 'manager')) {
            throw new AppError(ErrorCode.Forbidden);
          }
        }
        await this.lockSession(tx, group);
        await this.deleteMembers(tx, group, targets);
        // A removed member still has the QR code: a new one keeps them from walking straight back in.
        // (Unique: a collision of the 32^8 codes fails this removal, which the caller may retry.)
        await tx.update(chatGroups).set({ code: newGroupCode() }).where(eq(chatGroups.id, group.id));
        removed.push(...targets);
        const names = await nickNamesOf(tx, [userId, ...targets]);
        const text = `${names.get(userId)} removed ${targets.map((id) => names.get(id)).join(', ')} from the group`;
        return [{ type: 'group.remove', text, userIds: targets }];
      },
      removed,
    );
    return info;
  }

  async quit(userId: number, groupId: number) {
    const outcome = await this.db.transaction(async (tx) => {
      const { group, me } = await requireMembership(tx, groupId, userId, true);
      if (group.dissolved) throw new AppError(ErrorCode.GroupDissolved);
      if (me.role === 'owner') throw new AppError(ErrorCode.OwnerCannotQuit);
      await this.lockSession(tx, group);
      await this.deleteMembers(tx, group, [userId]);
      const names = await nickNamesOf(tx, [userId]);
      const stored = await this.notice(tx, group, userId, {
        type: 'group.quit',
        text: `${names.get(userId)} left the group`,
        userIds: [userId],
      });
      return { stored: [stored], removed: [userId] };
    });
    this.emit(outcome);
    return { ok: true as const };
  }

  /** Owner only. Members keep the session (marked dissolved) and its history; nobody can send any more. */
  async dissolve(userId: number, groupId: number) {
    const outcome = await this.db.transaction(async (tx) => {
      const { group, me } = await requireMembership(tx, groupId, userId, true);
      if (group.dissolved) throw new AppError(ErrorCode.GroupDissolved);
      if (me.role !== 'owner') throw new AppError(ErrorCode.Forbidden);
      const names = await nickNamesOf(tx, [userId]);
      const stored = await this.notice(tx, group, userId, {
        type: 'group.dissolve',
        text: `${names.get(userId)} dissolved the group`,
      });
      await tx
        .update(chatGroups)
        .set({ dissolved: true, updateTime: new Date() })
        .where(eq(chatGroups.id, groupId));
      return { stored: [stored], removed: [] };
    });
    this.emit(outcome);
    return { ok: true as const };
  }

  /** Joins from the group QR code; already a member → just the group. */
  async addByCode(userId: number, code: string) {
    const [group] = await this.db.select().from(chatGroups).where(eq(chatGroups.code, code));
    if (!group) throw new AppError(ErrorCode.InvalidGroupCode);
    if (group.dissolved) throw new AppError(ErrorCode.GroupDissolved);
    const outcome = await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(chatGroups).where(eq(chatGroups.id, group.id)).for('update');
      if (locked!.dissolved) throw new AppError(ErrorCode.GroupDissolved);
      if (await groupMemberRow(tx, group.id, userId)) return { stored: [], removed: [] };
      if ((await memberCount(tx, group.id)) + 1 > GROUP_MAX_MEMBERS) throw new AppError(ErrorCode.GroupFull);
      await this.addMembers(tx, locked!, await this.lockSession(tx, locked!), [userId], null);
      const names = await nickNamesOf(tx, [userId]);
      const stored = await this.notice(tx, locked!, userId, {
        type: 'group.join',
        text: `${names.get(userId)} joined the group via QR code`,
        userIds: [userId],
      });
      return { stored: [stored], removed: [] };
    });
    this.emit(outcome);
    return this.info(userId, { groupId: group.id });
  }

  setManager(userId: number, groupId: number, targetId: number, manager: boolean) {
    return this.change(userId, groupId, async (tx, _group, me) => {
      if (me.role !== 'owner') throw new AppError(ErrorCode.Forbidden);
      const row = await this.target(tx, groupId, userId, targetId);
      const role = manager ? 'manager' : 'member';
      if (row.role === role) return [];
      await this.setMember(tx, groupId, targetId, { role });
      const names = await nickNamesOf(tx, [userId, targetId]);
      const [a, b] = [names.get(userId), names.get(targetId)];
      return [
        manager
          ? { type: 'group.manager', text: `${a} made ${b} a manager`, userIds: [targetId] }
          : { type: 'group.unmanager', text: `${a} removed ${b} as a manager`, userIds: [targetId] },
      ];
    });
  }

  /**
   * Owner or manager; nobody mutes the owner and a manager cannot mute another manager. With `minutes` the
   * mute ends by itself then (muting again sets a new end); without, it lasts until unmuted.
   */
  setMuted(userId: number, groupId: number, targetId: number, muted: boolean, minutes?: number) {
    return this.change(userId, groupId, async (tx, _group, me) => {
      this.requireAdmin(me);
      const row = await this.target(tx, groupId, userId, targetId);
      if (row.role === 'owner' || (me.role === 'manager' && row.role === 'manager')) {
        throw new AppError(ErrorCode.Forbidden);
      }
      const now = this.clock.now();
      const until = muted && minutes ? new Date(now.getTime() + minutes * 60_000) : null;
      // Unmuting someone whose timed mute already ended changes nothing anyone sees.
      if (!muted && !mutedNow(row, now)) {
        if (row.isMuted) await this.setMember(tx, groupId, targetId, { isMuted: false, mutedUntil: null });
        return [];
      }
      if (muted && mutedNow(row, now) && row.mutedUntil?.getTime() === until?.getTime()) return [];
      await this.setMember(tx, groupId, targetId, { isMuted: muted, mutedUntil: until });
      const names = await nickNamesOf(tx, [userId, targetId]);
      const [a, b] = [names.get(userId), names.get(targetId)];
      if (!muted) return [{ type: 'group.unmute', text: `${a} unmuted ${b}`, userIds: [targetId] }];
      return [
        minutes
          ? {
              type: 'group.muteFor',
              text: `${a} muted ${b} for ${minutes} minutes`,
              userIds: [targetId],
              minutes,
            }
          : { type: 'group.mute', text: `${a} muted ${b}`, userIds: [targetId] },
      ];
    });
  }

  /** "Mute all" (owner or manager): while on, only the owner and managers send. */
  setMuteAll(userId: number, groupId: number, on: boolean) {
    return this.change(userId, groupId, async (tx, group, me) => {
      this.requireAdmin(me);
      if (group.muteAll === on) return [];
      await tx
        .update(chatGroups)
        .set({ muteAll: on, updateTime: new Date() })
        .where(eq(chatGroups.id, groupId));
      const names = await nickNamesOf(tx, [userId]);
      const a = names.get(userId);
      return [
        on
          ? { type: 'group.muteAll', text: `${a} turned on mute all` }
          : { type: 'group.unmuteAll', text: `${a} turned off mute all` },
      ];
    });
  }

  update(userId: number, groupId: number, input: { name?: string; announcement?: string }) {
    return this.change(userId, groupId, async (tx, group, me) => {
      this.requireAdmin(me);
      if (input.name !== undefined && input.name.trim() === '') throw new AppError(ErrorCode.ContentEmpty);
      const notices: Notice[] = [];
      const names = await nickNamesOf(tx, [userId]);
      const set: Partial<GroupRow> = { updateTime: new Date() };
      if (input.name !== undefined && input.name !== group.name) {
        set.name = input.name;
        notices.push({
          type: 'group.name',
          text: `${names.get(userId)} changed the group name to "${input.name}"`,
          name: input.name,
        });
      }
      if (input.announcement !== undefined && input.announcement !== group.announcement) {
        set.announcement = input.announcement;
        notices.push({
          type: 'group.announcement',
          text: `${names.get(userId)} updated the group announcement`,
          announcement: input.announcement,
        });
      }
      await tx.update(chatGroups).set(set).where(eq(chatGroups.id, groupId));
      return notices;
    });
  }

  transferOwner(userId: number, groupId: number, targetId: number) {
    return this.change(userId, groupId, async (tx, _group, me) => {
      if (me.role !== 'owner') throw new AppError(ErrorCode.Forbidden);
      await this.target(tx, groupId, userId, targetId);
      await this.setMember(tx, groupId, targetId, { role: 'owner', isMuted: false, mutedUntil: null });
      await this.setMember(tx, groupId, userId, { role: 'member' });
      await tx
        .update(chatGroups)
        .set({ ownerId: targetId, updateTime: new Date() })
        .where(eq(chatGroups.id, groupId));
      const names = await nickNamesOf(tx, [userId, targetId]);
      const text = `${names.get(userId)} transferred the group ownership to ${names.get(targetId)}`;
      return [{ type: 'group.owner', text, userIds: [targetId] }];
    });
  }

  /** My name in the group; no notice (as WeChat). */
  setNote(userId: number, groupId: number, note: string) {
    return this.change(userId, groupId, async (tx) => {
      await this.setMember(tx, groupId, userId, { note });
      return [];
    });
  }

  // ---- helpers --------------------------------------------------------------------------------------

  /**
   * Runs one change of a live group in a transaction (group row locked, caller a member), posts the notices
   * it answers, emits after the commit and answers the group as the caller now sees it.
   */
  private async change(
    userId: number,
    groupId: number,
    fn: (tx: Tx, group: GroupRow, me: Me) => Promise<Notice[]>,
    removed: number[] = [],
  ) {
    const outcome: Outcome = await this.db.transaction(async (tx) => {
      const { group, me } = await requireMembership(tx, groupId, userId, true);
      if (group.dissolved) throw new AppError(ErrorCode.GroupDissolved);
      const notices = await fn(tx, group, me);
      const stored: StoredMessage[] = [];
      for (const n of notices) stored.push(await this.notice(tx, group, userId, n));
      return { stored, removed };
    });
    this.emit(outcome);
    return this.info(userId, { groupId });
  }

  private requireAdmin(me: Me) {
    if (!isAdmin(me.role)) throw new AppError(ErrorCode.Forbidden);
  }

  /** Another member of the group, to act on. */
  private async target(tx: Tx, groupId: number, userId: number, targetId: number) {
    if (targetId === userId) throw new AppError(ErrorCode.CannotActOnSelf);
    const row = await groupMemberRow(tx, groupId, targetId);
    if (!row) throw new AppError(ErrorCode.NotGroupMember);
    return row;
  }

  private async setMember(
    tx: Tx,
    groupId: number,
    userId: number,
    set: Partial<Pick<typeof chatGroupMembers.$inferInsert, 'role' | 'isMuted' | 'mutedUntil' | 'note'>>,
  ) {
    await tx
      .update(chatGroupMembers)
      .set(set)
      .where(and(eq(chatGroupMembers.groupId, groupId), eq(chatGroupMembers.userId, userId)));
  }

  private async assertFriends(tx: Tx, userId: number, ids: number[]) {
    const found = await friendsAmong(tx, userId, ids);
    if (found.size !== ids.length) throw new AppError(ErrorCode.NotFriends);
  }

  /** Takes the session row lock (after the group row) and answers its last seq. */
  private lockSession(tx: Tx, group: GroupRow) {
    return lockSession(tx, group.sessionId);
  }

  /** New members see nothing from before they joined (cleared and read up to the current seq). */
  private async addMembers(tx: Tx, group: GroupRow, lastSeq: number, ids: number[], ownerId: number | null) {
    await addSessionMembers(tx, group.sessionId, ids, lastSeq);
    await tx
      .insert(chatGroupMembers)
      .values(ids.map((id) => ({ groupId: group.id, userId: id, role: id === ownerId ? 'owner' : 'member' })))
      .onConflictDoNothing();
  }

  private async deleteMembers(tx: Tx, group: GroupRow, ids: number[]) {
    await tx
      .delete(chatGroupMembers)
      .where(and(eq(chatGroupMembers.groupId, group.id), inArray(chatGroupMembers.userId, ids)));
    await removeSessionMembers(tx, group.sessionId, ids);
  }

  /**
   * Posts a group notice. It carries the names of the people it is about as they were then, so a reader shows
   * it in their own language even after those members have left the group.
   */
  private async notice(tx: Tx, group: GroupRow, actorId: number, notice: Notice) {
    const ids = unique([actorId, ...(notice.userIds ?? [])]);
    const names = Object.fromEntries(await nickNamesOf(tx, ids));
    return postNotice(tx, {
      sessionId: group.sessionId,
      senderId: actorId,
      content: { ...notice, operatorId: actorId, groupId: group.id, names },
    });
  }

  private emit(outcome: Outcome) {
    for (const s of outcome.stored) deliver(this.realtime, s);
    for (const sessionId of new Set(outcome.stored.map((s) => s.message.sessionId))) {
      for (const userId of outcome.removed)
        this.realtime.emitToUser(userId, 'onSessionDelete', { sessionId });
    }
  }

  private defaultName(names: string[]) {
    const joined = names.filter(Boolean).slice(0, 4).join(', ');
    return joined.length > GROUP_NAME_MAX
      ? `${joined.slice(0, GROUP_NAME_MAX - 1)}…`
      : joined || 'Group chat';
  }
}
