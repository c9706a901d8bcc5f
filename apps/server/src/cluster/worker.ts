import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Realtime } from '../realtime/socket.ts';
import { isToWorker, type ToPrimary } from './messages.ts';

const tell = (message: ToPrimary) => {
  // The primary may be gone (shutting down): the worker is stopping then anyway.
  if (process.connected) process.send?.(message, undefined, {}, () => {});
};

/**
 * A worker does not listen: the primary hands it connections (balancer.ts) with the bytes it read to route
 * them, and they are replayed before anything else the socket receives. Every answer carries
 * `Connection: close`, so a connection carries one request and the next one is routed afresh (a kept-alive
 * connection could otherwise bring another client's polling request for a session held by another worker,
 * e.g. through a reverse proxy that pools its connections). WebSocket upgrades are not affected.
 */
export const acceptFromPrimary = (server: Server, realtime: Realtime) => {
  server.prependListener('request', (_req, res) => {
    res.setHeader('connection', 'close');
  });
  realtime.onEngineSession((sid, state) => tell({ chatpay: 'session', sid, state }));
  process.on('message', (message: unknown, handle: unknown) => {
    if (!isToWorker(message)) return;
    tell({ chatpay: 'taken', id: message.id });
    // Null when the client closed the connection while it was being handed over.
    const socket = handle as Socket | null | undefined;
    if (!socket) return;
    server.emit('connection', socket);
    // Synchronously after the HTTP server took the socket and before the event loop reads from it.
    socket.unshift(Buffer.from(message.head, 'base64'));
  });
  tell({ chatpay: 'ready' });
};
