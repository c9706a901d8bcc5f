/**
 * localStorage with an in-memory fallback, so the request layer, the auth store and the router work the same
 * in unit tests (Node has no localStorage) and in private browsing modes that refuse storage.
 */
const memory = new Map<string, string>();

const backend = (): Storage | null => {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
};

export const storage = {
  get(key: string): string | null {
    const ls = backend();
    return ls ? ls.getItem(key) : (memory.get(key) ?? null);
  },
  set(key: string, value: string): void {
    const ls = backend();
    if (ls) ls.setItem(key, value);
    else memory.set(key, value);
  },
  remove(key: string): void {
    const ls = backend();
    if (ls) ls.removeItem(key);
    else memory.delete(key);
  },
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};

/** Every key the web client writes (docs/product.md#tokens, docs/product.md#navigation). */
export const StorageKey = {
  /** The access token, under the key docs/product.md#tokens names. */
  UniIdToken: 'uni_id_token',
  Token: 'token',
  /** Epoch milliseconds after which the access token counts as expired (expire − 5 s). */
  TokenExpires: 'tokenExpires',
  RefreshToken: 'refreshToken',
  /** Epoch milliseconds after which the refresh token counts as expired (refreshExpire − 5 s). */
  RefreshTokenExpires: 'refreshTokenExpires',
  UserInfo: 'userInfo',
  LoginType: 'loginType',
  Locale: 'locale',
  RouterParams: 'router-params',
  /** Device settings: new-message notifications and sound (features/settings/prefs.ts). */
  Prefs: 'prefs',
  /** This browser's id for push subscriptions (features/push/push.ts). */
  PushDevice: 'push-device',
  /** The member dismissed the "turn on notifications" card (features/push/push.ts). */
  PushAsked: 'push-asked',
  /** Prefix of a member's unsent chat messages (features/chat/outbox-store.ts), `outbox-<userId>`. */
  Outbox: 'outbox',
  /** The theme name, `default` or `dark` (docs/product.md#appearance, lib/theme.ts). */
  Theme: 'theme',
  /** A page asked for before login (an invite link, a shared chat): opened once the member is in. */
  AfterLogin: 'after-login',
  /** The invite code of the link this browser arrived by: prefilled at sign-up (lib/router/deep-link.ts). */
  InviteCode: 'invite-code',
  /** The app open was recorded (useDownloadLog) in this browser. */
  OpenLogged: 'open-logged',
  /** Prefix of a member's unsent drafts per chat (features/chat/drafts.ts), `drafts-<userId>`. */
  Drafts: 'drafts',
  /** The version code whose "new version" bar the member closed (features/app/update.ts). */
  UpdateDismissed: 'update-dismissed',
} as const;
