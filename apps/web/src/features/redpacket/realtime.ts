import { redPacketPayload } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../lib/socket.ts';
import { redPacketKeys } from './keys.ts';

let started = false;

/**
 * Listens once: red packets in chats keep their bubbles true. The money they move shows in every balance
 * through the wallet's own listener (features/wallet/balance-events.ts).
 */
export const startRedPacketRealtime = (client: QueryClient) => {
  if (started) return;
  started = true;
  // A red packet I sent or opened changed (claimed, finished, expired and refunded): bubbles re-read it.
  onServerEvent('redpacket', (raw) => {
    const parsed = redPacketPayload.safeParse(raw);
    if (!parsed.success) return;
    void client.invalidateQueries({ queryKey: redPacketKeys.detail(parsed.data.packetId) });
  });
};
