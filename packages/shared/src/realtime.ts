import { z } from 'zod';
import type { TicketKind, TicketStatus } from './api/app.ts';
import { merchantStatuses } from './api/c2c.ts';
import type { OrderStatusPayload, OrderUnreadPayload } from './api/c2c-market.ts';
import { type ChatMessage, friendRequest } from './api/chat.ts';
import { kycStatuses } from './api/kyc.ts';
import type { ChainRecord } from './api/wallet.ts';

/**
 * Why the server refused a member's session, carried as `data.reason` of a 401 answer, of a refused refresh
 * and of a refused socket handshake, and as the `reason` of a `user` `ended` event for a freeze: the client
 * tells the member in their language. `replaced`: the account signed in on another device;
 * `frozen`: an operator froze the account.
 */
export const LoggedOutReason = { Replaced: 'replaced', Frozen: 'frozen' } as const;
export type LoggedOutReason = (typeof LoggedOutReason)[keyof typeof LoggedOutReason];

/**
 * Socket.IO `/chat` namespace events (docs/product.md#realtime). The per-user channel event is `user`
 * (single-session kick, docs/product.md#tokens). It never carries a token: `login` names the session id
 * (`sid` claim of the access token) that is now current, and a client whose own token has another sid logs
 * out; `ended` means every session of the member was ended (admin freeze or force logout), and every client
 * logs out.
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
/**
 * I pinned, unpinned, muted or unmuted one of my sessions (on another socket, or this one): its settings as
 * they are now, so every device of mine shows the same list (chat-delivery.md "Settings on every device").
 */
export const sessionSettingPayload = z.object({
  sessionId: z.number().int(),
  isTop: z.boolean(),
  useNotify: z.boolean(),
});
export type SessionSettingPayload = z.infer<typeof sessionSettingPayload>;
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
 * My balance moved without a chat message of its own (a transfer by member id, a pay-desk refund, an
 * operator's adjustment, a payment to my shop): refresh the balance and say why. `from` is the sender's
 * public face only.
 */
export const walletPayload = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('transferIn'),
    entryId: z.number().int(),
    amount: z.string(),
    from: z.object({ nickName: z.string(), memberId: z.string() }),
  }),
  /** A merchant refunded (part of) a pay-desk order I paid (docs/design/paydesk.md). */
  z.object({
    kind: z.literal('payRefund'),
    entryId: z.number().int(),
    amount: z.string(),
    orderNo: z.string(),
    merchant: z.object({ name: z.string() }),
  }),
  /** An operator credited (positive `amount`) or debited (negative) my wallet (docs/security.md, "Ledger adjustments"). */
  z.object({ kind: z.literal('adjusted'), entryId: z.number().int(), amount: z.string() }),
  /** A member paid a pay-desk order of my shop (docs/design/paydesk.md). */
  z.object({ kind: z.literal('payIn'), entryId: z.number().int(), amount: z.string(), orderNo: z.string() }),
]);
export type WalletPayload = z.infer<typeof walletPayload>;

/**
 * A countdown of one of my orders needs me (sent once per order by the `c2c-order-reminders` job): the payment
 * deadline is near (`payment-soon`, to the buyer) or the release deadline passed (`release-due`, to both).
 * `role` is mine in the order: a seller is asked to release, a buyer told they may appeal.
 */
export const orderReminderPayload = z.object({
  orderId: z.number().int(),
  kind: z.enum(['payment-soon', 'release-due']),
  role: z.enum(['buyer', 'seller']),
  /** Whole minutes left to pay (`payment-soon`), 0 otherwise. */
  minutesLeft: z.number().int().min(0),
  page: z.string(),
});
export type OrderReminderPayload = z.infer<typeof orderReminderPayload>;

/** Support decided my merchant application (or revoked my merchant status): `/pages/c2c/my` shows it live. */
export const merchantReviewPayload = z.object({
  status: z.enum(merchantStatuses),
  reviewNote: z.string(),
});
export type MerchantReviewPayload = z.infer<typeof merchantReviewPayload>;

/** A reviewer decided (or half-approved) my identity submission: the verification page reads it again. */
export const kycReviewPayload = z.object({
  id: z.number().int(),
  status: z.enum(kycStatuses),
  level: z.number().int().min(0).max(2),
});
export type KycReviewPayload = z.infer<typeof kycReviewPayload>;

/** Support answered one of my complaints or feedback tickets. */
export interface TicketReplyPayload {
  kind: TicketKind;
  id: number;
  status: TicketStatus;
}

/**
 * A console queue changed: a new item of one kind arrived (appeal, merchant application, withdrawal to review,
 * ticket, customer-service message) or one was handled; staff consoles load their badges and lists again.
 */
export interface ConsolePayload {
  kind:
    | 'appeal'
    | 'merchant'
    | 'withdrawal'
    | 'complain'
    | 'feedback'
    | 'service'
    | 'moneyAction'
    | 'adjustment'
    | 'staffRequest'
    | 'factorReset'
    | 'kyc';
}

/**
 * Moments news for me: a friend posted (`post`), or someone liked or commented on my moment (or
 * replied to my comment). `userId` and `avatar` are who did it; the app shows a badge on Discovery.
 */
export const momentNewsPayload = z.object({
  kind: z.enum(['post', 'like', 'comment']),
  momentId: z.number().int(),
  userId: z.number().int(),
  avatar: z.string(),
});
export type MomentNewsPayload = z.infer<typeof momentNewsPayload>;

/** I am typing in a single session (client → server; relayed to the peer at most every TYPING_THROTTLE_MS). */
export const typingPayload = z.object({ sessionId: z.number().int().positive().max(2_147_483_647) });
export type TypingPayload = z.infer<typeof typingPayload>;
/** The peer of a single session is typing (shown for TYPING_SHOW_MS unless another one arrives). */
export const peerTypingPayload = z.object({ sessionId: z.number().int(), userId: z.number().int() });
export type PeerTypingPayload = z.infer<typeof peerTypingPayload>;
export const TYPING_THROTTLE_MS = 3000;
export const TYPING_SHOW_MS = 5000;
/** The peer of a single session (order chats included) has read up to `readSeq` (read receipts). */
export const peerReadPayload = z.object({ sessionId: z.number().int(), readSeq: z.number().int() });
export type PeerReadPayload = z.infer<typeof peerReadPayload>;

/** I deleted messages for me on another socket (`changeSeq`: my member change seq of the session). */
export const messageRemovePayload = z.object({
  sessionId: z.number().int(),
  ids: z.array(z.number().int()),
  changeSeq: z.number().int(),
});
export type MessageRemovePayload = z.infer<typeof messageRemovePayload>;
/** I cleared a session's history on another socket: drop every message at or below `clearedSeq`. */
export const sessionClearPayload = z.object({
  sessionId: z.number().int(),
  clearedSeq: z.number().int(),
  changeSeq: z.number().int(),
});
export type SessionClearPayload = z.infer<typeof sessionClearPayload>;

export interface ServerToClientEvents {
  user: (payload: UserChannelPayload) => void;
  /**
   * A stored message (new, or recalled: same id and seq, replace by id, with its `changeSeq`). One payload
   * for every member: its `recallableUntil` is the sender's, the only member who may recall it.
   */
  message: (payload: ChatMessage) => void;
  /** My own deletions (delete for me) and clears, for my other devices (chat-delivery.md "Changes since"). */
  onMessageRemove: (payload: MessageRemovePayload) => void;
  onSessionClear: (payload: SessionClearPayload) => void;
  onUpdateUnread: (payload: UpdateUnreadPayload) => void;
  /** I hid one of my sessions (`setChat chat.delete`): it leaves the list on my other devices. */
  onSessionDelete: (payload: SessionDeletePayload) => void;
  /** I pinned/unpinned or muted/unmuted one of my sessions: my other devices show it so. */
  onSessionSetting: (payload: SessionSettingPayload) => void;
  onFriendRequest: (payload: FriendRequestPayload) => void;
  onFriendRemove: (payload: FriendRemovePayload) => void;
  onFriendConfirm: (payload: FriendConfirmPayload) => void;
  redpacket: (payload: RedPacketPayload) => void;
  /** An order of mine changed status; `page` is the order page to open (docs/product.md#navigation). */
  onC2COrderStatus: (payload: OrderStatusPayload) => void;
  onC2COrderReminder: (payload: OrderReminderPayload) => void;
  onTicketReply: (payload: TicketReplyPayload) => void;
  onMerchantReview: (payload: MerchantReviewPayload) => void;
  /** My identity submission was decided (docs/design/identity.md). */
  onKycReview: (payload: KycReviewPayload) => void;
  /** My unread order count (`transaction/unread`). */
  onC2COrderUnread: (payload: OrderUnreadPayload) => void;
  /** One of my deposits or withdrawals changed state or confirmation count (docs/design/chain.md). */
  chain: (payload: ChainRecord) => void;
  /** Money arrived in my wallet (a transfer by member id). */
  wallet: (payload: WalletPayload) => void;
  /** Staff only: a console queue changed (the menu entry's badge counts what waits in it). */
  console: (payload: ConsolePayload) => void;
  /** The peer of one of my single sessions is typing. */
  typing: (payload: PeerTypingPayload) => void;
  /** The peer of one of my single sessions read my messages up to a seq. */
  onPeerRead: (payload: PeerReadPayload) => void;
  /** A friend posted a moment, or someone liked or commented on mine. */
  moment: (payload: MomentNewsPayload) => void;
}

/** The page went to the background or came back: a member whose sockets are all hidden gets Web Push. */
export const visibilityPayload = z.object({ hidden: z.boolean() });
export type VisibilityPayload = z.infer<typeof visibilityPayload>;

/**
 * The answer to `sendMessage`: the envelope HTTP `message/send` answers (code 1000 with `{id, sessionId, seq,
 * clientMsgId, createTime, recallableUntil}`, or an error code, its data and message).
 */
export interface SendMessageReply {
  code: number;
  data: unknown;
  message: string;
}

export interface ClientToServerEvents {
  heartbeat: (payload: HeartbeatPayload, ack?: (reply: { time: number }) => void) => void;
  visibility: (payload: VisibilityPayload) => void;
  typing: (payload: TypingPayload) => void;
  /**
   * Sends a chat message over the socket: the input of HTTP `message/send` (same schema, rate
   * limit and idempotency by clientMsgId), answered through the acknowledgement with the same envelope.
   * HTTP `message/send` stays (docs/product.md#api); a client uses this while connected.
   */
  sendMessage: (payload: unknown, ack: (reply: SendMessageReply) => void) => void;
}
