import type { ChatMessage, ChatSession } from '@chatpay/shared';

/** The tab-bar badge: the sum of unread counts over the sessions shown. */
export const unreadSum = (sessions: readonly ChatSession[] | undefined) =>
  (sessions ?? []).reduce((sum, s) => sum + (s.isDelete ? 0 : Math.max(0, s.unreadCount)), 0);

/** Pinned sessions first, then the newest chat first (the order the server answers). */
const insertAtTop = (sessions: ChatSession[], session: ChatSession) => {
  const rest = sessions.filter((s) => s.id !== session.id);
  const at = session.isTop ? 0 : rest.findIndex((s) => !s.isTop);
  rest.splice(at < 0 ? rest.length : at, 0, session);
  return rest;
};

export interface MessageOutcome {
  sessions: ChatSession[];
  /** The session is not in the list: the list must be refreshed (after 2 s, docs/product.md#sessions). */
  unknown: boolean;
}

/**
 * docs/product.md#sessions: a message for a known session moves it to the top, clears its deleted flag and
 * updates its last content. Unread = last seq − read seq (docs/design/chat-delivery.md); my own message means
 * I have read up to it. A re-emitted message (recall: same seq) only refreshes the preview when it is the
 * newest.
 */
export const applyMessage = (
  sessions: readonly ChatSession[],
  message: ChatMessage,
  myId: number | null,
): MessageOutcome => {
  const current = sessions.find((s) => s.id === message.sessionId);
  if (!current) return { sessions: [...sessions], unknown: true };
  if (message.seq < current.lastSeq) return { sessions: [...sessions], unknown: false };
  const mine = message.senderId === myId;
  const lastSeq = Math.max(current.lastSeq, message.seq);
  const readSeq = mine ? Math.max(current.readSeq, message.seq) : current.readSeq;
  const updated: ChatSession = {
    ...current,
    content: message.content,
    contentType: message.contentType,
    lastChatTime: message.seq > current.lastSeq ? message.createTime : current.lastChatTime,
    lastSeq,
    readSeq,
    unreadCount: Math.max(0, lastSeq - readSeq),
    isDelete: false,
  };
  if (message.seq === current.lastSeq) {
    return { sessions: sessions.map((s) => (s.id === updated.id ? updated : s)), unknown: false };
  }
  return { sessions: insertAtTop([...sessions], updated), unknown: false };
};

/** I have read a session up to `seq`. */
export const applyRead = (sessions: readonly ChatSession[], sessionId: number, seq: number) =>
  sessions.map((s) => {
    if (s.id !== sessionId || seq <= s.readSeq) return s;
    const readSeq = Math.min(Math.max(s.readSeq, seq), Math.max(s.lastSeq, seq));
    return { ...s, readSeq, unreadCount: Math.max(0, s.lastSeq - readSeq) };
  });

/** The server's word on one session's unread count; `unknown` when the session is not listed. */
export const applyUnread = (sessions: readonly ChatSession[], sessionId: number, unreadCount: number) => {
  const unknown = !sessions.some((s) => s.id === sessionId);
  return {
    unknown,
    sessions: sessions.map((s) =>
      s.id === sessionId ? { ...s, unreadCount, readSeq: Math.max(s.readSeq, s.lastSeq - unreadCount) } : s,
    ),
  };
};

/** A session left my list (deleted here or on another device). */
export const removeSession = (sessions: readonly ChatSession[], sessionId: number) =>
  sessions.filter((s) => s.id !== sessionId);

/**
 * My pin and mute of one session as the server now holds them (set on another device, or this one). Answers
 * whether the pin changed: the list's order then comes from the server (pinned first).
 */
export const applySetting = (
  sessions: readonly ChatSession[],
  setting: { sessionId: number; isTop: boolean; useNotify: boolean },
) => {
  const current = sessions.find((s) => s.id === setting.sessionId);
  const { isTop, useNotify } = setting;
  return {
    sessions: sessions.map((s) => (s.id === setting.sessionId ? { ...s, isTop, useNotify } : s)),
    unknown: current === undefined,
    moved: current !== undefined && current.isTop !== isTop,
  };
};

/** Replaces one session's settings (mute, pin) with the server's answer. */
export const replaceSession = (sessions: readonly ChatSession[], session: ChatSession) =>
  sessions.map((s) => (s.id === session.id ? { ...s, ...session } : s));
