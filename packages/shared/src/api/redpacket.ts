import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';
import { parseUsdt, usdtAmount } from '../money.ts';
import { chatMessage } from './chat.ts';
import { pin } from './user.ts';
import { requestId } from './wallet.ts';

const TRANSFER = '/app/chat/transfer';
const REDPACKET = '/app/chat/redpacket';

/** A chat transfer's remark (shown in the bubble). */
export const CHAT_TRANSFER_REMARK_MAX = 50;
/** Red packet limits (WeChat's rules): shares per packet, greeting length, smallest share, largest total. */
export const RED_PACKET_MAX_COUNT = 100;
export const RED_PACKET_GREETING_MAX = 30;
export const RED_PACKET_MIN_SHARE = '0.01';
export const RED_PACKET_MAX_TOTAL = '20000.00';

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** A red packet amount in whole cents (WeChat): every share of a lucky packet is then whole cents too. */
const packetAmount = usdtAmount.refine((s) => {
  try {
    return parseUsdt(s) % 10_000n === 0n;
  } catch {
    return true; // not an amount at all: usdtAmount's own rule answers
  }
}, 'A red packet amount has at most 2 decimals');
const money = z.string();

// ---- chat transfer ------------------------------------------------------------------------------

export const chatTransfer = z.object({
  /** The ledger entry id (the message content's `transferId`). */
  id: z.number().int(),
  amount: money,
  remark: z.string(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  createTime: z.string(),
});
export type ChatTransfer = z.infer<typeof chatTransfer>;

export const chatTransferApi = {
  send: endpoint({
    method: 'POST',
    path: `${TRANSFER}/send`,
    auth: 'user',
    summary:
      'Send USDT to the other member of a single chat (minimum 1.00, PIN): a transfer message, received at once; idempotent by requestId',
    input: z.object({
      sessionId: id,
      amount: usdtAmount,
      remark: z.string().trim().max(CHAT_TRANSFER_REMARK_MAX).default(''),
      pin,
      requestId,
    }),
    output: z.object({ message: chatMessage, transfer: chatTransfer }),
    errors: [
      ErrorCode.OutflowHeld,
      ErrorCode.OutflowLimitReached,
      ErrorCode.PinNotSet,
      ErrorCode.WrongPin,
      ErrorCode.PinLocked,
      ErrorCode.NotFriends,
      ErrorCode.Blocked,
      ErrorCode.SessionNotFound,
      ErrorCode.InsufficientBalance,
      ErrorCode.AmountBelowMinimum,
      ErrorCode.IdempotencyConflict,
      ErrorCode.TransferSingleChatOnly,
    ],
  }),
};

// ---- red packets --------------------------------------------------------------------------------

export const redPacketKinds = ['equal', 'lucky'] as const;
export type RedPacketKind = (typeof redPacketKinds)[number];
export const redPacketStatuses = ['open', 'finished', 'expired'] as const;
export type RedPacketStatus = (typeof redPacketStatuses)[number];

export const redPacketClaim = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  amount: money,
  createTime: z.string(),
  /** The largest claim of a lucky packet once it is finished or expired (the first claimer wins a tie). */
  luckiest: z.boolean(),
});
export type RedPacketClaim = z.infer<typeof redPacketClaim>;

export const redPacketDetail = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  sender: z.object({ userId: z.number().int(), nickName: z.string(), avatar: z.string() }),
  kind: z.enum(redPacketKinds),
  greeting: z.string(),
  /** Number of shares. */
  count: z.number().int(),
  /** Total amount of the packet. */
  total: money,
  claimedCount: z.number().int(),
  claimedAmount: money,
  status: z.enum(redPacketStatuses),
  expireTime: z.string(),
  createTime: z.string(),
  /** What I claimed, or null when I have not claimed. */
  myAmount: money.nullable(),
  /** What returned to the sender at expiry ("0.00" until then). */
  refundedAmount: money,
  /** Oldest first. */
  claims: z.array(redPacketClaim),
});
export type RedPacketDetail = z.infer<typeof redPacketDetail>;

export const redPacketApi = {
  send: endpoint({
    method: 'POST',
    path: `${REDPACKET}/send`,
    auth: 'user',
    summary:
      'Send a red packet (equal: amount is each share; lucky: amount is the total) with the PIN; idempotent by requestId',
    input: z.object({
      sessionId: id,
      kind: z.enum(redPacketKinds),
      count: z.coerce.number().int().min(1).max(RED_PACKET_MAX_COUNT),
      amount: packetAmount,
      greeting: z.string().trim().max(RED_PACKET_GREETING_MAX).default(''),
      pin,
      requestId,
    }),
    output: z.object({ message: chatMessage, packet: redPacketDetail }),
    errors: [
      ErrorCode.OutflowHeld,
      ErrorCode.OutflowLimitReached,
      ErrorCode.WrongPin,
      ErrorCode.PinLocked,
      ErrorCode.SessionNotFound,
      ErrorCode.Muted,
      ErrorCode.NotFriends,
      ErrorCode.Blocked,
      ErrorCode.InsufficientBalance,
      ErrorCode.IdempotencyConflict,
      ErrorCode.RedPacketAmountTooSmall,
      ErrorCode.RedPacketAmountTooLarge,
      ErrorCode.RedPacketCountTooLarge,
      ErrorCode.GroupDissolved,
      ErrorCode.PinNotSet,
    ],
  }),
  claim: endpoint({
    method: 'POST',
    path: `${REDPACKET}/claim`,
    auth: 'user',
    summary: 'Open a red packet: once per member; answers my share and the packet',
    input: z.object({ id }),
    output: z.object({ amount: money, packet: redPacketDetail }),
    errors: [
      ErrorCode.RedPacketNotFound,
      ErrorCode.RedPacketAlreadyClaimed,
      ErrorCode.RedPacketExpired,
      ErrorCode.RedPacketFinished,
      ErrorCode.RedPacketOwnPacket,
    ],
  }),
  detail: endpoint({
    method: 'GET',
    path: `${REDPACKET}/detail`,
    auth: 'user',
    summary: 'A red packet with its claim list (members of its session and its sender only)',
    input: z.object({ id }),
    output: redPacketDetail,
    errors: [ErrorCode.RedPacketNotFound],
  }),
};
