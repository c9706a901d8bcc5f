import { redPacketPayload } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { onServerEvent } from '../../lib/socket.ts';
import { onChatMessage } from '../chat/index.ts';
import { walletKeys } from '../wallet/index.ts';
import { redPacketKeys } from './keys.ts';

let started = false;

/** Listens once: red packets in chats keep their bubbles and the wallet's balance true. */
export const startRedPacketRealtime = (client: QueryClient) => {
  if (started) return;
  started = true;
  // A red packet sent into a chat moved money: the wallet shows it without a refresh.
  onChatMessage((m) => {
    if (m.contentType === 'redpacket') void client.invalidateQueries({ queryKey: walletKeys.all });
  });
  // A red packet I sent or opened changed (claimed, finished, expired and refunded): bubbles re-read it.
  onServerEvent('redpacket', (raw) => {
    const parsed = redPacketPayload.safeParse(raw);
    if (!parsed.success) return;
    void client.invalidateQueries({ queryKey: redPacketKeys.detail(parsed.data.packetId) });
    if (parsed.data.status === 'expired') void client.invalidateQueries({ queryKey: walletKeys.all });
  });
};
