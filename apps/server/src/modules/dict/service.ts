import type { DictEntry } from '@chatpay/shared';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { dictInfo, dictTypes } from './tables.ts';

interface DictRow {
  id: number;
  type: string;
  name: string;
  value: string | null;
  orderNum: number;
  parentId: number | null;
}

/** An entry as the client sees it: an entry without a value is chosen by its id. */
export const presentDictEntry = (row: DictRow): DictEntry => ({
  id: row.id,
  type: row.type,
  name: row.name,
  value: row.value ?? String(row.id),
  orderNum: row.orderNum,
  parentId: row.parentId,
});

/**
 * Entries of the given dictionary types (all types when omitted), grouped by type key, highest orderNum first
 * then by id. Every asked-for type has a key in the answer, an empty list when it does not exist.
 */
export const dictionaryData = async (db: Executor, types?: string[]) => {
  const wanted = types ? [...new Set(types)] : undefined;
  const rows = await db
    .select({
      id: dictInfo.id,
      type: dictTypes.key,
      name: dictInfo.name,
      value: dictInfo.value,
      orderNum: dictInfo.orderNum,
      parentId: dictInfo.parentId,
    })
    .from(dictInfo)
    .innerJoin(dictTypes, eq(dictInfo.typeId, dictTypes.id))
    .where(wanted ? inArray(dictTypes.key, wanted) : undefined)
    .orderBy(desc(dictInfo.orderNum), asc(dictInfo.id));
  const keys = wanted ?? (await db.select({ key: dictTypes.key }).from(dictTypes)).map((t) => t.key);
  // A Map, not an object: type keys come from the client and may be names like `__proto__`.
  const groups = new Map<string, DictEntry[]>(keys.map((k) => [k, []]));
  for (const row of rows) groups.get(row.type)?.push(presentDictEntry(row));
  return Object.fromEntries(groups);
};
