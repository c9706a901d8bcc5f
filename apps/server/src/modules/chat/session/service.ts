import { type ChatSession, ErrorCode } from '@chatpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import type { Ports } from '../../../http/ports.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { users } from '../../user/index.ts';
import { serviceAccountId } from '../desk/account.ts';
import { assertNotBlocked } from '../friend/blocks.ts';
import { chatMembers } from '../tables.ts';
import { friendsAmong } from './membership.ts';
import { presentSession } from './presenter.ts';
import {
  findSingleSession,
  memberOf,
  openSingleSession,
  type SessionKind,
  type SessionViewRow,
  sessionById,
  sessionViewPage,
  sessionViewRow,
  sessionViewsOf,
} from './queries.ts';

export type SetChatAction = 'chat.delete' | 'notify.on' | 'notify.off' | 'chat.top' | 'chat.untop';

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly ports: Ports,
  ) {}

  /** My view of one session; a stranger gets "Session does not exist". */
  async view(userId: number, sessionId: number): Promise<ChatSession> {
    const [view] = await this.present(userId, [await sessionViewRow(this.db, userId, sessionId)]);
    return view!;
  }

  async page(userId: number, input: { page: number; size: number; sort: 'asc' | 'desc' }) {
    const { rows, total } = await sessionViewPage(this.db, userId, input);
    return {
      list: await this.present(userId, rows),
      pagination: { page: input.page, size: input.size, total },
    };
  }

  /** My views of these sessions (search results name their chats with them); others are left out. */
  async views(userId: number, sessionIds: number[]) {
    return this.present(userId, await sessionViewsOf(this.db, userId, sessionIds));
  }

  /** Session views, with the group and members of group sessions loaded in one go. */
  async present(userId: number, rows: SessionViewRow[]) {
    // Only the last messages' senders are looked up among my friends (their login name shows to friends only),
    // not my whole friend list: a member with a thousand friends pays for the page, not for the thousand.
    const senderIds = [...new Set(rows.flatMap((r) => (r.sender?.id == null ? [] : [r.sender.id])))];
    const [groups, friendIds] = await Promise.all([
      this.ports.groups.describe(
        this.db,
        rows.filter((r) => r.session.type === 'group').map((r) => r.session.id),
      ),
      friendsAmong(this.db, userId, senderIds),
    ]);
    const viewer = { id: userId, friendIds };
    return rows.map((r) => presentSession(r, viewer, groups.get(r.session.id)));
  }

  /** Opens the single session with an active member (one per pair, whoever opens it first). */
  async openSingle(userId: number, otherId: number, kind: SessionKind = 'friend') {
    if (otherId === userId) throw new AppError(ErrorCode.CannotChatSelf);
    const [other] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, otherId), eq(users.disabled, false)));
    if (!other) throw new AppError(ErrorCode.UserNotFound);
    const session = await this.db.transaction((tx) => openSingleSession(tx, userId, otherId, kind));
    return this.view(userId, session.id);
  }

  async create(
    userId: number,
    input: { type: 'single'; userId: number } | { type: 'group'; groupId: number },
  ) {
    if (input.type === 'group') {
      // A group session is opened by creating or joining the group; here a member just gets it back.
      const sessionId = await this.ports.groups.sessionOfMember(this.db, input.groupId, userId);
      if (sessionId === null) throw new AppError(ErrorCode.GroupNotFound);
      await this.db
        .update(chatMembers)
        .set({ isDelete: false })
        .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
      return this.view(userId, sessionId);
    }
    return this.openSingle(userId, input.userId);
  }

  async find(userId: number, otherId: number) {
    const session = await findSingleSession(this.db, userId, otherId);
    return session ? this.view(userId, session.id) : null;
  }

  /** The customer-service session with the first support account. */
  async checkService(userId: number) {
    const support = await serviceAccountId(this.db);
    if (support === null || support === userId) throw new AppError(ErrorCode.ServiceUnavailable);
    return this.openSingle(userId, support, 'service');
  }

  /**
   * Opens the session with a member by public member id: a trade counterparty (the market asked through
   * `Ports.trades`) or a friend; anyone else is NotFriends, so member ids cannot open chats with strangers.
   */
  async toMccId(userId: number, memberId: string) {
    const [other] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.memberId, memberId), eq(users.disabled, false)));
    if (!other) throw new AppError(ErrorCode.UserNotFound);
    await assertNotBlocked(this.db, userId, other.id);
    if (other.id !== userId && !(await this.ports.trades.traded(this.db, userId, other.id))) {
      if (!(await friendsAmong(this.db, userId, [other.id])).has(other.id)) {
        throw new AppError(ErrorCode.NotFriends);
      }
    }
    return this.openSingle(userId, other.id, 'mcc');
  }

  /** Per-member settings. chat.delete hides the session (read up to now) until a new message arrives. */
  async setChat(userId: number, sessionId: number, action: SetChatAction) {
    await memberOf(this.db, sessionId, userId);
    const session = await sessionById(this.db, sessionId);
    const changes = {
      'chat.delete': {
        isDelete: true,
        readSeq: sql`greatest(${chatMembers.readSeq}, ${session.lastSeq}::bigint)`,
      },
      'notify.on': { useNotify: true },
      'notify.off': { useNotify: false },
      'chat.top': { isTop: true },
      'chat.untop': { isTop: false },
    }[action];
    await this.db
      .update(chatMembers)
      .set(changes)
      .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
    if (action === 'chat.delete') {
      this.realtime.emitToUser(userId, 'onSessionDelete', { sessionId });
      this.realtime.emitToUser(userId, 'onUpdateUnread', { sessionId, unreadCount: 0 });
    }
    const view = await this.view(userId, sessionId);
    if (action !== 'chat.delete') this.emitSetting(userId, view);
    return view;
  }

  /**
   * My other devices show a pin or a mute at once: the settings as read after the update (not the action),
   * so a device that applies the last event it got shows what the server holds. A device that was away reads
   * them with the session list it reloads on every reconnect.
   */
  private emitSetting(userId: number, view: ChatSession) {
    this.realtime.emitToUser(userId, 'onSessionSetting', {
      sessionId: view.id,
      isTop: view.isTop,
      useNotify: view.useNotify,
    });
  }
}
