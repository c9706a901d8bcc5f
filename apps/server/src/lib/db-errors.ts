/** The constraint name of a PostgreSQL unique violation (23505), whichever driver raised it; else null. */
export const uniqueViolation = (error: unknown): string | null => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
};
