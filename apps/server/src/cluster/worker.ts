import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Realtime } from '../realtime/socket.ts';
import { type Deadlines, REQUEST_TIMEOUT_RESPONSE } from './deadlines.ts';
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
 *
 * Node checks its header and request deadlines only on a server that listens, so the worker keeps them itself
 * (deadlines.ts), counted from when the primary accepted the connection: headers not complete in time answer
 * 408 and close; a body still arriving at the request deadline answers 408 (when nothing was answered yet) and
 * closes.
 */
export const acceptFromPrimary = (server: Server, realtime: Realtime, deadlines: Deadlines) => {
  const since = new WeakMap<Socket, number>();
  const headerTimers = new WeakMap<Socket, NodeJS.Timeout>();
  const headersArrived = (socket: Socket) => clearTimeout(headerTimers.get(socket));

  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('connection', 'close');
    headersArrived(req.socket);
    if (req.complete) return;
    const start = since.get(req.socket) ?? Date.now();
    const timer = setTimeout(
      () => {
        if (req.complete) return;
        if (!res.headersSent) res.writeHead(408, { connection: 'close', 'content-length': 0 }).end();
        req.socket.destroy();
      },
      Math.max(0, start + deadlines.requestMs - Date.now()),
    );
    const done = () => clearTimeout(timer);
    req.once('end', done);
    req.once('close', done);
  });
  server.prependListener('upgrade', (req: IncomingMessage) => headersArrived(req.socket));
  realtime.onEngineSession((sid, state) => tell({ chatpay: 'session', sid, state }));
  process.on('message', (message: unknown, handle: unknown) => {
    if (!isToWorker(message)) return;
    tell({ chatpay: 'taken', id: message.id });
    // Null when the client closed the connection while it was being handed over.
    const socket = handle as Socket | null | undefined;
    if (!socket) return;
    const accepted = typeof message.since === 'number' ? message.since : Date.now();
    since.set(socket, accepted);
    const timer = setTimeout(
      () => {
        if (socket.destroyed) return;
        socket.end(REQUEST_TIMEOUT_RESPONSE, () => socket.destroy());
      },
      Math.max(0, accepted + deadlines.headersMs - Date.now()),
    );
    headerTimers.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
    server.emit('connection', socket);
    // Synchronously after the HTTP server took the socket and before the event loop reads from it.
    socket.unshift(Buffer.from(message.head, 'base64'));
  });
  tell({ chatpay: 'ready' });
};
