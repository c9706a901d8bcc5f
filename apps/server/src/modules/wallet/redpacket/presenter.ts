import {
  formatUsdt,
  micro,
  type RedPacketDetail,
  type RedPacketKind,
  type RedPacketStatus,
} from '@chatpay/shared';
import type { ClaimView, PacketRow } from './queries.ts';

/**
 * The packet as its bubble and opening view show it. `luckiest` marks the largest claim of a lucky packet once
 * no more shares can be taken (finished or expired); on a tie the first claimer wins.
 */
export const presentPacket = (
  packet: PacketRow,
  sender: { userId: number; nickName: string; avatar: string },
  claims: ClaimView[],
  viewerId: number,
): RedPacketDetail => {
  const closed = packet.status === 'finished' || packet.status === 'expired';
  let luckiest: ClaimView | null = null;
  if (packet.kind === 'lucky' && closed) {
    for (const c of claims) if (!luckiest || c.amount > luckiest.amount) luckiest = c;
  }
  const mine = claims.find((c) => c.userId === viewerId);
  const claimedAmount = claims.reduce((sum, c) => sum + c.amount, 0n);
  return {
    id: packet.id,
    sessionId: packet.sessionId,
    sender,
    kind: packet.kind as RedPacketKind,
    greeting: packet.greeting,
    count: packet.count,
    total: formatUsdt(micro(packet.total)),
    claimedCount: claims.length,
    claimedAmount: formatUsdt(micro(claimedAmount)),
    status: packet.status as RedPacketStatus,
    expireTime: packet.expireTime.toISOString(),
    createTime: packet.createTime.toISOString(),
    myAmount: mine ? formatUsdt(micro(mine.amount)) : null,
    refundedAmount: formatUsdt(micro(packet.refundedAmount)),
    claims: claims.map((c) => ({
      userId: c.userId,
      nickName: c.nickName,
      avatar: c.avatar,
      amount: formatUsdt(micro(c.amount)),
      createTime: c.createTime.toISOString(),
      luckiest: c === luckiest,
    })),
  };
};
