import {
  type ChatMessage,
  type ChatTransfer,
  ErrorCode,
  formatUsdt,
  MIN_TRANSFER,
  parseUsdt,
} from '@chatpay/shared';
import type { Db } from '../../db/connection.ts';
import type { Ports } from '../../http/ports.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import {
  assertCanSend,
  byClientMsgId,
  deliver,
  type MessageRow,
  memberOf,
  peerOf,
  presentMessage,
  type StoredMessage,
  sessionById,
  storeMessage,
} from '../chat/index.ts';
import type { OutflowGuard } from '../outflow/index.ts';
import { verifyPin } from '../user/index.ts';
import { transferFunds } from './transfer.ts';

const MIN_TRANSFER_MICRO = parseUsdt(MIN_TRANSFER);

/** The message of a chat transfer or red packet: `/` never appears in a client's clientMsgId, so no clash. */
export const moneyClientMsgId = (kind: 'transfer' | 'redpacket', requestId: string) => `${kind}/${requestId}`;

/**
 * Transfers in a single chat: the entry (sender available → receiver available) and the
 * `transfer` message are written in one transaction; received at once. Idempotent by (sender, requestId).
 */
export class ChatTransferService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly ports: Ports,
    private readonly outflows: OutflowGuard,
  ) {}

  async send(
    callerId: number,
    input: { sessionId: number; amount: string; remark: string; pin: string; requestId: string },
  ): Promise<{ message: ChatMessage; transfer: ChatTransfer }> {
    const amount = parseUsdt(input.amount);
    if (amount < MIN_TRANSFER_MICRO) {
      throw new AppError(ErrorCode.AmountBelowMinimum, `The minimum transfer is ${MIN_TRANSFER} USDT`, {
        minimum: MIN_TRANSFER,
      });
    }
    // Free checks first (a stranger learns nothing; a group or a removed friend costs no PIN attempt).
    await memberOf(this.db, input.sessionId, callerId);
    const session = await sessionById(this.db, input.sessionId);
    if (session.type !== 'single') throw new AppError(ErrorCode.TransferSingleChatOnly);
    const receiverId = await peerOf(this.db, input.sessionId, callerId);
    if (receiverId === null) throw new AppError(ErrorCode.SessionNotFound);
    await assertCanSend(this.db, input.sessionId, callerId, this.ports.groups);
    await verifyPin(this.db, callerId, input.pin);

    const clientMsgId = moneyClientMsgId('transfer', input.requestId);
    const outcome = await this.db.transaction(async (tx) => {
      await assertCanSend(tx, input.sessionId, callerId, this.ports.groups);
      const key = `chat-transfer:${callerId}:${input.requestId}`;
      await this.outflows.check(tx, { userId: callerId, channel: 'chat-transfer', amount, key });
      const entry = await transferFunds(tx, {
        fromUserId: callerId,
        toUserId: receiverId,
        amount,
        key,
        kind: 'chat-transfer',
        memo: input.remark,
        ref: { type: 'chat-session', id: String(input.sessionId) },
        createdBy: callerId,
      });
      if (entry.replayed) {
        // The first request committed the entry and its message together.
        const first = await byClientMsgId(tx, callerId, clientMsgId);
        if (!first) throw new Error(`Chat transfer ${entry.id} has no message`);
        return { entry, message: first, stored: null };
      }
      const stored: StoredMessage = await storeMessage(tx, {
        sessionId: input.sessionId,
        senderId: callerId,
        clientMsgId,
        contentType: 'transfer',
        content: {
          op: 'add',
          transferId: entry.id,
          amount: formatUsdt(amount),
          remark: input.remark,
          receiverId,
        },
      });
      return { entry, message: stored.message, stored };
    });
    if (outcome.stored) deliver(this.realtime, outcome.stored);
    return {
      message: presentMessage(outcome.message),
      transfer: presentChatTransfer(outcome.message, outcome.entry.createTime),
    };
  }
}

const presentChatTransfer = (message: MessageRow, createTime: Date): ChatTransfer => {
  const c = message.content as { transferId: number; amount: string; remark: string; receiverId: number };
  return {
    id: c.transferId,
    amount: c.amount,
    remark: c.remark,
    senderId: message.senderId,
    receiverId: c.receiverId,
    createTime: createTime.toISOString(),
  };
};
