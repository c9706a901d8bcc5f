import { startC2CRealtime } from '../features/c2c/realtime.ts';
import { startChatCache } from '../features/chat/offline-cache.ts';
import { startChatEngine } from '../features/chat/realtime.ts';
import { startGroupRealtime } from '../features/group/realtime.ts';
import { startMomentsNews } from '../features/moments/news-realtime.ts';
import { startRedPacketRealtime } from '../features/redpacket/realtime.ts';
import { startWalletRealtime } from '../features/wallet/realtime.ts';
import { queryClient } from './queryClient.ts';

export { openThread } from '../features/chat/engine.ts';
export { disablePush, syncPush } from '../features/push/push.ts';
export { connectSocket, disconnectSocket } from '../lib/socket.ts';

let started = false;

/**
 * The realtime side of a session: the chat engine, its offline cache, every feature's socket handlers (its
 * own events, and its part in the chat messages that arrive), the socket and push.
 * Loaded by `session.ts` with a dynamic import once a token exists, so the login page's first screen does
 * not carry it. Starts once.
 */
export const startRealtime = () => {
  if (started) return;
  started = true;
  startChatEngine(queryClient);
  startChatCache(queryClient);
  startGroupRealtime(queryClient);
  startWalletRealtime(queryClient);
  startRedPacketRealtime(queryClient);
  startC2CRealtime(queryClient);
  startMomentsNews(queryClient);
};
