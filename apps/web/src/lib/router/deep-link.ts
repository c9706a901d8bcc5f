import { StorageKey, storage } from '../storage.ts';
import { canonicalPath, isReachable, Paths } from './paths.ts';

/**
 * Deep links survive login and sign-up: a page a signed-out visitor asks for (an invite link, a
 * shared group or chat) is remembered and opened once they are in; an invite link's code is kept for the
 * sign-up form.
 */

/** The invite code a URL carries: the QR/invite link opens a member's card by `?code=`. */
export const inviteCodeOf = (url: string): string | null => {
  if (canonicalPath(url) !== Paths.chatUserDetail) return null;
  const query = url.split('?')[1] ?? '';
  const code = new URLSearchParams(query).get('code')?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{4,16}$/.test(code) ? code : null;
};

/** Remembers the page a signed-out visitor was sent to login from. */
export const rememberTarget = (url: string) => {
  if (isReachable(url, false)) return;
  storage.set(StorageKey.AfterLogin, url);
  const code = inviteCodeOf(url);
  if (code) storage.set(StorageKey.InviteCode, code);
};

/** The remembered page, forgotten as it is answered. */
export const takeTarget = (): string | null => {
  const url = storage.get(StorageKey.AfterLogin);
  storage.remove(StorageKey.AfterLogin);
  return url?.startsWith('/') ? url : null;
};

/** The invite code this browser arrived with (kept until an account is made). */
export const arrivalInviteCode = () => storage.get(StorageKey.InviteCode) ?? '';
export const forgetInviteCode = () => storage.remove(StorageKey.InviteCode);
