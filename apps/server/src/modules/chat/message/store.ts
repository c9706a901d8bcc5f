import { ErrorCode } from '@chatpay/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import type { GroupPort } from '../../../http/ports.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { assertNotBlocked } from '../friend/blocks.ts';
import { areFriends, memberOf, peerOf, sessionById } from '../session/queries.ts';
import { chatMembers } from '../tables.ts';
import { type MessageRow, presentMessage } from './presenter.ts';

export interface NewMessage {
  sessionId: number;
  senderId: number;
  clientMsgId: string;
  contentType: string;
  content: Record<string, unknown>;
  isAutoReply?: boolean;
}

/** A committed message and the members to deliver it to, with their read seq after the store. */
export interface StoredMessage {
  message: MessageRow;
  sessionType: string;
  /** `autoReply`: the member has an auto-reply on (undefined: not known, look it up). */
  members: { userId: number; readSeq: number; autoReply?: boolean }[];
}

/**
 * Stores one message in one statement (docs/design/chat-delivery.md "The send statement"): raises the
 * session's `last_seq` (the UPDATE takes the row lock, so seqs are assigned one at a time and roll back with
 * the statement or its transaction) and points `last_message_id` at the new row (its id is drawn from the
 * sequence under that lock: a row can be updated only once per statement), inserts the row, un-hides the
 * session for every member and moves the sender's read seq to it (not for an auto-reply: its owner has not
 * read what it answers). Outside a transaction the statement is atomic by itself.
 * The caller has checked that the sender may send.
 *
 * A single session's two member rows are all updated, and their RETURNING is the member read: an UPDATE
 * waits for the session lock (it joins `s`) and then sees each row as last committed, not as the statement's
 * snapshot had it, so a read seq moved by a send or a read that committed while this one waited is seen
 * (unread exact). The row lock order is the usual one: session row, then member rows. Each answer row is
 * the message with one member; a group's members (hundreds of rows, not rewritten per message) are read by
 * `MEMBERS_SQL` after it.
 */
const STORE_SQL = `
with s as (
  update chat_sessions
     set last_seq = last_seq + 1, last_chat_time = $3, update_time = $3,
         last_message_id = nextval('chat_messages_id_seq')
   where id = $1
  returning id, last_seq, last_message_id, type
), m as (
  insert into chat_messages (id, session_id, seq, sender_id, client_msg_id, content_type, content, is_auto_reply, create_time)
  select s.last_message_id, s.id, s.last_seq, $2, $4, $5, $6::jsonb, $7, $3 from s
  returning id, seq, recalled, change_seq
), u as (
  update chat_members cm
     set is_delete = false,
         read_seq = case when cm.user_id = $2 and not $7 then s.last_seq else cm.read_seq end,
         last_send_time = case when cm.user_id = $2 and not $7 then $3 else cm.last_send_time end
    from s
   where cm.session_id = s.id and (s.type = 'single' or cm.is_delete or (cm.user_id = $2 and not $7))
  returning cm.user_id, cm.read_seq
)
select m.id, m.seq, m.recalled, m.change_seq, s.type,
       u.user_id, u.read_seq, (ar.user_id is not null) as auto_reply
  from m cross join s
  left join u on s.type = 'single'
  left join chat_auto_replies ar on ar.user_id = u.user_id and ar.enabled`;

/**
 * A group's members to deliver to, read after the store in a statement of its own: a fresh snapshot, so read
 * seqs moved by sends or reads that committed while this send waited on the session lock are seen (unread
 * exact). `auto_reply`: the member has an auto-reply on, so only then does the auto-reply path query anything.
 */
const MEMBERS_SQL = `
select cm.user_id, cm.read_seq, (ar.user_id is not null) as auto_reply
  from chat_members cm
  left join chat_auto_replies ar on ar.user_id = cm.user_id and ar.enabled
 where cm.session_id = $1`;

type Row = Record<string, unknown>;

/**
 * A raw statement with positional parameters (`$1`…), split once; each run binds the values in a drizzle
 * `sql` chunk list (cheap: no query builder) and runs on the database or a transaction, on either engine
 * (both answer `{ rows }`).
 */
const rawStatement = (text: string) => {
  const parts = text.split(/\$(\d+)/);
  return async (exec: Executor, params: unknown[]): Promise<Row[]> => {
    const query = sql.empty();
    for (let i = 0; i < parts.length; i++) {
      if (i % 2 === 0) query.append(sql.raw(parts[i]!));
      else query.append(sql`${params[Number(parts[i]) - 1]}`);
    }
    const result = (await exec.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  };
};

const runStore = rawStatement(STORE_SQL);
const runMembers = rawStatement(MEMBERS_SQL);

const memberOfRow = (row: Row) => ({
  userId: Number(row.user_id),
  readSeq: Number(row.read_seq),
  autoReply: Boolean(row.auto_reply),
});

export const storeMessage = async (exec: Executor, input: NewMessage): Promise<StoredMessage> => {
  const now = new Date();
  const isAutoReply = input.isAutoReply ?? false;
  const rows = await runStore(exec, [
    input.sessionId,
    input.senderId,
    now,
    input.clientMsgId,
    input.contentType,
    JSON.stringify(input.content),
    isAutoReply,
  ]);
  const row = rows[0];
  if (!row) throw new AppError(ErrorCode.SessionNotFound);
  const message: MessageRow = {
    id: Number(row.id),
    sessionId: input.sessionId,
    seq: Number(row.seq),
    senderId: input.senderId,
    clientMsgId: input.clientMsgId,
    contentType: input.contentType,
    content: input.content,
    isAutoReply,
    recalled: Boolean(row.recalled),
    changeSeq: Number(row.change_seq),
    editTime: null,
    createTime: now,
  };
  const sessionType = String(row.type);
  const members =
    sessionType === 'single'
      ? rows.filter((r) => r.user_id !== null).map(memberOfRow)
      : (await runMembers(exec, [input.sessionId])).map(memberOfRow);
  return { message, sessionType, members };
};

/**
 * After the commit: the message to every member's sockets (the sender's other sockets too) in one adapter
 * broadcast (one Redis publish, whatever the member count), and the new unread count to everyone but the
 * sender. Counts differ per member, so members are grouped by count: one broadcast per distinct count (a
 * 1:1 chat: one; a busy group: about as many as messages its members have not read, not one per member).
 */
export const deliver = (realtime: Realtime, stored: StoredMessage) => {
  const { message } = stored;
  realtime.emitToUsers(
    stored.members.map((m) => m.userId),
    'message',
    presentMessage(message),
  );
  const byCount = new Map<number, number[]>();
  for (const member of stored.members) {
    if (member.userId === message.senderId) continue;
    const unreadCount = Math.max(0, message.seq - member.readSeq);
    const ids = byCount.get(unreadCount);
    if (ids) ids.push(member.userId);
    else byCount.set(unreadCount, [member.userId]);
  }
  for (const [unreadCount, userIds] of byCount) {
    realtime.emitToUsers(userIds, 'onUpdateUnread', { sessionId: message.sessionId, unreadCount });
  }
};

/**
 * A retried send of a stored message emits it again to every current member (only the message: counts were
 * sent the first time). The first delivery may have died with its process after the commit; clients drop
 * the copy they already hold by id, so a retry repairs a lost delivery and never shows a message twice.
 */
export const redeliver = async (exec: Executor, realtime: Realtime, message: MessageRow) => {
  const members = await exec
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.sessionId, message.sessionId));
  realtime.emitToUsers(
    members.map((m) => m.userId),
    'message',
    presentMessage(message),
  );
};

/**
 * Checks that `userId` may send in the session: a member, and in a `friend` single session still a friend of
 * the peer (a removed friend cannot send); in a group not muted, and the group not dissolved. Answers the session row.
 */
export const assertCanSend = async (tx: Executor, sessionId: number, userId: number, groups: GroupPort) => {
  await memberOf(tx, sessionId, userId);
  const session = await sessionById(tx, sessionId);
  if (session.type === 'single' && session.kind === 'friend') {
    const peer = await peerOf(tx, sessionId, userId);
    if (peer === null || !(await areFriends(tx, userId, peer))) throw new AppError(ErrorCode.NotFriends);
  }
  // A block either way stops 1:1 messages, except customer service and the chat of an order already open
  // (both sides must still be able to finish the trade; no new order starts between them).
  if (session.type === 'single' && session.kind !== 'service' && !session.pairKey?.startsWith('order:')) {
    const peer = await peerOf(tx, sessionId, userId);
    if (peer !== null) await assertNotBlocked(tx, userId, peer);
  }
  if (session.type === 'group') {
    // A muted member cannot send in the group; a dissolved group takes no messages (docs/product.md#groups).
    await groups.assertCanSend(tx, sessionId, userId);
  }
  return session;
};
