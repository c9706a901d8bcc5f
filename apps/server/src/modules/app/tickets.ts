import {
  ErrorCode,
  type Ticket,
  type TicketKind,
  type TicketStatus,
  type TicketTarget,
  type TicketTargetKind,
} from '@chatpay/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/connection.ts';
import type { Ports } from '../../http/ports.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import { dictionaryData } from '../dict/index.ts';
import { assertMayUseMedia } from '../uploads/index.ts';
import { users } from '../user/index.ts';
import { appTickets } from './tables.ts';

type TicketRow = typeof appTickets.$inferSelect;
type SubmitInput = {
  type: string;
  text: string;
  images: string[];
  contact: string;
  targetUserId?: number;
  targetKind?: TicketTargetKind;
  targetId?: number;
};

const dictOf: Record<TicketKind, string> = { complain: 'complainType', feedback: 'feedbackType' };

/** A row's target, when it names one (a member target written before kinds existed has only the user id). */
const targetOf = (row: TicketRow): TicketTarget | null => {
  if (row.targetKind && row.targetId !== null)
    return { kind: row.targetKind as TicketTargetKind, id: row.targetId };
  return row.targetUserId !== null ? { kind: 'member', id: row.targetUserId } : null;
};

const present = (row: TicketRow, labels: Labels): Ticket => ({
  id: row.id,
  type: row.type,
  text: row.text,
  images: row.images,
  contact: row.contact,
  targetUserId: row.targetUserId,
  target: withLabel(row, labels),
  status: row.status as TicketStatus,
  reply: row.reply,
  replyTime: row.replyTime?.toISOString() ?? null,
  createTime: row.createTime.toISOString(),
  updateTime: row.updateTime.toISOString(),
});

/** Complaints and feedback: one table, one service, `kind` apart. A member sees only their own. */
export class TicketService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly realtime: Realtime,
    private readonly ports: Ports,
  ) {}

  async submit(kind: TicketKind, userId: number, input: SubmitInput) {
    const types = (await dictionaryData(this.db, [dictOf[kind]]))[dictOf[kind]] ?? [];
    if (!types.some((t) => t.value === input.type)) throw new AppError(ErrorCode.InvalidTicketType);
    await assertMayUseMedia(this.db, this.config.PUBLIC_URL, userId, input.images);
    const target = await this.checkTarget(userId, input);
    const [row] = await this.db
      .insert(appTickets)
      .values({
        kind,
        userId,
        type: input.type,
        text: input.text,
        images: input.images,
        contact: input.contact,
        targetUserId: target?.kind === 'member' ? target.id : null,
        targetKind: target?.kind ?? null,
        targetId: target?.id ?? null,
      })
      .returning();
    return present(row!, await this.targetLabels(this.db, [row!]));
  }

  /**
   * The one target a complaint names, checked: a member who exists, or an order, group or moment the
   * complainer can see (its module's rule, through the port); anything else is that kind's "not found".
   */
  private async checkTarget(userId: number, input: SubmitInput): Promise<TicketTarget | null> {
    const named = input.targetKind !== undefined || input.targetId !== undefined;
    if (named && (input.targetKind === undefined || input.targetId === undefined)) {
      throw new AppError(ErrorCode.Validation, 'targetKind and targetId go together');
    }
    if (named && input.targetUserId !== undefined) {
      throw new AppError(ErrorCode.Validation, 'A complaint names one target');
    }
    const target: TicketTarget | null =
      input.targetKind !== undefined && input.targetId !== undefined
        ? { kind: input.targetKind, id: input.targetId }
        : input.targetUserId !== undefined
          ? { kind: 'member', id: input.targetUserId }
          : null;
    if (!target) return null;
    if (target.kind === 'member') {
      const [found] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, target.id));
      if (!found) throw new AppError(ErrorCode.UserNotFound);
    } else {
      await this.ports.ticketTargets[target.kind].assertVisible(this.db, userId, target.id);
    }
    return target;
  }

  async page(
    kind: TicketKind,
    userId: number | null,
    input: { page: number; size: number; status?: TicketStatus; order?: 'asc' | 'desc' },
  ) {
    const where = and(
      eq(appTickets.kind, kind),
      userId !== null ? eq(appTickets.userId, userId) : undefined,
      input.status ? eq(appTickets.status, input.status) : undefined,
    );
    const rows = await this.db
      .select({ ticket: appTickets, username: users.username, nickName: users.nickName })
      .from(appTickets)
      .innerJoin(users, eq(users.id, appTickets.userId))
      .where(where)
      .orderBy(input.order === 'asc' ? asc(appTickets.id) : desc(appTickets.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size);
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(appTickets).where(where);
    const labels = await this.targetLabels(
      this.db,
      rows.map((r) => r.ticket),
    );
    return {
      list: rows.map((r) => ({
        ...present(r.ticket, labels),
        userId: r.ticket.userId,
        username: r.username,
        nickName: r.nickName,
      })),
      pagination: { page: input.page, size: input.size, total: count?.n ?? 0 },
    };
  }

  /** Mine only: someone else's is "not found". */
  async info(kind: TicketKind, userId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(appTickets)
      .where(and(eq(appTickets.id, id), eq(appTickets.kind, kind), eq(appTickets.userId, userId)));
    if (!row) throw new AppError(ErrorCode.TicketNotFound);
    return present(row, await this.targetLabels(this.db, [row]));
  }

  /** Support answers and sets the status. */
  /**
   * Support answers and sets the status (audited); the member is told in their customer-service chat (a notice
   * naming the ticket, which the app shows in the reader's language) and reads the answer on the detail page.
   */
  async reply(kind: TicketKind, staffId: number, input: { id: number; reply: string; status: TicketStatus }) {
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(appTickets)
        .set({
          reply: input.reply,
          status: input.status,
          repliedBy: staffId,
          replyTime: now,
          updateTime: now,
        })
        .where(and(eq(appTickets.id, input.id), eq(appTickets.kind, kind)))
        .returning();
      if (!updated) throw new AppError(ErrorCode.TicketNotFound);
      await recordAudit(tx, {
        actorId: staffId,
        action: `app:${kind}:reply`,
        targetUserId: updated.userId,
        reason: `#${updated.id} ${input.status}: ${input.reply}`.slice(0, 200),
      });
      return updated;
    });
    await this.ports.accountNotices.notify(this.db, this.realtime, row.userId, {
      type: 'ticket.replied',
      kind,
      id: row.id,
      text: `Customer service answered your ${kind === 'complain' ? 'complaint' : 'feedback'} #${row.id}.`,
    });
    // The app's ticket page refreshes on it, and Web Push tells a member who is away (a notice does not push).
    this.realtime.emitToUser(row.userId, 'onTicketReply', {
      kind,
      id: row.id,
      status: row.status as TicketStatus,
    });
    const [user] = await this.db
      .select({ username: users.username, nickName: users.nickName })
      .from(users)
      .where(eq(users.id, row.userId));
    return {
      ...present(row, await this.targetLabels(this.db, [row])),
      userId: row.userId,
      username: user?.username ?? '',
      nickName: user?.nickName ?? '',
    };
  }

  /** What support sees of the rows' targets, by kind and id: members by nickname, the rest from their module. */
  private async targetLabels(exec: Executor, rows: TicketRow[]): Promise<Labels> {
    const ids = new Map<TicketTargetKind, number[]>();
    for (const target of rows.map(targetOf)) {
      if (target) ids.set(target.kind, [...(ids.get(target.kind) ?? []), target.id]);
    }
    const labels: Labels = new Map();
    for (const [kind, list] of ids) {
      if (kind === 'member') {
        const found = await exec
          .select({ id: users.id, nickName: users.nickName })
          .from(users)
          .where(inArray(users.id, list));
        labels.set(kind, new Map(found.map((u) => [u.id, u.nickName])));
      } else {
        labels.set(kind, await this.ports.ticketTargets[kind].describe(exec, list));
      }
    }
    return labels;
  }
}

type Labels = Map<TicketTargetKind, Map<number, string>>;

const withLabel = (row: TicketRow, labels: Labels) => {
  const target = targetOf(row);
  return target ? { ...target, label: labels.get(target.kind)?.get(target.id) ?? '' } : null;
};
