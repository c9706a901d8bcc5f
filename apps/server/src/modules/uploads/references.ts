import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';

/**
 * Where uploads are referenced. Every column that may hold one of our upload URLs is listed here,
 * split by who may see it:
 * - public (may be cached by anyone): member avatars (and so group avatars, which are made of them), moments
 *   (friends-only posts, but without secrets), payment-method QR codes (shown to every counterparty), the pay
 *   desk's goods images and server parameters;
 * - private: chat messages and auto-replies (members of the session), appeal proof (the order's parties) and
 *   complaint / feedback pictures (the member who sent them). Staff may read all of them;
 * - restricted: identity documents (docs/design/identity.md), readable by their member and by staff holding
 *   the reviewers' permission only, whatever else refers to them.
 * A new column that stores upload URLs must be added here, or the orphan sweep deletes its files after a day.
 */

/** The forms a stored URL of this key takes: `/uploads/<key>`, or under PUBLIC_URL. */
export const urlFormsOf = (key: string, publicUrl: string | undefined): string[] => {
  const base = publicUrl?.replace(/\/+$/, '');
  return base ? [`/uploads/${key}`, `${base}/uploads/${key}`] : [`/uploads/${key}`];
};

const list = (urls: string[]) =>
  sql.join(
    urls.map((u) => sql`${u}`),
    sql`, `,
  );

/** `jsonb` array columns: elements equal to one of the URLs (containment, so a GIN index can answer). */
const arrayHas = (column: SQL, urls: string[]) =>
  sql`(${sql.join(
    urls.map((u) => sql`${column} @> ${JSON.stringify([u])}::jsonb`),
    sql` OR `,
  )})`;

/**
 * Queries answering the referenced URLs (column `u`) among `urls` in public places. With `owner` (the
 * uploader), only the places the uploader wrote count: a member's avatar, moments, payment methods and the
 * orders they are a party of; the pay desk's goods and the server parameters are written by staff. A member
 * who references someone else's upload never makes it public (docs/security.md, "Media ownership").
 */
const publicPlaces = (urls: string[], owner?: number): SQL[] => {
  const by = (column: SQL) => (owner === undefined ? sql`` : sql` AND ${column} = ${owner}`);
  return [
    sql`SELECT avatar AS u FROM users WHERE avatar IN (${list(urls)})${by(sql`id`)}`,
    sql`SELECT e AS u FROM moments, jsonb_array_elements_text(images) e
        WHERE ${arrayHas(sql`images`, urls)} AND e IN (${list(urls)})${by(sql`user_id`)}`,
    sql`SELECT v AS u FROM moments, LATERAL (VALUES (video->>'url'), (video->>'poster')) x(v)
        WHERE video IS NOT NULL AND v IN (${list(urls)})${by(sql`user_id`)}`,
    sql`SELECT qr_code AS u FROM c2c_payment_methods WHERE qr_code IN (${list(urls)})${by(sql`user_id`)}`,
    sql`SELECT payee->>'qrCode' AS u FROM c2c_orders WHERE payee->>'qrCode' IN (${list(urls)})${
      owner === undefined ? sql`` : sql` AND (seller_id = ${owner} OR buyer_id = ${owner})`
    }`,
    sql`SELECT image AS u FROM app_goods WHERE image IN (${list(urls)})`,
    sql`SELECT goods_image AS u FROM pay_orders WHERE goods_image IN (${list(urls)})`,
    sql`SELECT value AS u FROM params WHERE value IN (${list(urls)})`,
  ];
};

const privatePlaces = (urls: string[]): SQL[] => [
  sql`SELECT content->>'url' AS u FROM chat_messages WHERE content->>'url' IN (${list(urls)})`,
  sql`SELECT content->>'poster' AS u FROM chat_messages WHERE content->>'poster' IN (${list(urls)})`,
  sql`SELECT v AS u FROM chat_auto_replies, LATERAL (VALUES (content->>'url'), (content->>'poster')) x(v)
      WHERE v IN (${list(urls)})`,
  sql`SELECT e AS u FROM c2c_orders, jsonb_array_elements_text(appeal_proof) e
      WHERE ${arrayHas(sql`appeal_proof`, urls)} AND e IN (${list(urls)})`,
  sql`SELECT e AS u FROM app_tickets, jsonb_array_elements_text(images) e
      WHERE ${arrayHas(sql`images`, urls)} AND e IN (${list(urls)})`,
];

/** Identity documents: the files of identity submissions (kyc module), until they are purged. */
const restrictedPlaces = (urls: string[]): SQL[] => [
  sql`SELECT document_url AS u FROM kyc_submissions WHERE document_url IN (${list(urls)})`,
  sql`SELECT selfie_url AS u FROM kyc_submissions WHERE selfie_url IN (${list(urls)})`,
  sql`SELECT address_url AS u FROM kyc_submissions WHERE address_url IN (${list(urls)})`,
];

const rowsOf = async (db: Executor, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: { u: string | null }[] }).rows;

/** Which of these upload keys anything refers to (the orphan sweep keeps those). */
export const referencedKeys = async (
  db: Executor,
  keys: string[],
  publicUrl: string | undefined,
): Promise<Set<string>> => {
  const keyOfUrl = new Map<string, string>();
  for (const key of keys) for (const url of urlFormsOf(key, publicUrl)) keyOfUrl.set(url, key);
  const urls = [...keyOfUrl.keys()];
  const found = new Set<string>();
  if (urls.length === 0) return found;
  for (const query of [...publicPlaces(urls), ...privatePlaces(urls), ...restrictedPlaces(urls)]) {
    for (const row of await rowsOf(db, query)) {
      const key = row.u ? keyOfUrl.get(row.u) : undefined;
      if (key) found.add(key);
    }
  }
  return found;
};

/**
 * Where the upload stands, in one statement: `restricted` (an identity document: only its member and the
 * reviewers read it, whatever else refers to it), `public` (a public place its uploader wrote refers to it),
 * or null (private, or nothing refers to it).
 */
export const placeOfUpload = async (
  db: Executor,
  key: string,
  publicUrl: string | undefined,
  owner: number,
): Promise<'restricted' | 'public' | null> => {
  const urls = urlFormsOf(key, publicUrl);
  const restricted = sql.join(restrictedPlaces(urls), sql` UNION ALL `);
  const open = sql.join(publicPlaces(urls, owner), sql` UNION ALL `);
  const rows = (await db.execute(sql`SELECT
      EXISTS (SELECT 1 FROM (${restricted}) r) AS restricted,
      EXISTS (SELECT 1 FROM (${open}) p) AS public`)) as unknown as {
    rows: { restricted: boolean; public: boolean }[];
  };
  const row = rows.rows[0];
  return row?.restricted ? 'restricted' : row?.public ? 'public' : null;
};

/** Whether the upload is an identity document: then only its member and the reviewers may read it. */
export const isRestrictedUpload = async (db: Executor, key: string, publicUrl: string | undefined) => {
  const places = sql.join(restrictedPlaces(urlFormsOf(key, publicUrl)), sql` UNION ALL `);
  return (await rowsOf(db, sql`SELECT u FROM (${places}) p LIMIT 1`)).length > 0;
};

/**
 * Whether a public place the uploader (`owner`) wrote refers to the upload: then anyone may read it and caches
 * may keep it.
 */
export const isPublicUpload = async (
  db: Executor,
  key: string,
  publicUrl: string | undefined,
  owner: number,
) => {
  const places = sql.join(publicPlaces(urlFormsOf(key, publicUrl), owner), sql` UNION ALL `);
  // One statement: an anonymous request for a private file costs one round trip here, not one per place.
  return (await rowsOf(db, sql`SELECT u FROM (${places}) p LIMIT 1`)).length > 0;
};

/**
 * Whether this member may read the private upload: a member of a chat with a message (or whose auto-reply)
 * carries it, a party of the order whose appeal proof it is, or the member whose complaint or feedback it
 * illustrates. (The uploader and staff are let through before this is asked.)
 */
export const mayReadPrivate = async (
  db: Executor,
  key: string,
  viewer: number,
  publicUrl: string | undefined,
): Promise<boolean> => {
  const urls = list(urlFormsOf(key, publicUrl));
  const checks: SQL[] = [
    sql`SELECT 1 AS u FROM chat_messages m
        JOIN chat_members cm ON cm.session_id = m.session_id AND cm.user_id = ${viewer}
        WHERE m.content->>'url' IN (${urls}) OR m.content->>'poster' IN (${urls})`,
    sql`SELECT 1 AS u FROM chat_auto_replies a
        WHERE a.user_id = ${viewer} AND (a.content->>'url' IN (${urls}) OR a.content->>'poster' IN (${urls}))`,
    sql`SELECT 1 AS u FROM c2c_orders o, jsonb_array_elements_text(o.appeal_proof) e
        WHERE (o.buyer_id = ${viewer} OR o.seller_id = ${viewer}) AND e IN (${urls})`,
    sql`SELECT 1 AS u FROM app_tickets t, jsonb_array_elements_text(t.images) e
        WHERE t.user_id = ${viewer} AND e IN (${urls})`,
  ];
  for (const query of checks) {
    if ((await rowsOf(db, sql`${query} LIMIT 1`)).length > 0) return true;
  }
  return false;
};
