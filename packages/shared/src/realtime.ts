import { z } from 'zod';
import type { TicketKind, TicketStatus } from './api/app.ts';
import type { OrderStatusPayload, OrderUnreadPayload } from './api/c2c-market.ts';
import { type ChatMessage, friendRequest } from './api/chat.ts';
import type { ChainRecord } from './api/wallet.ts';

/**
 * Socket.IO `/chat` namespace events (SPEC §7). The per-user channel event is `user` (single-session kick,
 * SPEC §4). It never carries a token: `login` names the session id (`sid` claim of the access token) that is
 * now current, and a client whose own token has another sid logs out; `ended` means every session of the
 * member was ended (admin freeze or force logout), and every client logs out.
 */
export const userChannelPayload = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), sid: z.string() }),
  z.object({ type: z.literal('ended'), reason: z.string() }),
]);
export type UserChannelPayload = z.infer<typeof userChannelPayload>;

export const heartbeatPayload = z.object({ interval: z.number().int().min(1).max(3600), time: z.number() });
export type HeartbeatPayload = z.infer<typeof heartbeatPayload>;

/** A member's unread count of one session changed (new message, read, clear). */
export const updateUnreadPayload = z.object({ sessionId: z.number().int(), unreadCount: z.number().int() });
export type UpdateUnreadPayload = z.infer<typeof updateUnreadPayload>;
/** One of my sessions was hidden from my list (by me, on another socket). */
export const sessionDeletePayload = z.object({ sessionId: z.number().int() });
export type SessionDeletePayload = z.infer<typeof sessionDeletePayload>;
/** Someone asked to be my friend. */
export const friendRequestPayload = friendRequest;
export type FriendRequestPayload = z.infer<typeof friendRequestPayload>;
/** `userId` removed me as a friend (or I removed them, on my other sockets). */
export const friendRemovePayload = z.object({ userId: z.number().int() });
export type FriendRemovePayload = z.infer<typeof friendRemovePayload>;
/** `userId` approved my request `id`; `sessionId` is our single session. */
export const friendConfirmPayload = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  sessionId: z.number().int(),
});
export type FriendConfirmPayload = z.infer<typeof friendConfirmPayload>;

/** Someone opened a red packet (sent to its sender and the claimer), so an open bubble can refresh. */
export const redPacketPayload = z.object({
  packetId: z.number().int(),
  sessionId: z.number().int(),
  claimedCount: z.number().int(),
  status: z.enum(['open', 'finished', 'expired']),
});
export type RedPacketPayload = z.infer<typeof redPacketPayload>;

/**
 * Money reached me without a chat message of its own (a transfer by member id): refresh the balance and say
 * who sent it (issue 17). `from` is the sender's public face only.
 */
export const walletPayload = z.object({
  kind: z.literal('transferIn'),
  entryId: z.number().int(),
  amount: z.string(),
  from: z.object({ nickName: z.string(), memberId: z.string() }),
});
export type WalletPayload = z.infer<typeof walletPayload>;

/**
 * A countdown of one of my orders needs me (sent once per order by the `c2c-order-reminders` job): the payment
 * deadline is near (`payment-soon`, to the buyer) or the release deadline passed (`release-due`, to both).
 */
export interface OrderReminderPayload {
  orderId: number;
  kind: 'payment-soon' | 'release-due';
  /** Whole minutes left to pay (`payment-soon`), 0 otherwise. */
  minutesLeft: number;
  page: string;
}

/** Support answered one of my complaints or feedback tickets. */
export interface TicketReplyPayload {
  kind: TicketKind;
  id: number;
  status: TicketStatus;
}

/** A new console item of one kind (appeal, merchant application, withdrawal to review, ticket). */
export interface ConsolePayload {
  kind: 'appeal' | 'merchant' | 'withdrawal' | 'complain' | 'feedback';
}

export interface ServerToClientEvents {
  user: (payload: UserChannelPayload) => void;
  /** A stored message (new, or recalled: same id and seq, replace by id). */
  message: (payload: ChatMessage) => void;
  onUpdateUnread: (payload: UpdateUnreadPayload) => void;
  onSessionDelete: (payload: SessionDeletePayload) => void;
  onFriendRequest: (payload: FriendRequestPayload) => void;
  onFriendRemove: (payload: FriendRemovePayload) => void;
  onFriendConfirm: (payload: FriendConfirmPayload) => void;
  redpacket: (payload: RedPacketPayload) => void;
  /** An order of mine changed status; `page` is the order page to open (SPEC §2). */
  onC2COrderStatus: (payload: OrderStatusPayload) => void;
  onC2COrderReminder: (payload: OrderReminderPayload) => void;
  onTicketReply: (payload: TicketReplyPayload) => void;
  /** My unread order count (`transaction/unread`). */
  onC2COrderUnread: (payload: OrderUnreadPayload) => void;
  /** One of my deposits or withdrawals changed state or confirmation count (docs/design/chain.md). */
  chain: (payload: ChainRecord) => void;
  /** Money arrived in my wallet (a transfer by member id). */
  wallet: (payload: WalletPayload) => void;
  /** Staff only: a new item waits in a console queue (the menu entry's badge counts it). */
  console: (payload: ConsolePayload) => void;
}

/** The page went to the background or came back: a member whose sockets are all hidden gets Web Push. */
export const visibilityPayload = z.object({ hidden: z.boolean() });
export type VisibilityPayload = z.infer<typeof visibilityPayload>;

export interface ClientToServerEvents {
  heartbeat: (payload: HeartbeatPayload, ack?: (reply: { time: number }) => void) => void;
  visibility: (payload: VisibilityPayload) => void;
}
