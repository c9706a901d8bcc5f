import { TYPING_SHOW_MS, TYPING_THROTTLE_MS } from '@chatpay/shared';
import { create } from 'zustand';
import { getSocket } from '../../lib/socket.ts';
import type { UiMessage } from './thread.ts';

/**
 * The typing indicator and read receipts of single chats, from realtime events only: nothing is
 * fetched for them, and the server relays typing at most once per TYPING_THROTTLE_MS.
 */
export const useTyping = create<{ until: Record<number, number> }>()(() => ({ until: {} }));

/** The peer of `sessionId` is typing: the chat shows it for TYPING_SHOW_MS unless another event comes. */
export const peerTyping = (sessionId: number) => {
  useTyping.setState((s) => ({ until: { ...s.until, [sessionId]: Date.now() + TYPING_SHOW_MS } }));
  setTimeout(() => {
    const until = useTyping.getState().until[sessionId] ?? 0;
    if (until <= Date.now()) useTyping.setState((s) => ({ until: { ...s.until, [sessionId]: 0 } }));
  }, TYPING_SHOW_MS + 50);
};

/** A message from the peer ends their typing at once. */
export const peerStoppedTyping = (sessionId: number) => {
  if (useTyping.getState().until[sessionId])
    useTyping.setState((s) => ({ until: { ...s.until, [sessionId]: 0 } }));
};

export const useIsTyping = (sessionId: number) => useTyping((s) => (s.until[sessionId] ?? 0) > Date.now());

const lastSent = new Map<number, number>();
/** I am typing in a single chat: tell the peer, at most once per throttle window. */
export const sendTyping = (sessionId: number) => {
  const now = Date.now();
  if (now - (lastSent.get(sessionId) ?? 0) < TYPING_THROTTLE_MS) return;
  const socket = getSocket();
  if (!socket?.connected) return;
  lastSent.set(sessionId, now);
  socket.emit('typing', { sessionId });
};

/** The id of my newest stored message the peer has read (where "Read" shows), or null. */
export const readMarkOf = (items: readonly UiMessage[], me: number | null, peerReadSeq: number | null) => {
  if (peerReadSeq === null || me === null) return null;
  for (let i = items.length - 1; i >= 0; i--) {
    const m = items[i] as UiMessage;
    if (m.status !== 'sent' || m.senderId !== me || m.contentType === 'notice') continue;
    if (m.seq <= peerReadSeq) return m.id;
  }
  return null;
};
