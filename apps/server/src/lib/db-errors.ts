/** The first PostgreSQL error with `code` in an error's cause chain (drizzle wraps the driver's), whichever driver. */
const pgError = (error: unknown, code: string) => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: unknown; constraint?: unknown; column?: unknown };
    if (found.code === code) return found;
  }
  return null;
};

const nameOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The constraint name of a PostgreSQL unique violation (23505), whichever driver raised it; else null. */
export const uniqueViolation = (error: unknown): string | null => {
  const found = pgError(error, '23505');
  return found ? nameOf(found.constraint) : null;
};

/** The constraint name of a PostgreSQL CHECK violation (23514), whichever driver raised it; else null. */
export const checkViolation = (error: unknown): string | null => {
  const found = pgError(error, '23514');
  return found ? nameOf(found.constraint) : null;
};

/** The column of a PostgreSQL NOT NULL violation (23502), whichever driver raised it; else null. */
export const notNullViolation = (error: unknown): string | null => {
  const found = pgError(error, '23502');
  return found ? nameOf(found.column) : null;
};
