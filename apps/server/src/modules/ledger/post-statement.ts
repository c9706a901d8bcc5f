/**
 * The posting statement (docs/design/ledger.md, "Posting procedure"): one round trip posts one entry. Its
 * parts run in this order because each reads the one before:
 *
 * 1. `legs` resolves every leg to an account id: given directly, or a member's account by (user, kind); an
 *    unknown member account comes out NULL and the statement then writes nothing (`missing` > 0).
 * 2. `fingerprint` hashes kind, reference and the legs sorted by account id. It is byte for byte what the
 *    ledger computed in JavaScript before (sha256 of `JSON.stringify([kind, refType, refId, ["<id>:<amount>",
 *    …]])`): $7 is the JSON head written by JavaScript, the leg strings need no escaping.
 * 3. `entry` takes the idempotency key (`ON CONFLICT DO NOTHING`): a concurrent holder of the key makes it
 *    wait; when that one committed there is no row, nothing below runs, and the caller reads the winner in a
 *    new statement. The key is taken before any account lock.
 * 4. `locked` locks the accounts in ascending id order (`LockRows` above the `Sort`), and only when the entry
 *    was inserted (the uncorrelated EXISTS is a one-time filter evaluated after `entry`).
 * 5. `moved` updates the balances of the locked rows only: it joins `locked`, so every row it writes was
 *    locked before, in id order, and it never waits on a row itself. (An `UPDATE … FROM legs` alone would lock
 *    rows in whatever order the plan visits them: two opposite transfers could deadlock.) A member balance
 *    below zero violates CHECK `ledger_accounts_member_not_negative`: the statement fails, nothing is written.
 * 6. `postings` writes one posting per leg, in leg order, with the balance after it. A leg whose account does
 *    not exist has no `moved` row, so its `balance_after` is NULL and the NOT NULL constraint fails the
 *    statement instead of writing an unbalanced entry.
 *
 * Parameters: $1 key, $2 kind, $3 ref type, $4 ref id, $5 memo, $6 created by, $7 fingerprint head,
 * $8 account ids (NULL for a member leg), $9 user ids and $10 member account kinds (NULL for an account leg),
 * $11 amounts. Several legs resolving to one account (`duplicates` > 0) write nothing either.
 */
export const POST_ENTRY_SQL = `
WITH legs AS MATERIALIZED (
  SELECT l.ord,
         COALESCE(l.account_id,
           (SELECT a.id FROM ledger_accounts a WHERE a.user_id = l.user_id AND a.kind = l.member_kind)) AS account_id,
         l.amount
  FROM unnest($8::int[], $9::int[], $10::text[], $11::bigint[])
    WITH ORDINALITY AS l(account_id, user_id, member_kind, amount, ord)
),
checked AS (
  SELECT count(*) FILTER (WHERE account_id IS NULL) AS missing,
         count(*) - count(DISTINCT account_id) AS duplicates,
         encode(sha256(convert_to(
           $7::text || string_agg('"' || account_id || ':' || amount || '"', ',' ORDER BY account_id) || ']]',
           'UTF8')), 'hex') AS fingerprint
  FROM legs
),
entry AS (
  INSERT INTO ledger_entries (idempotency_key, fingerprint, kind, ref_type, ref_id, memo, created_by)
  SELECT $1::text, c.fingerprint, $2::text, $3::text, $4::text, $5::text, $6::int
  FROM checked c
  WHERE c.missing = 0 AND c.duplicates = 0
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, create_time
),
locked AS (
  SELECT a.id FROM ledger_accounts a
  WHERE a.id IN (SELECT account_id FROM legs) AND EXISTS (SELECT 1 FROM entry)
  ORDER BY a.id
  FOR UPDATE
),
moved AS (
  UPDATE ledger_accounts a SET balance = a.balance + l.amount, update_time = now()
  FROM locked k JOIN legs l ON l.account_id = k.id
  WHERE a.id = k.id
  RETURNING a.id, a.balance
),
postings AS (
  INSERT INTO ledger_postings (entry_id, account_id, amount, balance_after)
  SELECT e.id, l.account_id, l.amount, m.balance
  FROM entry e CROSS JOIN legs l LEFT JOIN moved m ON m.id = l.account_id
  ORDER BY l.ord
)
SELECT e.id, e.create_time, c.fingerprint, c.missing::int AS missing, c.duplicates::int AS duplicates,
       (SELECT array_agg(account_id ORDER BY ord) FROM legs) AS account_ids
FROM checked c LEFT JOIN entry e ON true
`;

/** What the statement answers (one row). `id` is null when nothing was written: see `missing`, `duplicates`. */
export interface PostStatementRow {
  /** int8: a string from node-postgres, a bigint or number from PGlite. */
  id: string | bigint | number | null;
  /** timestamptz: text under drizzle's node-postgres parsers, text or a Date from PGlite. */
  create_time: string | Date | null;
  fingerprint: string;
  missing: number;
  duplicates: number;
  account_ids: (number | null)[];
}

/** The statement's name for node-postgres (prepared once per connection). */
export const POST_ENTRY_STATEMENT = 'ledger_post_entry_v1';
