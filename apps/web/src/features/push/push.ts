import { pushApi } from '@chatpay/shared';
import { deviceId } from '../../lib/device-id.ts';
import { currentLocale } from '../../lib/i18n/index.ts';
import { call } from '../../lib/request.ts';
import { StorageKey, storage } from '../../lib/storage.ts';
import { soundAllowed, usePrefs } from '../settings/index.ts';

/**
 * Web Push on this device (docs/design/push.md): subscribe through the service worker's pushManager with the
 * server's VAPID key, and register the subscription with the server. The service worker (public/push-sw.js)
 * shows the pushes and opens their page on a tap.
 */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

const toBase64url = (buf: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const registration = async (): Promise<ServiceWorkerRegistration | null> => {
  if (!pushSupported()) return null;
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([ready, timeout]);
};

const deviceName = () => navigator.userAgent.slice(0, 128);

/**
 * Subscribes this device and tells the server. Asks for permission only when `ask` (a tap on a button or a
 * switch: browsers refuse a prompt without one). Answers whether pushes will arrive.
 */
export const enablePush = async (ask: boolean): Promise<boolean> => {
  if (!pushSupported()) return false;
  if (Notification.permission === 'default' && ask) await Notification.requestPermission();
  if (Notification.permission !== 'granted') return false;
  const reg = await registration();
  if (!reg) return false;
  const { publicKey } = await call(pushApi.key, {});
  let sub = await reg.pushManager.getSubscription();
  const current = sub?.options.applicationServerKey;
  if (sub && current && toBase64url(current) !== publicKey.replace(/=+$/, '')) {
    // The server has a new key pair: the old subscription no longer works.
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = sub.toJSON();
  await call(pushApi.subscribe, {
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    deviceId: deviceId(),
    deviceName: deviceName(),
    lang: currentLocale(),
    preview: usePrefs.getState().preview,
    sound: soundAllowed(),
  });
  return true;
};

/** Tells the server to stop pushing to this device (logout, notifications off); best effort. */
export const disablePush = async (opts: { unsubscribeBrowser: boolean }) => {
  try {
    await call(pushApi.unsubscribe, { deviceId: deviceId() });
  } catch {
    // Offline or logged out already: the server drops the subscription when the push service says 410.
  }
  if (!opts.unsubscribeBrowser) return;
  const reg = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined;
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
};

/** After login and at start: keeps the server's copy of this device's subscription up to date, silently. */
export const syncPush = () => {
  if (!usePrefs.getState().notify || !pushSupported() || Notification.permission !== 'granted') return;
  void enablePush(false).catch(() => undefined);
};

/** Whether to offer the "turn on notifications" card: never asked, not dismissed, notifications wanted. */
export const shouldOfferPush = () =>
  pushSupported() &&
  Notification.permission === 'default' &&
  usePrefs.getState().notify &&
  storage.get(StorageKey.PushAsked) === null;

export const dismissPushOffer = () => storage.set(StorageKey.PushAsked, '1');
