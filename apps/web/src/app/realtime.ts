import { startC2CRealtime } from '../features/c2c/index.ts';
import { startChatCache, startChatEngine } from '../features/chat/index.ts';
import { startGroupRealtime } from '../features/group/index.ts';
import { startIdentityRealtime } from '../features/identity/index.ts';
import { startMomentsNews } from '../features/moments/index.ts';
import { startRedPacketRealtime } from '../features/redpacket/index.ts';
import { startWalletRealtime } from '../features/wallet/index.ts';
import { queryClient } from './queryClient.ts';

export { openThread } from '../features/chat/index.ts';
export { disablePush, syncPush } from '../features/push/index.ts';
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
  startIdentityRealtime(queryClient);
};
