import type { Worker } from 'node:cluster';
import net from 'node:net';
import { routeOf, type ToWorker } from './messages.ts';

/** Most bytes read to find the request line; a connection sending more without one is routed as a plain request. */
const HEAD_LIMIT = 8192;

const UNAVAILABLE = 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** The libuv stream behind a net.Socket: the primary stops it reading before it hands the socket on. */
type RawHandle = { readStop(): number };

export interface Balancer {
  server: net.Server;
  /** The worker answers requests: it gets connections from now on. */
  ready(worker: Worker): void;
  /** The worker exited: its sessions are forgotten, it gets no more connections. */
  gone(worker: Worker): void;
  /** An Engine.IO session opened or closed in the worker. */
  session(worker: Worker, sid: string, state: 'open' | 'closed'): void;
}

/**
 * The primary's listening socket. For each connection it reads only up to the end of the first request line,
 * stops reading at the socket (so every later byte stays in the kernel for the worker: bodies and WebSocket
 * frames never pass through the primary), picks a worker and hands it the socket with the bytes it read.
 *
 * Which worker: the one holding the Engine.IO session the request names (`sid`), so the polling transport's
 * requests and its upgrade to WebSocket all reach the process that knows the session — Socket.IO's "sticky
 * sessions"; a new Engine.IO session goes to the worker with the fewest, so long-lived sockets spread evenly;
 * any other request goes round-robin. Workers answer every request with `Connection: close` (worker.ts), so
 * one connection never carries a second request that would need another worker.
 */
export const createBalancer = (opts: { idleTimeoutMs: number }): Balancer => {
  const workers: Worker[] = [];
  const owners = new Map<string, Worker>();
  const sessions = new Map<Worker, number>();
  let turn = 0;

  const pick = (requestLine: string): Worker | null => {
    if (workers.length === 0) return null;
    const { engine, sid } = routeOf(requestLine);
    const owner = sid ? owners.get(sid) : undefined;
    if (owner && workers.includes(owner)) return owner;
    if (engine) return workers.reduce((a, b) => ((sessions.get(b) ?? 0) < (sessions.get(a) ?? 0) ? b : a));
    turn = (turn + 1) % workers.length;
    return workers[turn] ?? null;
  };

  const gone = (worker: Worker) => {
    const at = workers.indexOf(worker);
    if (at >= 0) workers.splice(at, 1);
    sessions.delete(worker);
    for (const [sid, owner] of owners) if (owner === worker) owners.delete(sid);
  };

  const hand = (socket: net.Socket, head: Buffer, attempt = 0) => {
    const lineEnd = head.indexOf(0x0a);
    const worker = pick(lineEnd < 0 ? '' : head.subarray(0, lineEnd).toString('latin1'));
    if (!worker || attempt > workers.length) {
      socket.end(UNAVAILABLE);
      return;
    }
    const message: ToWorker = { chatpay: 'connection', head: head.toString('base64') };
    // The socket's descriptor moves to the worker; the primary's copy is closed once sent.
    worker.send(message, socket, { keepOpen: false }, (err) => {
      if (!err) return;
      // The worker died before the primary heard of it: its channel is closed and the socket was not sent.
      if (!worker.isConnected() && !socket.destroyed) {
        gone(worker);
        hand(socket, head, attempt + 1);
      } else socket.destroy();
    });
  };

  const server = net.createServer((socket) => {
    let head: Buffer = Buffer.alloc(0);
    socket.setTimeout(opts.idleTimeoutMs, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    const onData = (chunk: Buffer) => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      if (head.indexOf(0x0a) < 0 && head.length < HEAD_LIMIT) return;
      // Synchronously, inside the read callback: libuv reads nothing more from this socket, and the stream's
      // `reading` flag stays set so nothing starts it again. A 'data' listener gets every chunk as it is read,
      // so nothing is left in the stream's buffer either (checked below rather than assumed).
      (socket as unknown as { _handle: RawHandle | null })._handle?.readStop();
      socket.off('data', onData);
      socket.pause();
      if (socket.readableLength > 0) {
        socket.destroy();
        return;
      }
      hand(socket, head);
    };
    socket.on('data', onData);
  });

  return {
    server,
    ready: (worker) => {
      if (!workers.includes(worker)) workers.push(worker);
    },
    gone,
    session: (worker, sid, state) => {
      if (state === 'open') {
        owners.set(sid, worker);
        sessions.set(worker, (sessions.get(worker) ?? 0) + 1);
      } else if (owners.get(sid) === worker) {
        owners.delete(sid);
        sessions.set(worker, Math.max(0, (sessions.get(worker) ?? 0) - 1));
      }
    },
  };
};
