import { z } from 'zod';
import { ErrorCode } from './errors.ts';

/** Every answer is `{ code, data, message }`; code 1000 means success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(ErrorCode.Success), data, message: z.string() });

export const errorEnvelope = z.object({ code: z.number().int(), data: z.unknown(), message: z.string() });

export type Envelope<T> = { code: number; data: T; message: string };

/** One offending field of a validation failure (code 1002): `data` is a list of these. */
export const fieldIssue = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;

/** Page answers: `{ list, pagination: { page, size, total } }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pagination: z.object({ page: z.number().int(), size: z.number().int(), total: z.number().int() }),
  });

export const pageInput = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const ok = z.object({ ok: z.literal(true) });
