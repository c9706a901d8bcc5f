import { startC2CRealtime } from '../features/c2c/index.ts';
import { startChatCache, startChatEngine } from '../features/chat/index.ts';
import { startMomentsNews } from '../features/moments/index.ts';
import { queryClient } from './queryClient.ts';

export { openThread } from '../features/chat/index.ts';
export { disablePush, syncPush } from '../features/push/index.ts';
export { connectSocket, disconnectSocket } from '../lib/socket.ts';

let started = false;

/**
 * The realtime side of a session: the chat engine, its offline cache, the C2C events, the socket and push.
 * Loaded by `session.ts` with a dynamic import once a token exists, so the login page's first screen does
 * not carry it. Starts once.
 */
export const startRealtime = () => {
  if (started) return;
  started = true;
  startChatEngine(queryClient);
  startChatCache(queryClient);
  startC2CRealtime(queryClient);
  startMomentsNews(queryClient);
};
