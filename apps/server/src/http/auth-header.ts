/** A three-part compact token (JWT): base64url parts joined by dots. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Reads the token from the Authorization header: the raw token (as the app's clients send it) or `Bearer
 * <token>` with exactly one space. Answers null when there is no header, and 'malformed' for anything else
 * (extra spaces, another scheme, a value that is not a token), which the API refuses instead of treating it
 * as a new caller.
 */
export const tokenFromHeader = (header: string | undefined): string | null | 'malformed' => {
  if (header === undefined || header === '') return null;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return TOKEN.test(value) ? value : 'malformed';
};
