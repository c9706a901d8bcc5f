/** Reads the raw token from the Authorization header (a `Bearer ` prefix is accepted too). */
export const tokenFromHeader = (header: string | undefined): string | null => {
  if (!header) return null;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return value.trim() || null;
};
