import { ErrorCode } from '@chatpay/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { dictInfo, dictTypes } from './tables.ts';

interface Fields {
  name: string;
  value: string;
  orderNum: number;
  remark: string;
}

const entryColumns = {
  id: dictInfo.id,
  typeId: dictInfo.typeId,
  type: dictTypes.key,
  name: dictInfo.name,
  value: dictInfo.value,
  orderNum: dictInfo.orderNum,
  remark: dictInfo.remark,
};

const present = (r: {
  id: number;
  typeId: number;
  type: string;
  name: string;
  value: string | null;
  orderNum: number;
  remark: string | null;
}) => ({ ...r, remark: r.remark ?? '' });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The console's dictionary editor (docs/product.md#dictionary): entries by type, ordered, every change
 * audited.
 */
export class DictAdmin {
  constructor(private readonly db: Db) {}

  types() {
    return this.db
      .select({ id: dictTypes.id, key: dictTypes.key, name: dictTypes.name })
      .from(dictTypes)
      .orderBy(asc(dictTypes.id));
  }

  async page(input: {
    page: number;
    size: number;
    typeId?: number | undefined;
    keyword?: string | undefined;
  }) {
    const conditions: SQL[] = [];
    if (input.typeId) conditions.push(eq(dictInfo.typeId, input.typeId));
    if (input.keyword) {
      const like = `%${escapeLike(input.keyword)}%`;
      conditions.push(or(ilike(dictInfo.name, like), ilike(dictInfo.value, like))!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select(entryColumns)
        .from(dictInfo)
        .innerJoin(dictTypes, eq(dictTypes.id, dictInfo.typeId))
        .where(where)
        .orderBy(asc(dictInfo.typeId), desc(dictInfo.orderNum), asc(dictInfo.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(dictInfo).where(where),
    ]);
    return {
      list: rows.map(present),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  private async one(id: number) {
    const [row] = await this.db
      .select(entryColumns)
      .from(dictInfo)
      .innerJoin(dictTypes, eq(dictTypes.id, dictInfo.typeId))
      .where(eq(dictInfo.id, id));
    if (!row) throw new AppError(ErrorCode.NotFound);
    return present(row);
  }

  private async write<T>(work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) !== null)
        throw new AppError(ErrorCode.Conflict, 'This value is already in the dictionary');
      throw error;
    }
  }

  async add(actorId: number, input: Fields & { typeId: number }) {
    const [type] = await this.db.select().from(dictTypes).where(eq(dictTypes.id, input.typeId));
    if (!type) throw new AppError(ErrorCode.NotFound);
    const id = await this.write(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(dictInfo)
          .values({ ...input, remark: input.remark || null })
          .returning({ id: dictInfo.id });
        await recordAudit(tx, {
          actorId,
          action: 'dict:info:add',
          reason: `${type.key} #${row!.id} ${input.value}=${input.name}`.slice(0, 200),
        });
        return row!.id;
      }),
    );
    return this.one(id);
  }

  async update(actorId: number, input: Fields & { id: number }) {
    const before = await this.one(input.id);
    await this.write(() =>
      this.db.transaction(async (tx) => {
        await tx
          .update(dictInfo)
          .set({
            name: input.name,
            value: input.value,
            orderNum: input.orderNum,
            remark: input.remark || null,
          })
          .where(eq(dictInfo.id, input.id));
        await recordAudit(tx, {
          actorId,
          action: 'dict:info:update',
          reason:
            `${before.type} #${input.id} ${before.value}=${before.name} → ${input.value}=${input.name}`.slice(
              0,
              200,
            ),
        });
      }),
    );
    return this.one(input.id);
  }

  async remove(actorId: number, ids: number[]) {
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(dictInfo)
        .where(inArray(dictInfo.id, ids))
        .returning({ id: dictInfo.id, value: dictInfo.value });
      if (gone.length > 0)
        await recordAudit(tx, {
          actorId,
          action: 'dict:info:delete',
          reason: gone
            .map((g) => `#${g.id} ${g.value ?? ''}`)
            .join(', ')
            .slice(0, 200),
        });
      return { deleted: gone.length };
    });
  }
}
