import { randomUUID } from 'node:crypto';
import { runPrepared, type Tx } from '../../../db/connection.ts';
import type { MessageRow } from '../message/presenter.ts';
import type { NewMessage, StoredMessage } from '../message/store.ts';
import type { SessionKind } from './queries.ts';

/** What a new session is: its type and kind, the pair or order it belongs to. */
export interface NewSession {
  type: 'single' | 'group';
  kind: SessionKind;
  pairKey?: string;
  trade?: { orderId: number; orderNo: string };
}

/** A message a session opens with: what `storeMessage` takes, less the session it does not have yet. */
export type FirstMessage = Omit<NewMessage, 'sessionId'>;

/** A system notice (order events, group changes) as a first message; `key` makes it idempotent per sender. */
export const noticeMessage = (input: {
  senderId: number;
  content: Record<string, unknown>;
  key?: string;
}): FirstMessage => ({
  senderId: input.senderId,
  clientMsgId: input.key ?? `notice:${randomUUID()}`,
  contentType: 'notice',
  content: input.content,
});

/**
 * A new session with its members and first messages, in one statement, however many members and messages
 * (an order chat opens with several). The messages get seqs 1…n in the order given and ids from
 * the messages' sequence in that order; the session row is written with its final `last_seq` and
 * `last_message_id`, because a statement cannot update a row it inserted. Each member's read seq is the last
 * message it sent (not an auto-reply: its owner has not read what it answers), as `storeMessage` would have
 * left it. The unique `(type, pair_key)` and `(sender_id, client_msg_id)` indexes still make a second
 * opening fail.
 *
 * Parameters: $1 type, $2 kind, $3 pair key, $4 trade (jsonb), $5 member ids, $6 messages (a jsonb array of
 * `{sender_id, client_msg_id, content_type, content, is_auto_reply}`), $7 the time.
 */
const OPEN_SQL = `
with msg as materialized (
  select m.seq, nextval('chat_messages_id_seq') as id, m.sender_id, m.client_msg_id, m.content_type,
         m.content, m.is_auto_reply
    from rows from (jsonb_to_recordset($6::jsonb)
           as (sender_id int, client_msg_id text, content_type text, content jsonb, is_auto_reply boolean))
         with ordinality as m(sender_id, client_msg_id, content_type, content, is_auto_reply, seq)
), session as (
  insert into chat_sessions (type, kind, pair_key, trade, last_seq, last_message_id, last_chat_time, create_time, update_time)
  select $1::text, $2::text, $3::text, $4::jsonb, coalesce(max(msg.seq), 0),
         (select id from msg order by seq desc limit 1),
         case when count(*) > 0 then $7::timestamptz end, $7::timestamptz, $7::timestamptz
    from msg
  returning id
), members as (
  insert into chat_members (session_id, user_id, read_seq, last_send_time, join_time)
  select s.id, u.user_id, coalesce(own.last_seq, 0), case when own.last_seq is not null then $7::timestamptz end,
         $7::timestamptz
    from session s
   cross join unnest($5::int[]) as u(user_id)
    left join lateral (
      select max(msg.seq) as last_seq from msg where msg.sender_id = u.user_id and not msg.is_auto_reply
    ) own on true
), stored as (
  insert into chat_messages (id, session_id, seq, sender_id, client_msg_id, content_type, content, is_auto_reply, create_time)
  select msg.id, s.id, msg.seq, msg.sender_id, msg.client_msg_id, msg.content_type, msg.content,
         msg.is_auto_reply, $7::timestamptz
    from msg cross join session s
)
select s.id as session_id, (select array_agg(msg.id order by msg.seq) from msg) as message_ids from session s`;

/** The statement's name for node-postgres (prepared once per connection). */
const OPEN_STATEMENT = 'chat_open_session_v1';

interface OpenRow {
  session_id: number;
  /** int8 from nextval: strings from node-postgres, numbers or bigints from PGlite. */
  message_ids: (string | number | bigint)[] | null;
}

/** Each member's read seq once `upTo` messages are stored: the last it sent itself (auto-replies aside). */
const readSeqs = (memberIds: number[], messages: FirstMessage[], upTo: number) =>
  memberIds.map((userId) => {
    let readSeq = 0;
    for (let seq = 1; seq <= upTo; seq++) {
      const m = messages[seq - 1]!;
      if (m.senderId === userId && !m.isAutoReply) readSeq = seq;
    }
    return { userId, readSeq };
  });

/**
 * Opens a session with its members and first messages (see OPEN_SQL); answers its id and the messages to
 * deliver after the commit, each with the members' read seqs as they were right after it was stored. Nobody
 * else sees the session before the commit, so these are exact without reading them back.
 */
export const openSessionWithMessages = async (
  tx: Tx,
  input: NewSession & { memberIds: number[]; messages: FirstMessage[] },
): Promise<{ sessionId: number; stored: StoredMessage[] }> => {
  const now = new Date();
  const { memberIds, messages } = input;
  const [row] = await runPrepared<OpenRow>(tx, OPEN_STATEMENT, OPEN_SQL, [
    input.type,
    input.kind,
    input.pairKey ?? null,
    input.trade ? JSON.stringify(input.trade) : null,
    memberIds,
    JSON.stringify(
      messages.map((m) => ({
        sender_id: m.senderId,
        client_msg_id: m.clientMsgId,
        content_type: m.contentType,
        content: m.content,
        is_auto_reply: m.isAutoReply ?? false,
      })),
    ),
    now.toISOString(),
  ]);
  const sessionId = Number(row!.session_id);
  const ids = (row!.message_ids ?? []).map(Number);
  const stored = messages.map((m, i): StoredMessage => {
    const message: MessageRow = {
      id: ids[i]!,
      sessionId,
      seq: i + 1,
      senderId: m.senderId,
      clientMsgId: m.clientMsgId,
      contentType: m.contentType,
      content: m.content,
      isAutoReply: m.isAutoReply ?? false,
      recalled: false,
      changeSeq: 0,
      createTime: now,
      editTime: null,
    };
    return { message, sessionType: input.type, members: readSeqs(memberIds, messages, i + 1) };
  });
  return { sessionId, stored };
};
