/**
 * What an attempt to turn pushes on for this device found (`enablePush`): `on`, or why not: no Web Push in this
 * browser, the permission not given (`default`) or refused (`denied`), the server does not push to this browser
 * (`server`: no key, or its push service is not one the server sends to), the browser's own push service did
 * not give a subscription (`browser`), or no connection to the server (`offline`).
 */
export type PushOutcome = 'on' | 'unsupported' | 'default' | 'denied' | 'server' | 'browser' | 'offline';

/** What Settings knows about pushes on this device. */
export interface PushFacts {
  supported: boolean;
  /** The browser's notification permission. */
  permission: 'granted' | 'denied' | 'default';
  /** The member wants notifications (the Settings switch). */
  wanted: boolean;
  /** The server holds this device's subscription, the one this browser has; null: not known (no answer). */
  onServer: boolean | null;
  /** What the latest attempt to subscribe found (the start-up sync, the switch or the fix button). */
  lastAttempt: PushOutcome | null;
}

/**
 * The state Settings shows for this device, what it says and whether a tap can fix it:
 * `on`; `off` (the member turned notifications off); `unsupported`; `denied` (only the browser's site settings
 * can change it); `ask` (the browser has not asked yet); `missing` (allowed, but the server has no subscription
 * of this device); and the failures of the last attempt, `server`, `browser`, `offline`.
 */
export type PushView =
  | 'on'
  | 'off'
  | 'unsupported'
  | 'denied'
  | 'ask'
  | 'missing'
  | 'server'
  | 'browser'
  | 'offline';

export const pushView = (f: PushFacts): PushView => {
  if (!f.supported) return 'unsupported';
  if (!f.wanted) return 'off';
  if (f.permission === 'denied') return 'denied';
  if (f.permission === 'default') return 'ask';
  if (f.onServer === true) return 'on';
  if (f.lastAttempt === 'server' || f.lastAttempt === 'browser' || f.lastAttempt === 'offline')
    return f.lastAttempt;
  if (f.onServer === null) return 'offline';
  return 'missing';
};

/** Whether a tap can put it right (ask for the permission, subscribe again); else only the text says why. */
export const canFix = (view: PushView) =>
  view === 'ask' || view === 'missing' || view === 'server' || view === 'browser' || view === 'offline';
