import { ErrorCode, type Moment, type MomentNewsPayload } from '@chatpay/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { friendIdsOf } from '../chat/index.ts';
import { assertMayUseMedia } from '../uploads/index.ts';
import { users } from '../user/index.ts';
import { momentComments, momentLikes, moments } from './tables.ts';

type MomentRow = typeof moments.$inferSelect;
type Video = { url: string; poster?: string; duration?: number };

/** The moment if the viewer may see it (author or the author's friend); else MomentNotFound. */
export const visibleMoment = async (exec: Executor, viewer: number, id: number) => {
  const [row] = await exec.select().from(moments).where(eq(moments.id, id));
  if (!row) throw new AppError(ErrorCode.MomentNotFound);
  if (row.userId !== viewer && !(await friendIdsOf(exec, viewer)).has(row.userId)) {
    throw new AppError(ErrorCode.MomentNotFound);
  }
  return row;
};

/**
 * Moments: a friends-only feed (docs/design/groups-moments.md). A moment is visible to its author and the
 * author's friends; its likes and comments are shown to a viewer only when written by the viewer, the author or
 * a friend of the viewer (WeChat's rule). Anything invisible is "not found".
 */
export class MomentsService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly realtime: Realtime,
  ) {}

  /** Tells these members what `actorId` did (after the write; a member never hears of their own doing). */
  private async tell(userIds: Iterable<number>, news: Omit<MomentNewsPayload, 'avatar'>) {
    const to = [...new Set(userIds)].filter((id) => id !== news.userId);
    if (to.length === 0) return;
    const [actor] = await this.db
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, news.userId));
    const payload = { ...news, avatar: actor?.avatar ?? '' };
    for (const userId of to) this.realtime.emitToUser(userId, 'moment', payload);
  }

  async post(userId: number, input: { text: string; images: string[]; video?: Video }) {
    if (!input.text && input.images.length === 0 && !input.video) throw new AppError(ErrorCode.ContentEmpty);
    if (input.images.length > 0 && input.video) throw new AppError(ErrorCode.MomentMediaMixed);
    const urls = [...input.images, input.video?.url, input.video?.poster].filter((u): u is string => !!u);
    await assertMayUseMedia(this.db, this.config.PUBLIC_URL, userId, urls);
    const [row] = await this.db
      .insert(moments)
      .values({ userId, text: input.text, images: input.images, video: input.video ?? null })
      .returning();
    // Every friend may see it: their Discovery tab shows a new post.
    await this.tell(await friendIdsOf(this.db, userId), { kind: 'post', momentId: row!.id, userId });
    return this.detail(userId, row!.id);
  }

  async page(viewer: number, input: { page: number; size: number; userId?: number }) {
    const friendSet = await friendIdsOf(this.db, viewer);
    const everyone = [viewer, ...friendSet];
    const authors =
      input.userId === undefined ? everyone : everyone.includes(input.userId) ? [input.userId] : [];
    if (authors.length === 0)
      return { list: [], pagination: { page: input.page, size: input.size, total: 0 } };
    const where = inArray(moments.userId, authors);
    const rows = await this.db
      .select()
      .from(moments)
      .where(where)
      .orderBy(desc(moments.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size);
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(moments).where(where);
    return {
      list: await this.present(this.db, viewer, rows, friendSet),
      pagination: { page: input.page, size: input.size, total: count?.n ?? 0 },
    };
  }

  async detail(viewer: number, id: number) {
    const row = await visibleMoment(this.db, viewer, id);
    const [view] = await this.present(this.db, viewer, [row], await friendIdsOf(this.db, viewer));
    return view!;
  }

  async remove(viewer: number, id: number) {
    const row = await visibleMoment(this.db, viewer, id);
    if (row.userId !== viewer) throw new AppError(ErrorCode.Forbidden);
    await this.db.delete(moments).where(eq(moments.id, id));
    return { ok: true as const };
  }

  async like(viewer: number, id: number, liked: boolean) {
    const moment = await visibleMoment(this.db, viewer, id);
    if (liked) {
      const added = await this.db
        .insert(momentLikes)
        .values({ momentId: id, userId: viewer })
        .onConflictDoNothing()
        .returning({ id: momentLikes.momentId });
      // A like the author did not hear of yet (liking again is no news).
      if (added.length > 0) await this.tell([moment.userId], { kind: 'like', momentId: id, userId: viewer });
    } else
      await this.db
        .delete(momentLikes)
        .where(and(eq(momentLikes.momentId, id), eq(momentLikes.userId, viewer)));
    return this.detail(viewer, id);
  }

  async comment(viewer: number, input: { id: number; text: string; replyToId?: number }) {
    const moment = await visibleMoment(this.db, viewer, input.id);
    let replyToUserId: number | null = null;
    if (input.replyToId !== undefined) {
      const [target] = await this.db
        .select()
        .from(momentComments)
        .where(and(eq(momentComments.id, input.replyToId), eq(momentComments.momentId, input.id)));
      if (!target) throw new AppError(ErrorCode.CommentNotFound);
      replyToUserId = target.userId;
    }
    await this.db.insert(momentComments).values({
      momentId: input.id,
      userId: viewer,
      text: input.text,
      replyToId: input.replyToId ?? null,
      replyToUserId,
    });
    // The author hears of every comment; the member replied to only when they may see it (a friend of mine).
    const told = [moment.userId];
    if (replyToUserId !== null && (await friendIdsOf(this.db, viewer)).has(replyToUserId))
      told.push(replyToUserId);
    await this.tell(told, { kind: 'comment', momentId: input.id, userId: viewer });
    return this.detail(viewer, input.id);
  }

  /** My comment, or any comment on my moment. */
  async deleteComment(viewer: number, commentId: number) {
    const [comment] = await this.db.select().from(momentComments).where(eq(momentComments.id, commentId));
    if (!comment) throw new AppError(ErrorCode.CommentNotFound);
    const moment = await visibleMoment(this.db, viewer, comment.momentId).catch(() => {
      throw new AppError(ErrorCode.CommentNotFound);
    });
    if (comment.userId !== viewer && moment.userId !== viewer) throw new AppError(ErrorCode.Forbidden);
    await this.db.delete(momentComments).where(eq(momentComments.id, commentId));
    return { ok: true as const };
  }

  private async present(
    exec: Executor,
    viewer: number,
    rows: MomentRow[],
    friendSet: Set<number>,
  ): Promise<Moment[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const likes = await exec
      .select({ momentId: momentLikes.momentId, userId: momentLikes.userId })
      .from(momentLikes)
      .where(inArray(momentLikes.momentId, ids))
      .orderBy(asc(momentLikes.createTime), asc(momentLikes.userId));
    const comments = await exec
      .select()
      .from(momentComments)
      .where(inArray(momentComments.momentId, ids))
      .orderBy(asc(momentComments.id));
    const people = new Set<number>([
      ...rows.map((r) => r.userId),
      ...likes.map((l) => l.userId),
      ...comments.flatMap((c) => (c.replyToUserId ? [c.userId, c.replyToUserId] : [c.userId])),
    ]);
    const userRows = await exec
      .select({ id: users.id, nickName: users.nickName, avatar: users.avatar })
      .from(users)
      .where(inArray(users.id, [...people]));
    const byId = new Map(userRows.map((u) => [u.id, u]));
    const nick = (id: number) => byId.get(id)?.nickName ?? '';
    const avatar = (id: number) => byId.get(id)?.avatar ?? '';
    return rows.map((m) => {
      const sees = (uid: number) => uid === viewer || uid === m.userId || friendSet.has(uid);
      const myLikes = likes.filter((l) => l.momentId === m.id);
      return {
        id: m.id,
        userId: m.userId,
        nickName: nick(m.userId),
        avatar: avatar(m.userId),
        text: m.text,
        images: m.images,
        video: m.video ?? null,
        createTime: m.createTime.toISOString(),
        isMine: m.userId === viewer,
        liked: myLikes.some((l) => l.userId === viewer),
        likes: myLikes
          .filter((l) => sees(l.userId))
          .map((l) => ({ userId: l.userId, nickName: nick(l.userId), avatar: avatar(l.userId) })),
        comments: comments
          .filter((c) => c.momentId === m.id && sees(c.userId))
          .map((c) => ({
            id: c.id,
            userId: c.userId,
            nickName: nick(c.userId),
            avatar: avatar(c.userId),
            text: c.text,
            replyToId: c.replyToId,
            replyToUserId: c.replyToUserId,
            replyToNickName: c.replyToUserId ? nick(c.replyToUserId) : null,
            createTime: c.createTime.toISOString(),
          })),
      };
    });
  }
}
