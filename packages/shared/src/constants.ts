/** Business constants and limits (docs/product.md#limits). */
export const APP_VERSION = '4.3.3';
export const APP_VERSION_CODE = 100;
export const DEFAULT_APP_NAME = 'ChatPay';

export const HEARTBEAT_SECONDS = 30;
export const SESSION_PAGE_SIZE = 100;
export const SESSION_REFRESH_DELAY_MS = 2000;
export const MESSAGE_SOUND_THROTTLE_MS = 1000;
export const PUSH_TAP_DELAY_MS = 1500;
export const TOAST_MS = 1500;
/** Stored token expiries are reduced by this many seconds (docs/product.md#tokens). */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 5;

export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const PIN_LENGTH = 6;
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 15;

export const SOCKET_NAMESPACE = '/chat';
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;
export const SOCKET_RANDOMIZATION = 0.5;

export const REQUEST_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 1_800_000;
export const UPLOAD_RETRIES = 3;

export const MIN_TRANSFER = '1.00';
export const MIN_WITHDRAWAL = '50.00';
export const MIN_DEPOSIT = '10.00';

export const LOCALES = ['en', 'zh', 'vn', 'jp'] as const;
export type Locale = (typeof LOCALES)[number];
/** zh-Hans is an alias of zh (docs/product.md#features). */
export const normaliseLocale = (value: string | null | undefined): Locale => {
  if (value === 'zh-Hans') return 'zh';
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'en';
};
