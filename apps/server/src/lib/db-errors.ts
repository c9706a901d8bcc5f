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

/**
 * PostgreSQL error classes and codes that mean "the database cannot serve this now", not "this call is wrong":
 * a statement or lock wait ran out (57014, 55P03), the transaction sat idle too long (25P03), the server is
 * shutting down, restarting or full (57P01-57P03, 53xxx), or the connection failed (08xxx).
 */
const UNAVAILABLE_CODES = new Set(['57014', '55P03', '25P03', '57P01', '57P02', '57P03']);
const UNAVAILABLE_CLASSES = ['08', '53'];
/** node-postgres and socket failures that carry no PostgreSQL code. */
const UNAVAILABLE_SYSTEM = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
];

/**
 * Whether an error means the database is slow, busy or unreachable (a retry later may succeed): the error
 * handler answers it with HTTP 503, Retry-After and ServiceBusy (docs/design/faults.md).
 */
export const unavailable = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SYSTEM.has(code)) return true;
      if (code.length === 5 && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
};
