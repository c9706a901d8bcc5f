import { ErrorCode, pushApi } from '@chatpay/shared';
import { create } from 'zustand';
import { deviceId } from '../../lib/device-id.ts';
import { ApiError, isNetworkError } from '../../lib/errors.ts';
import { currentLocale } from '../../lib/i18n/index.ts';
import { call } from '../../lib/request.ts';
import { StorageKey, storage } from '../../lib/storage.ts';
import { soundAllowed, usePrefs } from '../settings/index.ts';
import type { PushOutcome } from './state.ts';

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

/** What the latest attempt to subscribe this device found, for Settings (features/push/state.ts). */
export const useLastPushAttempt = create<{ outcome: PushOutcome | null }>()(() => ({ outcome: null }));

/** A failed call to the server: offline, or the server will not push to this browser. */
const serverOutcome = (error: unknown): PushOutcome => (isNetworkError(error) ? 'offline' : 'server');

const subscribe = async (ask: boolean): Promise<PushOutcome> => {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'default' && ask) await Notification.requestPermission();
  if (Notification.permission !== 'granted') return Notification.permission;
  const reg = await registration();
  if (!reg) return 'browser';
  let publicKey: string;
  try {
    ({ publicKey } = await call(pushApi.key, {}));
  } catch (error) {
    return serverOutcome(error);
  }
  let sub: PushSubscription | null;
  try {
    sub = await reg.pushManager.getSubscription();
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
  } catch {
    // The browser's push service gave no subscription (unreachable, or none in this browser build).
    return 'browser';
  }
  const json = sub.toJSON();
  try {
    await call(pushApi.subscribe, {
      endpoint: sub.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      deviceId: deviceId(),
      deviceName: deviceName(),
      lang: currentLocale(),
      preview: usePrefs.getState().preview,
      sound: soundAllowed(),
    });
  } catch (error) {
    // PushEndpointRefused: this server does not send to this browser's push service.
    if (error instanceof ApiError && error.code === ErrorCode.PushEndpointRefused) return 'server';
    return serverOutcome(error);
  }
  return 'on';
};

/**
 * Subscribes this device and tells the server. Asks for permission only when `ask` (a tap on a button or a
 * switch: browsers refuse a prompt without one). Answers what it found (`on`, or why pushes will not arrive),
 * kept for Settings; it never throws.
 */
export const enablePush = async (ask: boolean): Promise<PushOutcome> => {
  const outcome = await subscribe(ask).catch((): PushOutcome => 'browser');
  useLastPushAttempt.setState({ outcome });
  return outcome;
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
  void enablePush(false);
};

/** Whether to offer the "turn on notifications" card: never asked, not dismissed, notifications wanted. */
export const shouldOfferPush = () =>
  pushSupported() &&
  Notification.permission === 'default' &&
  usePrefs.getState().notify &&
  storage.get(StorageKey.PushAsked) === null;

export const dismissPushOffer = () => storage.set(StorageKey.PushAsked, '1');
