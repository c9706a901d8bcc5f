import {
  type ClientToServerEvents,
  HEARTBEAT_SECONDS,
  type ServerToClientEvents,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_NAMESPACE,
  SOCKET_RANDOMIZATION,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  type UserChannelPayload,
  userChannelPayload,
} from '@chatpay/shared';
import type { Socket } from 'socket.io-client';
import { useAuth } from './auth.ts';
import { connectionEvents } from './connection.ts';
import { decodeToken } from './jwt.ts';
import { explainLogout, showLoggedOut } from './logged-out.ts';
import { afterOwnSessionChanges } from './own-session.ts';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: ChatSocket | null = null;
/** A connect is on its way: from connectSocket, and after a drop the client will retry, until `connect`. */
let pendingConnect = false;
/** Bumped by every connect and disconnect, so a slow connect that was overtaken does not win. */
let generation = 0;
let heartbeat: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<(s: ChatSocket | null) => void>();
const connectListeners = new Set<() => void>();

type EventName = keyof ServerToClientEvents;
type AnyHandler = (payload: never) => void;
/** Feature subscriptions: attached to every socket this module opens, so they survive reconnects. */
const subscriptions = new Map<EventName, Set<AnyHandler>>();

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

const sendHeartbeat = () => {
  if (socket?.connected && useAuth.getState().token) {
    socket.emit('heartbeat', { interval: HEARTBEAT_SECONDS, time: Date.now() });
  }
};

const stopHeartbeat = () => {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
};

/** While the app is shown and a token exists, a heartbeat every 30 s (docs/product.md#realtime). */
const startHeartbeat = () => {
  stopHeartbeat();
  if (!visible() || !socket) return;
  heartbeat = setInterval(sendHeartbeat, HEARTBEAT_SECONDS * 1000);
};

/**
 * The network is back (or the app is shown again): a socket waiting out its reconnect back-off tries now,
 * so missed messages are caught up at once rather than seconds later.
 */
export const reconnectNow = () => {
  if (!socket || socket.connected) return;
  connectionEvents.connecting();
  socket.disconnect();
  socket.connect();
};

/** The server pushes to members whose sockets are all hidden (docs/design/push.md). */
const sendVisibility = () => {
  if (socket?.connected) socket.emit('visibility', { hidden: !visible() });
};

const onVisibility = () => {
  sendVisibility();
  stopHeartbeat();
  if (visible()) {
    reconnectNow();
    sendHeartbeat();
    startHeartbeat();
  }
};

/** The live socket, for features that listen to server events. */
export const getSocket = () => socket;

/**
 * Whether a (re)connect is still to come: its `connect` listeners (onSocketConnect) will then run, so work
 * they do (the chats' catch-up) need not be done now as well.
 */
export const connectPending = () => pendingConnect;

/** Called with the new socket on every (re)connect and with null on disconnect. */
export const onSocketChange = (listener: (s: ChatSocket | null) => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Listens to one server event on the current socket and every later one. Answers the unsubscribe function.
 * Payloads are untrusted: handlers validate them.
 */
export const onServerEvent = <E extends EventName>(event: E, handler: (payload: unknown) => void) => {
  let set = subscriptions.get(event);
  if (!set) {
    set = new Set();
    subscriptions.set(event, set);
  }
  const h = handler as AnyHandler;
  set.add(h);
  socket?.on(event, h as never);
  return () => {
    set.delete(h);
    socket?.off(event, h as never);
  };
};

/**
 * Called on every successful (re)connect: the moment to catch up on what was missed
 * (docs/design/chat-delivery.md).
 */
export const onSocketConnect = (listener: () => void) => {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
};

/**
 * Whether a per-user channel event ends this client's session: a login whose session id differs from the one
 * in the local token, or the end of every session (admin freeze, force logout).
 */
export const isKick = (event: UserChannelPayload, token: string | null): boolean => {
  if (!token) return false;
  if (event.type === 'ended') return true;
  return decodeToken(token)?.sid !== event.sid;
};

/**
 * Opens the realtime connection (docs/product.md#realtime). Only with a token; a new connection replaces the
 * old one. The client library loads on first use, keeping it out of the login screen's code.
 */
export const connectSocket = async (token: string | null = useAuth.getState().token) => {
  if (!token) return null;
  disconnectSocket();
  pendingConnect = true;
  const mine = generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation || useAuth.getState().token !== token) return null;
  const s: ChatSocket = io(SOCKET_NAMESPACE, {
    auth: { token },
    transports: ['websocket', 'polling'],
    timeout: SOCKET_CONNECT_TIMEOUT_MS,
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    randomizationFactor: SOCKET_RANDOMIZATION,
  });
  // Single-session kick: a login elsewhere announces its session id (never a token) on the per-user channel.
  s.on('user', (raw) => {
    const payload = userChannelPayload.safeParse(raw);
    if (!payload.success) return;
    const event = payload.data;
    const decide = () => {
      if (!isKick(event, useAuth.getState().token)) return;
      useAuth.getState().logout();
      if (event.type === 'login') showLoggedOut('kicked');
      else if (!explainLogout(event)) showLoggedOut('ended');
    };
    // A new session this device is starting itself (a password change) is announced too: judged once stored.
    if (event.type === 'login') afterOwnSessionChanges(decide);
    else decide();
  });
  s.on('connect', () => {
    pendingConnect = false;
    connectionEvents.connected();
    sendHeartbeat();
    if (!visible()) s.emit('visibility', { hidden: true });
    for (const l of connectListeners) l();
  });
  s.on('disconnect', () => {
    // `active`: the client reconnects by itself (not after a disconnect the server or this app asked for).
    pendingConnect = s.active;
    connectionEvents.connecting();
  });
  // A handshake refused because the account signed in elsewhere or was frozen (while this device was away):
  // log out and say why, instead of trying to connect for ever.
  s.on('connect_error', (error) => {
    const data = (error as Error & { data?: unknown }).data;
    if (useAuth.getState().token === token && explainLogout(data)) {
      useAuth.getState().logout();
      return;
    }
    connectionEvents.connecting();
  });
  s.io.on('reconnect_attempt', () => connectionEvents.connecting());
  for (const [event, handlers] of subscriptions) for (const h of handlers) s.on(event, h as never);
  socket = s;
  connectionEvents.connecting();
  startHeartbeat();
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  if (typeof window !== 'undefined') {
    window.addEventListener('online', reconnectNow);
    window.addEventListener('offline', connectionEvents.offline);
  }
  for (const l of listeners) l(s);
  return s;
};

export const disconnectSocket = () => {
  generation++;
  pendingConnect = false;
  stopHeartbeat();
  if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  if (typeof window !== 'undefined') {
    window.removeEventListener('online', reconnectNow);
    window.removeEventListener('offline', connectionEvents.offline);
  }
  connectionEvents.stopped();
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  for (const l of listeners) l(null);
};
