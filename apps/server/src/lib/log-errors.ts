import { stdSerializers } from 'pino';

/**
 * The `err` serializer of every log line (docs/security.md). A failed query's error carries its bound
 * parameters: drizzle's `DrizzleQueryError` in `params` and in its message ("Failed query: …\nparams: …"), and
 * PostgreSQL may echo a value in the cause's message or `detail` ("Key (x)=(…) already exists"). Those can be
 * password or PIN hashes, card numbers or sealed secrets, so the serializer drops `params` and `detail`, cuts
 * the params line, and blanks every occurrence of a parameter's text anywhere in the error and its causes.
 * The SQL text (placeholders only) stays: it says what failed.
 */
const DROPPED = new Set(['params', 'parameters', 'detail', 'where']);
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |\ncaused by|$)/g;
/** Shorter parameters (ids, flags, limits) are left alone: blanking them would garble the message. */
const MIN_SECRET_LENGTH = 4;

const paramsIn = (error: unknown, seen = new Set<unknown>()): string[] => {
  if (!error || typeof error !== 'object' || seen.has(error)) return [];
  seen.add(error);
  const { params, cause } = error as { params?: unknown; cause?: unknown };
  const own = Array.isArray(params)
    ? params
        .map((p) => (p instanceof Date ? p.toISOString() : String(p)))
        .filter((p) => p.length >= MIN_SECRET_LENGTH)
    : [];
  return [...own, ...paramsIn(cause, seen)];
};

const scrub = (value: unknown, secrets: string[], depth = 0): unknown => {
  if (typeof value === 'string') {
    let text = value.replace(PARAMS_LINE, '\nparams: [redacted]');
    for (const s of secrets) text = text.split(s).join('[redacted]');
    return text;
  }
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!DROPPED.has(key)) out[key] = scrub(v, secrets, depth + 1);
  }
  return out;
};

type Serialized = ReturnType<typeof stdSerializers.err>;

export const safeErrorSerializer = (error: Error): Serialized => {
  // Longest first, so a secret that contains a shorter one is blanked whole.
  const secrets = [...new Set(paramsIn(error))].sort((a, b) => b.length - a.length);
  return scrub(stdSerializers.err(error), secrets) as Serialized;
};
