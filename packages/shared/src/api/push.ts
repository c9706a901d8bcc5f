import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { ok } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url');

/** A browser push subscription (`PushSubscription.toJSON()`), as the service worker's pushManager gives it. */
export const pushSubscriptionInput = z.object({
  endpoint: z
    .string()
    .trim()
    .max(2048)
    .regex(/^https:\/\/[^\s"'<>\\]+$/, 'Must be an https URL'),
  keys: z.object({
    /** The browser's P-256 public key (65 bytes, uncompressed). */
    p256dh: base64url(80, 100),
    /** The 16-byte authentication secret. */
    auth: base64url(16, 32),
  }),
});

/** What a push carries to the service worker (the SW shows it and opens `url` on a tap). */
export const pushPayload = z.object({
  /** `security`: a security alert (a sign-in from a new device, a PIN change), docs/design/push.md. */
  kind: z.enum(['chat', 'c2c', 'wallet', 'friend', 'ticket', 'security']),
  title: z.string(),
  body: z.string(),
  /** Collapses notifications of one session or order into one (`Notification.tag`). */
  tag: z.string(),
  /** The app route to open, e.g. `#/pages/chat/index?id=12` (docs/product.md#navigation). */
  url: z.string(),
  /** Messages waiting in the session (a collapsed notification shows the count). */
  count: z.number().int().min(0).optional(),
  /** The member turned the sound off (Settings): show the notification without a sound or vibration. */
  silent: z.boolean().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** Web Push (RFC 8030/8291/8292) subscriptions of the signed-in member's devices. */
export const pushApi = {
  key: endpoint({
    method: 'GET',
    path: '/push/key',
    auth: 'user',
    summary: 'The server’s VAPID public key (applicationServerKey for pushManager.subscribe)',
    input: z.object({}),
    output: z.object({ publicKey: z.string() }),
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/push/subscribe',
    auth: 'user',
    summary: 'Register this browser’s push subscription (replaces the device’s earlier one)',
    input: pushSubscriptionInput.extend({
      deviceId: z.string().trim().min(1).max(128),
      deviceName: z.string().trim().max(128).default(''),
      /** Language of the notification texts. */
      lang: z.enum(LOCALES).default('en'),
      /** Show the message text in chat notifications (off: "New message"). */
      preview: z.boolean().default(true),
      /** Notifications make a sound (off: silent). */
      sound: z.boolean().default(true),
    }),
    output: ok,
    errors: [ErrorCode.PushEndpointRefused],
  }),
  status: endpoint({
    method: 'GET',
    path: '/push/status',
    auth: 'user',
    summary:
      'Whether this device of mine has a push subscription on the server (with this endpoint, when given): what Settings shows',
    input: z.object({
      deviceId: z.string().trim().min(1).max(128),
      endpoint: pushSubscriptionInput.shape.endpoint.optional(),
    }),
    output: z.object({ subscribed: z.boolean() }),
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/push/unsubscribe',
    auth: 'user',
    summary: 'Remove one of my push subscriptions (by endpoint or device); unknown ones are ignored',
    input: z
      .object({
        endpoint: pushSubscriptionInput.shape.endpoint.optional(),
        deviceId: z.string().trim().min(1).max(128).optional(),
      })
      .refine((v) => v.endpoint !== undefined || v.deviceId !== undefined, 'endpoint or deviceId'),
    output: ok,
  }),
};
