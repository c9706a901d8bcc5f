import { create } from 'zustand';
import { StorageKey, storage } from '../../lib/storage.ts';

/** Settings of this device, kept in local storage (they survive logout: they belong to the phone). */
export interface Prefs {
  /** New-message notifications: the system notification while the app is in the background. */
  notify: boolean;
  /** The chime on a new message. */
  sound: boolean;
  /** The chime when one of my C2C orders changes status (merchants, docs/product.md#orders). */
  orderSound: boolean;
  /** Push notifications show the message text (off: "New message"). */
  preview: boolean;
}

export const DEFAULT_PREFS: Prefs = { notify: true, sound: true, orderSound: true, preview: true };

/** The stored settings; anything missing or malformed falls back to the default (everything on). */
export const readPrefs = (): Prefs => {
  const raw = storage.getJson<Partial<Record<keyof Prefs, unknown>>>(StorageKey.Prefs);
  const pick = (key: keyof Prefs) =>
    typeof raw?.[key] === 'boolean' ? (raw[key] as boolean) : DEFAULT_PREFS[key];
  return {
    notify: pick('notify'),
    sound: pick('sound'),
    orderSound: pick('orderSound'),
    preview: pick('preview'),
  };
};

interface PrefsState extends Prefs {
  set: (patch: Partial<Prefs>) => void;
}

export const usePrefs = create<PrefsState>()((set, get) => ({
  ...readPrefs(),
  set: (patch) => {
    set(patch);
    const { notify, sound, orderSound, preview } = get();
    storage.setJson(StorageKey.Prefs, { notify, sound, orderSound, preview });
  },
}));

/**
 * Whether a new message may chime. As on WeChat, the sound belongs to the notifications: turning
 * notifications off silences the chime too.
 */
export const soundAllowed = (prefs: Prefs = usePrefs.getState()) => prefs.notify && prefs.sound;

/** Whether an order status change may chime: the merchant's order sound, under the general sound switch. */
export const orderSoundAllowed = (prefs: Prefs = usePrefs.getState()) =>
  soundAllowed(prefs) && prefs.orderSound;

/** Whether a new message may raise a system notification. */
export const notifyAllowed = (prefs: Prefs = usePrefs.getState()) => prefs.notify;
