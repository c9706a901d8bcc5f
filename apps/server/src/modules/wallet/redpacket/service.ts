import {
  type ChatMessage,
  ErrorCode,
  formatUsdt,
  micro,
  parseUsdt,
  RED_PACKET_MAX_TOTAL,
  type RedPacketDetail,
  type RedPacketKind,
} from '@chatpay/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/connection.ts';
import type { Ports } from '../../../http/ports.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import {
  assertCanSend,
  deliver,
  isSessionMember,
  memberOf,
  messageById,
  presentMessage,
  type SessionRow,
  type StoredMessage,
  sessionById,
  storeMessage,
} from '../../chat/index.ts';
import { groupOfSession, memberCount } from '../../group/index.ts';
import { ensureMemberAccounts, ensureSystemAccount, postEntry, SystemAccount } from '../../ledger/index.ts';
import type { OutflowGuard } from '../../outflow/index.ts';
import { verifyPin } from '../../user/index.ts';
import { moneyClientMsgId } from '../chat-transfer.ts';
import { redPacketClaims, redPackets } from '../tables.ts';
import { presentPacket } from './presenter.ts';
import { claimsOf, type PacketRow, packetById, profilesOf } from './queries.ts';
import { MIN_SHARE, nextShare } from './split.ts';

const MAX_TOTAL = parseUsdt(RED_PACKET_MAX_TOTAL);

export interface SendPacketInput {
  sessionId: number;
  kind: RedPacketKind;
  count: number;
  amount: string;
  greeting: string;
  pin: string;
  requestId: string;
}

/**
 * Red packets (docs/design/ledger.md, "Red packets"): the sender's money goes to the `redpacket` escrow account
 * in the transaction that writes the packet and its message; claims take shares from escrow under the packet's
 * row lock; the sweeper (expiry.ts) returns what is left after the TTL.
 */
export class RedPacketService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
    private readonly ports: Ports,
    private readonly outflows: OutflowGuard,
  ) {}

  async send(
    callerId: number,
    input: SendPacketInput,
  ): Promise<{ message: ChatMessage; packet: RedPacketDetail }> {
    const amount = parseUsdt(input.amount);
    // WeChat's rule: `amount` is each share of an equal packet, the total of a lucky one.
    const total = input.kind === 'equal' ? amount * BigInt(input.count) : amount;
    if (total < MIN_SHARE * BigInt(input.count)) throw new AppError(ErrorCode.RedPacketAmountTooSmall);
    if (total > MAX_TOTAL) throw new AppError(ErrorCode.RedPacketAmountTooLarge);
    await memberOf(this.db, input.sessionId, callerId);
    const session = await sessionById(this.db, input.sessionId);
    await checkCount(this.db, session, input.count);
    await assertCanSend(this.db, input.sessionId, callerId, this.ports.groups);
    await verifyPin(this.db, callerId, input.pin);

    const outcome = await this.db.transaction(async (tx) => {
      // Group row (share lock) first, as every send: a concurrent removal or mute is seen.
      await assertCanSend(tx, input.sessionId, callerId, this.ports.groups);
      await checkCount(tx, session, input.count);
      const [created] = await tx
        .insert(redPackets)
        .values({
          sessionId: input.sessionId,
          senderId: callerId,
          requestId: input.requestId,
          kind: input.kind,
          greeting: input.greeting,
          count: input.count,
          total,
          remainingAmount: total,
          remainingCount: input.count,
          expireTime: new Date(this.clock.now().getTime() + this.ttlSeconds * 1000),
        })
        // A concurrent duplicate waits here for the first and then finds its row.
        .onConflictDoNothing({ target: [redPackets.senderId, redPackets.requestId] })
        .returning();
      if (!created) {
        const [first] = await tx
          .select()
          .from(redPackets)
          .where(and(eq(redPackets.senderId, callerId), eq(redPackets.requestId, input.requestId)));
        if (!first) throw new Error(`Red packet ${input.requestId} vanished`);
        const same =
          first.sessionId === input.sessionId &&
          first.kind === input.kind &&
          first.count === input.count &&
          first.total === total;
        if (!same) throw new AppError(ErrorCode.IdempotencyConflict);
        const message = await messageById(tx, first.messageId!);
        return { packet: first, message: message!, stored: null };
      }
      const key = `redpacket:${callerId}:${input.requestId}`;
      await this.outflows.check(tx, { userId: callerId, channel: 'redpacket', amount: total, key });
      const escrow = await ensureSystemAccount(tx, SystemAccount.RedPacket);
      const sender = (await ensureMemberAccounts(tx, [callerId])).get(callerId)!;
      const entry = await postEntry(tx, {
        key,
        kind: 'redpacket',
        legs: [
          { accountId: sender.available, amount: -total },
          { accountId: escrow, amount: total },
        ],
        memo: input.greeting,
        ref: { type: 'redpacket', id: String(created.id) },
        createdBy: callerId,
      });
      const stored: StoredMessage = await storeMessage(tx, {
        sessionId: input.sessionId,
        senderId: callerId,
        clientMsgId: moneyClientMsgId('redpacket', input.requestId),
        contentType: 'redpacket',
        content: { packetId: created.id, kind: input.kind, count: input.count, greeting: input.greeting },
      });
      const [packet] = await tx
        .update(redPackets)
        .set({ messageId: stored.message.id, entryId: entry.id })
        .where(eq(redPackets.id, created.id))
        .returning();
      return { packet: packet!, message: stored.message, stored };
    });
    if (outcome.stored) deliver(this.realtime, outcome.stored);
    return {
      message: presentMessage(outcome.message),
      packet: await this.present(this.db, outcome.packet, callerId),
    };
  }

  /**
   * Takes my share: under the packet's row lock, checks (in this order) that I have not claimed, that it has
   * not expired (database clock) and that a share is left; then the share moves escrow → my available.
   */
  async claim(callerId: number, id: number): Promise<{ amount: string; packet: RedPacketDetail }> {
    const found = await packetById(this.db, id, this.clock.now());
    if (!found) throw new AppError(ErrorCode.RedPacketNotFound);
    await assertMayClaim(this.db, found, callerId);
    const outcome = await this.db.transaction(async (tx) => {
      const packet = (await packetById(tx, id, this.clock.now(), true))!;
      await assertMayClaim(tx, packet, callerId);
      const [mine] = await tx
        .select({ id: redPacketClaims.id })
        .from(redPacketClaims)
        .where(and(eq(redPacketClaims.packetId, id), eq(redPacketClaims.userId, callerId)));
      if (mine) throw new AppError(ErrorCode.RedPacketAlreadyClaimed);
      if (packet.status === 'expired' || (packet.status === 'open' && packet.expired)) {
        throw new AppError(ErrorCode.RedPacketExpired);
      }
      if (packet.status !== 'open' || packet.remainingCount < 1)
        throw new AppError(ErrorCode.RedPacketFinished);
      const share = nextShare(packet);
      const escrow = await ensureSystemAccount(tx, SystemAccount.RedPacket);
      const claimer = (await ensureMemberAccounts(tx, [callerId])).get(callerId)!;
      const entry = await postEntry(tx, {
        key: `redpacket:${id}:claim:${callerId}`,
        kind: 'redpacket-claim',
        legs: [
          { accountId: escrow, amount: -share },
          { accountId: claimer.available, amount: share },
        ],
        ref: { type: 'redpacket', id: String(id) },
        createdBy: callerId,
      });
      await tx
        .insert(redPacketClaims)
        .values({ packetId: id, userId: callerId, amount: share, entryId: entry.id });
      const left = packet.remainingCount - 1;
      const [updated] = await tx
        .update(redPackets)
        .set({
          remainingAmount: packet.remainingAmount - share,
          remainingCount: left,
          ...(left === 0 ? { status: 'finished', closeTime: this.clock.now() } : {}),
        })
        .where(eq(redPackets.id, id))
        .returning();
      return { packet: updated!, share };
    });
    const packet = await this.present(this.db, outcome.packet, callerId);
    const event = {
      packetId: id,
      sessionId: packet.sessionId,
      claimedCount: packet.claimedCount,
      status: packet.status,
    };
    for (const userId of new Set([packet.sender.userId, callerId])) {
      this.realtime.emitToUser(userId, 'redpacket', event);
    }
    return { amount: formatUsdt(micro(outcome.share)), packet };
  }

  /** The packet and its claims; its sender and the current members of its session only. */
  async detail(callerId: number, id: number): Promise<RedPacketDetail> {
    const packet = await packetById(this.db, id, this.clock.now());
    if (!packet) throw new AppError(ErrorCode.RedPacketNotFound);
    if (packet.senderId !== callerId && !(await isSessionMember(this.db, packet.sessionId, callerId))) {
      throw new AppError(ErrorCode.RedPacketNotFound);
    }
    return this.present(this.db, packet, callerId);
  }

  private async present(exec: Executor, row: PacketRow, viewerId: number) {
    const fresh = (await packetById(exec, row.id, this.clock.now()))!;
    const claims = await claimsOf(exec, row.id);
    const sender = (await profilesOf(exec, [fresh.senderId])).get(fresh.senderId)!;
    // Past its expiry time a packet is expired even before the sweeper has refunded the rest.
    const status = fresh.status === 'open' && fresh.expired ? 'expired' : fresh.status;
    return presentPacket({ ...fresh, status }, sender, claims, viewerId);
  }
}

/** A single chat takes one share; a group at most one per current member (the sender counts). */
const checkCount = async (exec: Executor, session: SessionRow, count: number) => {
  if (session.type !== 'group') {
    if (count !== 1) throw new AppError(ErrorCode.RedPacketCountTooLarge);
    return;
  }
  const group = await groupOfSession(exec, session.id);
  if (!group) throw new AppError(ErrorCode.SessionNotFound);
  if (count > (await memberCount(exec, group.id))) throw new AppError(ErrorCode.RedPacketCountTooLarge);
};

/**
 * Who may claim: a current member of the packet's session (anyone else learns nothing: RedPacketNotFound);
 * in a single chat not the sender (it is for the other member); in a group the sender too (WeChat).
 */
const assertMayClaim = async (exec: Executor, packet: PacketRow, userId: number) => {
  if (!(await isSessionMember(exec, packet.sessionId, userId)))
    throw new AppError(ErrorCode.RedPacketNotFound);
  if (packet.senderId === userId) {
    const session = await sessionById(exec, packet.sessionId);
    if (session.type !== 'group') throw new AppError(ErrorCode.RedPacketOwnPacket);
  }
};
