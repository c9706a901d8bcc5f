import {
  formatUsdt,
  type Micro,
  micro,
  parseUsdt,
  RED_PACKET_MAX_COUNT,
  RED_PACKET_MAX_TOTAL,
  RED_PACKET_MIN_SHARE,
  type RedPacketDetail,
  type RedPacketKind,
} from '@chatpay/shared';
import { toMicro } from '../wallet/index.ts';

/**
 * What leaves the wallet for a packet: `amount` is each share of an equal packet and the whole of a lucky
 * one (redPacketApi.send). Null while the amount or count is not a number yet.
 */
export const packetTotal = (kind: RedPacketKind, count: number, amount: string): Micro | null => {
  const share = toMicro(amount);
  if (share === null || !Number.isInteger(count) || count < 1) return null;
  return kind === 'equal' ? micro(share * BigInt(count)) : share;
};

export type PacketProblem =
  | 'count'
  | 'countAboveMembers'
  | 'amount'
  | 'shareTooSmall'
  | 'totalTooLarge'
  | 'aboveBalance';

/**
 * Checks a packet before the PIN is asked: 1 to 100 shares (no more than the chat's members when known),
 * each share at least 0.01, at most 20,000.00 in all, and no more than the available balance.
 */
export const checkPacket = (input: {
  kind: RedPacketKind;
  count: number;
  amount: string;
  members?: number | null;
  balance?: string | null;
}): { ok: true; total: Micro } | { ok: false; problem: PacketProblem } => {
  const { kind, count, amount } = input;
  if (!Number.isInteger(count) || count < 1 || count > RED_PACKET_MAX_COUNT)
    return { ok: false, problem: 'count' };
  if (input.members && count > input.members) return { ok: false, problem: 'countAboveMembers' };
  const typed = toMicro(amount);
  if (typed === null || typed <= 0n) return { ok: false, problem: 'amount' };
  const total = packetTotal(kind, count, amount) ?? micro(0n);
  const minShare = parseUsdt(RED_PACKET_MIN_SHARE);
  if (total < minShare * BigInt(count)) return { ok: false, problem: 'shareTooSmall' };
  if (total > parseUsdt(RED_PACKET_MAX_TOTAL)) return { ok: false, problem: 'totalTooLarge' };
  const balance = input.balance ? toMicro(input.balance) : null;
  if (balance !== null && total > balance) return { ok: false, problem: 'aboveBalance' };
  return { ok: true, total };
};

/** The total for display ("0.00" while nothing valid is typed). */
export const showTotal = (total: Micro | null) => formatUsdt(total ?? micro(0n));

export type BubbleState = 'open' | 'opened' | 'finished' | 'expired';

/** Whether the packet's time is up (the sweeper may not have marked it yet). */
export const isPastExpiry = (expireTime: string, now: number) => {
  const at = Date.parse(expireTime);
  return Number.isFinite(at) && now >= at;
};

/**
 * What a red packet bubble shows for me: opened (I claimed), all claimed, expired, or still open. `done`
 * greys the bubble: nothing is left for me to open.
 */
export const bubbleState = (
  packet: Pick<RedPacketDetail, 'status' | 'myAmount' | 'expireTime'> | null | undefined,
  now: number,
): { state: BubbleState; done: boolean } => {
  if (!packet) return { state: 'open', done: false };
  if (packet.myAmount !== null) return { state: 'opened', done: true };
  if (packet.status === 'finished') return { state: 'finished', done: true };
  if (packet.status === 'expired' || isPastExpiry(packet.expireTime, now))
    return { state: 'expired', done: true };
  return { state: 'open', done: false };
};

/**
 * Tapping a bubble opens the "Open" view while I can still claim, and the claim list otherwise. The sender
 * of a single-chat packet cannot claim it (it is for the other member), so they go to the list at once.
 */
export const tapAction = (
  packet: Pick<RedPacketDetail, 'status' | 'myAmount' | 'expireTime'> | null | undefined,
  opts: { mine: boolean; single: boolean; now: number },
): 'open' | 'detail' => {
  if (opts.mine && opts.single) return 'detail';
  return bubbleState(packet, opts.now).done ? 'detail' : 'open';
};

/**
 * A count-up of a claimed amount in `steps` frames, in integer micro-units (the last frame is exact).
 * Answers the amount to show at frame `i` (0-based).
 */
export const countUpFrame = (amount: string, i: number, steps: number): string => {
  const whole = toMicro(amount) ?? micro(0n);
  if (i >= steps - 1) return formatUsdt(whole);
  const frame = (whole * BigInt(i + 1)) / BigInt(steps);
  // Intermediate frames show cents only, so the digits do not flicker in six places.
  return formatUsdt(micro(frame - (frame % 10_000n)));
};
