/**
 * The data of `bench:scale`, written straight into the database with SQL (`generate_series`): filling a million
 * messages through the API would take longer than the whole benchmark. Rows are shaped as the send path
 * stores them (gapless seqs from 1, `last_seq` and `last_message_id` on the session, one member row per member)
 * so the server reads them as it reads its own.
 */
import type pg from 'pg';

/** A single session of `a` and `b` (friends both ways), with no messages yet; answers its id. */
export const openPair = async (client: pg.Client, a: number, b: number, minutesAgo = 0) => {
  await client.query(
    `INSERT INTO friends (user_id, friend_id) VALUES ($1, $2), ($2, $1) ON CONFLICT DO NOTHING`,
    [a, b],
  );
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO chat_sessions (type, kind, pair_key, last_chat_time, update_time)
     VALUES ('single', 'friend', $1, now() - make_interval(mins => $2::int), now() - make_interval(mins => $2::int))
     RETURNING id`,
    [a < b ? `${a}:${b}` : `${b}:${a}`, minutesAgo],
  );
  const id = rows[0]!.id;
  await client.query(`INSERT INTO chat_members (session_id, user_id) VALUES ($1, $2), ($1, $3)`, [id, a, b]);
  return id;
};

/**
 * `count` text messages in a session, alternately from `a` and `b`, seqs 1..count, in batches (so a million
 * rows do not make one huge transaction); the session's last seq and last message follow. A few messages
 * carry `keyword` (search finds them).
 */
export const fillMessages = async (
  client: pg.Client,
  opts: { sessionId: number; a: number; b: number; count: number; keyword: string },
  progress: (done: number) => void = () => {},
) => {
  const batch = 100_000;
  for (let from = 1; from <= opts.count; from += batch) {
    const to = Math.min(opts.count, from + batch - 1);
    await client.query(
      `INSERT INTO chat_messages (session_id, seq, sender_id, client_msg_id, content_type, content, create_time)
       SELECT $1::int, g, CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, 'seed:' || $1::int || ':' || g,
              'text',
              jsonb_build_object('text', CASE WHEN g % $6::int = 0 THEN 'about ' || $7::text || ' number ' || g
                                              ELSE 'message number ' || g || ' of the bench' END),
              now() - make_interval(secs => $5::int - g)
       FROM generate_series($4::int, $5::int) g`,
      [opts.sessionId, opts.a, opts.b, from, to, Math.max(1, Math.floor(opts.count / 5)), opts.keyword],
    );
    progress(to);
  }
  await client.query(
    `UPDATE chat_sessions s SET last_seq = $2::int, last_chat_time = now(), update_time = now(),
       last_message_id = (SELECT id FROM chat_messages m WHERE m.session_id = s.id AND m.seq = $2::int)
     WHERE s.id = $1`,
    [opts.sessionId, opts.count],
  );
};

/**
 * What a long-lived chat has beside its messages, for `reader`: `recalls` messages recalled (the session's
 * change seq moves one per recall), `removals` messages deleted for the reader (one member change seq per ten),
 * spread evenly over the history, and the reader's read seq `unread` below the last.
 */
export const ageSession = async (
  client: pg.Client,
  opts: {
    sessionId: number;
    reader: number;
    count: number;
    recalls: number;
    removals: number;
    unread: number;
  },
) => {
  const recallEvery = Math.floor(opts.count / opts.recalls);
  await client.query(
    `UPDATE chat_messages SET content_type = 'notice', recalled = true, change_seq = seq / $2::int + 1,
       content = jsonb_build_object('type', 'recall', 'text', 'A message was recalled', 'senderId', sender_id)
     WHERE session_id = $1 AND seq % $2 = 3 AND seq / $2 < $3`,
    [opts.sessionId, recallEvery, opts.recalls],
  );
  await client.query(`UPDATE chat_sessions SET change_seq = $2 WHERE id = $1`, [
    opts.sessionId,
    opts.recalls,
  ]);
  const removeEvery = Math.floor(opts.count / opts.removals);
  const { rows } = await client.query<{ n: number }>(
    `WITH picked AS (
       SELECT id, row_number() OVER (ORDER BY seq) AS k FROM chat_messages
       WHERE session_id = $1 AND seq % $3::int = 5 AND NOT recalled LIMIT $4::int)
     INSERT INTO chat_message_removals (user_id, message_id, change_seq)
     SELECT $2::int, id, (k + 9) / 10 FROM picked
     RETURNING change_seq AS n`,
    [opts.sessionId, opts.reader, removeEvery, opts.removals],
  );
  const mine = Math.max(0, ...rows.map((r) => Number(r.n)));
  await client.query(
    `UPDATE chat_members SET change_seq = $3, read_seq = $4 WHERE session_id = $1 AND user_id = $2`,
    [opts.sessionId, opts.reader, mine, opts.count - opts.unread],
  );
};

/**
 * One member's session list: a single session with each of `peers` (friends), `messages` messages each, the
 * newest chat first in peer order. Every 3rd is unread (read seq 1), every 50th pinned, every 20th hidden
 * (`chat.delete`).
 */
export const fillSessionList = async (
  client: pg.Client,
  owner: number,
  peers: number[],
  messages: number,
) => {
  await client.query(
    `INSERT INTO friends (user_id, friend_id)
     SELECT $1::int, p FROM unnest($2::int[]) p UNION ALL SELECT p, $1::int FROM unnest($2::int[]) p
     ON CONFLICT DO NOTHING`,
    [owner, peers],
  );
  await client.query(
    `CREATE TEMP TABLE bench_list AS
     SELECT p AS peer, i::int AS i FROM unnest($1::int[]) WITH ORDINALITY AS t(p, i)`,
    [peers],
  );
  await client.query(
    `ALTER TABLE bench_list ADD COLUMN session_id int;
     WITH made AS (
       INSERT INTO chat_sessions (type, kind, pair_key, last_seq, last_chat_time, update_time)
       SELECT 'single', 'friend', least(${owner}, peer) || ':' || greatest(${owner}, peer), ${messages},
              now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM bench_list RETURNING id, pair_key)
     UPDATE bench_list b SET session_id = made.id FROM made
     WHERE made.pair_key = least(${owner}, b.peer) || ':' || greatest(${owner}, b.peer);`,
  );
  await client.query(
    `INSERT INTO chat_members (session_id, user_id, read_seq, is_top, is_delete)
     SELECT session_id, $1::int, CASE WHEN i % 3 = 0 THEN 1 ELSE $2::int END, i % 50 = 0, i % 20 = 0 FROM bench_list
     UNION ALL SELECT session_id, peer, $2::int, false, false FROM bench_list`,
    [owner, messages],
  );
  await client.query(
    `INSERT INTO chat_messages (session_id, seq, sender_id, client_msg_id, content_type, content, create_time)
     SELECT b.session_id, g, CASE WHEN g % 2 = 0 THEN $1::int ELSE b.peer END, 'seed:' || b.session_id || ':' || g,
            'text', jsonb_build_object('text', 'hello ' || g), now() - make_interval(mins => b.i)
     FROM bench_list b, generate_series(1, $2::int) g`,
    [owner, messages],
  );
  await client.query(
    `UPDATE chat_sessions s SET last_message_id = m.id FROM chat_messages m, bench_list b
     WHERE b.session_id = s.id AND m.session_id = s.id AND m.seq = s.last_seq`,
  );
  await client.query(`DROP TABLE bench_list`);
};
