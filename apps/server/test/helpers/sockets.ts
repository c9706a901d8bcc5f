import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_NAMESPACE } from '@chatpay/shared';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './app.ts';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected /chat socket (websocket only, no automatic reconnection). */
export const connectSocket = async (t: Pick<TestApp, 'url'>, token: string): Promise<ChatSocket> => {
  const socket: ChatSocket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
};

/** Collects every payload of one event, and waits for one that matches. */
export const recorder = <E extends keyof ServerToClientEvents>(socket: ChatSocket, event: E) => {
  type P = Parameters<ServerToClientEvents[E]>[0];
  const seen: P[] = [];
  const waiters: { match: (p: P) => boolean; resolve: (p: P) => void }[] = [];
  // The listener is typed per event; socket.io-client cannot narrow a generic event name.
  (socket as unknown as { on(e: string, fn: (payload: P) => void): void }).on(event, (payload: P) => {
    seen.push(payload);
    for (const w of [...waiters]) {
      if (w.match(payload)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload);
      }
    }
  });
  return {
    seen,
    next: (match: (p: P) => boolean = () => true, timeoutMs = 5000) =>
      new Promise<P>((resolve, reject) => {
        const found = seen.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(
          () => reject(new Error(`no ${String(event)} event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (p) => {
            clearTimeout(timer);
            resolve(p);
          },
        });
      }),
  };
};
