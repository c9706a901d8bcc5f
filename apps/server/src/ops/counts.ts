import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connection.ts';

/** What a backup's manifest counts, and a restore compares (docs/operations.md, "Backups"). */
export interface DataCounts {
  members: number;
  messages: number;
  postings: number;
  orders: number;
}

export const countData = async (exec: Executor): Promise<DataCounts> => {
  const result = (await exec.execute(sql`
    SELECT (SELECT COUNT(*) FROM users)::int AS members,
           (SELECT COUNT(*) FROM chat_messages)::int AS messages,
           (SELECT COUNT(*) FROM ledger_postings)::int AS postings,
           (SELECT COUNT(*) FROM c2c_orders)::int AS orders`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0] ?? {};
  return {
    members: Number(row.members ?? 0),
    messages: Number(row.messages ?? 0),
    postings: Number(row.postings ?? 0),
    orders: Number(row.orders ?? 0),
  };
};
