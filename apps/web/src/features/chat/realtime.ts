import {
  type ChatMessage,
  type ChatSession,
  chatMessage,
  friendConfirmPayload,
  messageRemovePayload,
  peerReadPayload,
  peerTypingPayload,
  sessionClearPayload,
  sessionDeletePayload,
  sessionSettingPayload,
  updateUnreadPayload,
} from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { getSocket, onServerEvent, onSocketConnect } from '../../lib/socket.ts';
import { createCatchUpTick } from './catch-up-tick.ts';
import {
  bindQueryClient,
  catchUp,
  dropConvos,
  forgetRestore,
  invalidate,
  isOpen,
  markRead,
  myId,
  outbox,
  receive,
  receiveChange,
  receiveClear,
  receiveRemoval,
  refreshSessionsSoon,
  restoreOutbox,
  retryFailed,
  sessionsOf,
  setSession,
  setSessions,
  syncChanges,
  visible,
} from './engine.ts';
import { chatKeys } from './keys.ts';
import { notifyMessage } from './notify.ts';
import { peerStoppedTyping, peerTyping } from './presence.ts';
import { applyMessage, applySetting, applyUnread, removeSession } from './sessions.ts';
import { playMessageSound } from './sound.ts';
import { useChatStore } from './store.ts';

type MessageListener = (m: ChatMessage) => void;
const messageListeners = new Set<MessageListener>();

/**
 * Another feature's part in a message that arrives (money came with a transfer, a group changed): called
 * for every message, after the chat has stored it. The feature's own server events it registers with
 * `onServerEvent` (lib/socket.ts); `app/realtime.ts` starts them all with the chat engine.
 */
export const onChatMessage = (listener: MessageListener) => {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
};

/** Server events by name (docs/product.md#api); payloads are validated before use. */
const handlers = {
  message: (raw: unknown) => {
    const parsed = chatMessage.safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    const before = sessionsOf()?.find((s) => s.id === m.sessionId);
    const isNew = !before || m.seq > before.lastSeq;
    const outcome = applyMessage(sessionsOf() ?? [], m, myId());
    if (outcome.unknown) refreshSessionsSoon();
    else setSessions(() => outcome.sessions);
    receive(m.sessionId, [m]);
    receiveChange(m);
    if (m.senderId !== myId()) peerStoppedTyping(m.sessionId);
    for (const listener of messageListeners) listener(m);
    const fromOther = m.senderId !== myId();
    if (isOpen(m.sessionId)) void markRead(m.sessionId);
    else if (fromOther && isNew && before?.useNotify !== false) {
      playMessageSound();
      notifyMessage(m, before?.name ?? '');
    }
  },
  /** I deleted messages for me on another device (or this one): they leave the chat here too. */
  onMessageRemove: (raw: unknown) => {
    const parsed = messageRemovePayload.safeParse(raw);
    if (!parsed.success) return;
    receiveRemoval(parsed.data);
    // The list's preview may be one of them.
    refreshSessionsSoon();
  },
  /** I cleared a chat on another device (or this one): its history leaves here too. */
  onSessionClear: (raw: unknown) => {
    const parsed = sessionClearPayload.safeParse(raw);
    if (!parsed.success) return;
    receiveClear(parsed.data);
    invalidate(chatKeys.sessions());
  },
  /** The peer of a single chat read up to a seq: "Read" moves under my newest message they saw. */
  onPeerRead: (raw: unknown) => {
    const parsed = peerReadPayload.safeParse(raw);
    if (!parsed.success) return;
    const { sessionId, readSeq } = parsed.data;
    const raise = (s: ChatSession): ChatSession =>
      s.id === sessionId ? { ...s, peerReadSeq: Math.max(s.peerReadSeq ?? 0, readSeq) } : s;
    setSessions((list) => list.map(raise));
    setSession(sessionId, raise);
  },
  typing: (raw: unknown) => {
    const parsed = peerTypingPayload.safeParse(raw);
    if (parsed.success && parsed.data.userId !== myId()) peerTyping(parsed.data.sessionId);
  },
  onUpdateUnread: (raw: unknown) => {
    const parsed = updateUnreadPayload.safeParse(raw);
    if (!parsed.success) return;
    const { sessionId, unreadCount } = parsed.data;
    if (isOpen(sessionId) && unreadCount > 0) {
      void markRead(sessionId);
      return;
    }
    const outcome = applyUnread(sessionsOf() ?? [], sessionId, unreadCount);
    if (outcome.unknown) refreshSessionsSoon();
    else setSessions(() => outcome.sessions);
  },
  /** I hid a session on another device (or this one), or left a group: it leaves the list here too. */
  onSessionDelete: (raw: unknown) => {
    const parsed = sessionDeletePayload.safeParse(raw);
    if (parsed.success) setSessions((list) => removeSession(list, parsed.data.sessionId));
    refreshSessionsSoon();
  },
  /** I pinned or muted a session on another device (or this one): the list and its settings page follow. */
  onSessionSetting: (raw: unknown) => {
    const parsed = sessionSettingPayload.safeParse(raw);
    if (!parsed.success) return;
    const { sessionId, isTop, useNotify } = parsed.data;
    const outcome = applySetting(sessionsOf() ?? [], parsed.data);
    setSessions(() => outcome.sessions);
    setSession(sessionId, (s) => ({ ...s, isTop, useNotify }));
    // A pin moves the session: the server's order (pinned first) is read again.
    if (outcome.moved || outcome.unknown) invalidate(chatKeys.sessions());
  },
  onFriendRequest: () => {
    invalidate(chatKeys.requestCount());
    invalidate(chatKeys.requests());
  },
  onFriendConfirm: (raw: unknown) => {
    if (!friendConfirmPayload.safeParse(raw).success) return;
    invalidate(chatKeys.friends());
    invalidate([...chatKeys.all, 'user']);
    refreshSessionsSoon();
  },
  onFriendRemove: () => {
    invalidate(chatKeys.friends());
    invalidate([...chatKeys.all, 'user']);
    refreshSessionsSoon();
  },
} as const;

/**
 * After every (re)connect: each loaded thread catches up by seq (new messages) and by changes (recalls, my
 * deletions and clears made meanwhile), and the list reloads (docs/design/chat-delivery.md).
 */
const onConnect = () => {
  invalidate(chatKeys.sessions());
  // Messages held back while the network was down go out now, in their order.
  outbox.wake();
  for (const id of outbox.blockedSessions()) retryFailed(id);
  for (const [id, thread] of Object.entries(useChatStore.getState().threads)) {
    if (!thread.loaded) continue;
    void catchUp(Number(id)).catch(() => undefined);
    void syncChanges(Number(id)).catch(() => undefined);
  }
};

let started = false;

/** Starts the delivery engine once: socket events, catch-up on connect, a clean slate on logout. */
export const startChatEngine = (client: QueryClient) => {
  bindQueryClient(client);
  if (started) return;
  started = true;
  for (const [event, handler] of Object.entries(handlers)) {
    onServerEvent(event as keyof typeof handlers, handler);
  }
  onSocketConnect(onConnect);
  createCatchUpTick({
    connected: () => getSocket()?.connected ?? false,
    visible,
    openLoaded: () => {
      const open = useChatStore.getState().openId;
      return open !== null && useChatStore.getState().threads[open]?.loaded ? open : null;
    },
    catchUp,
    reloadList: () => invalidate(chatKeys.sessions()),
  }).start();
  if (typeof window !== 'undefined') window.addEventListener('online', () => outbox.wake());
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      const open = useChatStore.getState().openId;
      if (open && visible()) void markRead(open);
    });
  }
  let token = useAuth.getState().token;
  if (token) restoreOutbox();
  useAuth.subscribe((state) => {
    if (state.token === token) return;
    const hadUser = token !== null;
    token = state.token;
    if (state.token && !hadUser) restoreOutbox();
    if (!state.token && hadUser) {
      useChatStore.getState().reset();
      dropConvos();
      forgetRestore();
    }
  });
};
