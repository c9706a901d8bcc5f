import {
  type ChatMessage,
  chainRecord,
  orderStatusPayload,
  redPacketPayload,
  type ServerToClientEvents,
  walletPayload,
} from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { walletKeys } from './keys.ts';

/**
 * The server events that say my balance may have moved, each with the check of its payload. Every screen
 * that shows a balance (the wallet, transfers, withdrawals, red packets, the market's "my" page, the pay desk)
 * reads the one cache entry `walletKeys.balance`, so one invalidation reaches them all; what the event
 * changes beside the balance (history, totals, deposit and withdrawal records) lives under `walletKeys.all` too.
 *
 * - `chain`: a deposit confirming or credited, a withdrawal frozen, sent, or refunded when rejected or failed
 *   (docs/design/chain.md);
 * - `wallet`: a transfer by member id, a pay-desk refund;
 * - `onC2COrderStatus`: escrow at the start, a release or a cancel (docs/product.md#orders);
 * - `redpacket`: a packet opened on another device of mine, or expired and refunded to me.
 */
export const balanceEvents = {
  chain: (raw: unknown) => chainRecord.safeParse(raw).success,
  wallet: (raw: unknown) => walletPayload.safeParse(raw).success,
  onC2COrderStatus: (raw: unknown) => orderStatusPayload.safeParse(raw).success,
  redpacket: (raw: unknown) => redPacketPayload.safeParse(raw).success,
} satisfies { [E in keyof ServerToClientEvents]?: (raw: unknown) => boolean };

export type BalanceEvent = keyof typeof balanceEvents;

/** A chat message that carries money: a transfer in a chat, a red packet sent into one. */
export const messageMovesBalance = (m: Pick<ChatMessage, 'contentType'>) =>
  m.contentType === 'transfer' || m.contentType === 'redpacket';

/** What one event makes stale: the wallet's queries, balance first among them, or nothing. */
export const staleAfter = (event: BalanceEvent, raw: unknown) =>
  balanceEvents[event](raw) ? [walletKeys.all] : [];

/** Marks the wallet stale after `event`; the balance shown on screen is read again at once. */
export const refreshBalanceAfter = (client: QueryClient, event: BalanceEvent, raw: unknown) => {
  for (const queryKey of staleAfter(event, raw)) void client.invalidateQueries({ queryKey });
};
