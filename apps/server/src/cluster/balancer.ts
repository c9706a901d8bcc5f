import type { Worker } from 'node:cluster';
import net from 'node:net';
import { ErrorCode, errorMessages } from '@chatpay/shared';
import { REQUEST_TIMEOUT_RESPONSE } from './deadlines.ts';
import { routeOf, type ToWorker } from './messages.ts';

/** Most bytes read to find the request line; a connection sending more without one is routed as a plain request. */
const HEAD_LIMIT = 8192;

/** How long a request naming an unreported session waits for its worker's report before going anywhere. */
const OWNER_WAIT_MS = 2000;

/** No worker can take the connection (all restarting): the envelope every API answer has, and when to retry. */
const UNAVAILABLE_BODY = JSON.stringify({
  code: ErrorCode.ServiceBusy,
  data: { retryAfter: 2 },
  message: errorMessages[ErrorCode.ServiceBusy],
});
const UNAVAILABLE = [
  'HTTP/1.1 503 Service Unavailable',
  'Connection: close',
  'Content-Type: application/json; charset=utf-8',
  'Retry-After: 2',
  `Content-Length: ${Buffer.byteLength(UNAVAILABLE_BODY)}`,
  '',
  UNAVAILABLE_BODY,
].join('\r\n');

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
  /** The worker took the connection handed to it as `id`. */
  taken(worker: Worker, id: number): void;
}

interface Handed {
  socket: net.Socket;
  /** When the connection was accepted. */
  since: number;
  /** The bytes read to route it. */
  head: Buffer;
  attempt: number;
  /** Written to the worker's channel (the send callback ran); until then Node still queues it. */
  written: boolean;
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
export const createBalancer = (opts: { idleTimeoutMs: number; headersMs: number }): Balancer => {
  const workers: Worker[] = [];
  const owners = new Map<string, Worker>();
  const sessions = new Map<Worker, number>();
  let turn = 0;

  /**
   * Connections handed to a worker and not yet confirmed taken. The primary keeps its own descriptor of each
   * (`keepOpen`) until the worker says it took it: Node passes one handle at a time per worker and queues the
   * rest until the worker acknowledges the one in flight, and when a worker dies it neither closes the one in
   * flight nor the queued ones, which then hang open and unanswered. `gone` settles them: one still queued
   * (never written to the worker) goes to another worker, since nothing of it was read but `head`; one
   * written but not taken is closed, as if the worker had died while serving it.
   */
  const handed = new Map<Worker, Map<number, Handed>>();
  let nextId = 0;

  const gone = (worker: Worker) => {
    const at = workers.indexOf(worker);
    if (at >= 0) workers.splice(at, 1);
    sessions.delete(worker);
    for (const [sid, owner] of owners) if (owner === worker) owners.delete(sid);
    const stranded = handed.get(worker);
    handed.delete(worker);
    for (const { socket, head, since, attempt, written } of stranded?.values() ?? []) {
      if (written) socket.destroy();
      else hand(socket, head, since, attempt + 1);
    }
  };

  /** The worker has its own descriptor of the connection now: the primary closes its copy (not the connection). */
  const taken = (worker: Worker, id: number) => {
    const entry = handed.get(worker)?.get(id);
    handed.get(worker)?.delete(id);
    entry?.socket.destroy();
  };

  /** Requests naming a session whose worker has not reported it yet, waiting for that report. */
  const awaiting = new Map<string, (() => void)[]>();

  const pick = (engine: boolean, sid: string | null): Worker | null => {
    if (workers.length === 0) return null;
    const owner = sid ? owners.get(sid) : undefined;
    if (owner && workers.includes(owner)) return owner;
    if (engine && !sid) {
      // Counted when routed, not when the worker reports the session: a burst of handshakes (every member
      // reconnecting after a restart) arrives before any report, and would otherwise all go to one worker.
      const fewest = Math.min(...workers.map((w) => sessions.get(w) ?? 0));
      const candidates = workers.filter((w) => (sessions.get(w) ?? 0) === fewest);
      turn = (turn + 1) % candidates.length;
      const chosen = candidates[turn] as Worker;
      sessions.set(chosen, fewest + 1);
      return chosen;
    }
    // Not an Engine.IO request, or a session nobody holds (its worker died): any worker; the latter answers
    // "Session ID unknown" and the client starts a new session.
    turn = (turn + 1) % workers.length;
    return workers[turn] ?? null;
  };

  const hand = (socket: net.Socket, head: Buffer, since: number, attempt = 0) => {
    if (socket.destroyed) return;
    const lineEnd = head.indexOf(0x0a);
    const { engine, sid } = routeOf(lineEnd < 0 ? '' : head.subarray(0, lineEnd).toString('latin1'));
    if (sid && !owners.has(sid) && attempt === 0) {
      // The worker reports a new session over IPC in the tick it answers the handshake, but the client's next
      // request may still reach the primary first: wait for the report rather than guess.
      const waiters = awaiting.get(sid) ?? [];
      const resume = () => {
        clearTimeout(timer);
        hand(socket, head, since, 1);
      };
      const timer = setTimeout(() => {
        const left = (awaiting.get(sid) ?? []).filter((w) => w !== resume);
        if (left.length > 0) awaiting.set(sid, left);
        else awaiting.delete(sid);
        hand(socket, head, since, 1);
      }, OWNER_WAIT_MS);
      awaiting.set(sid, [...waiters, resume]);
      return;
    }
    const worker = pick(engine, sid);
    if (!worker || attempt > workers.length + 1) {
      socket.end(UNAVAILABLE);
      return;
    }
    const id = nextId++;
    const entry: Handed = { socket, head, since, attempt, written: false };
    const mine = handed.get(worker) ?? new Map<number, Handed>();
    handed.set(worker, mine.set(id, entry));
    const message: ToWorker = { chatpay: 'connection', id, head: head.toString('base64'), since };
    worker.send(message, socket, { keepOpen: true }, (err) => {
      // Settled by `gone` already.
      if (!mine.has(id)) return;
      if (!err) {
        entry.written = true;
        return;
      }
      mine.delete(id);
      // The worker died before the primary heard of it: its channel is closed and the socket was not sent.
      if (!worker.isConnected() && !socket.destroyed) {
        gone(worker);
        hand(socket, head, since, attempt + 1);
      } else socket.destroy();
    });
  };

  const server = net.createServer((socket) => {
    let head: Buffer = Buffer.alloc(0);
    const since = Date.now();
    socket.setTimeout(opts.idleTimeoutMs, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    // The idle timeout restarts with every byte: a client trickling its request line would never meet it.
    const deadline = setTimeout(() => {
      socket.off('data', onData);
      socket.end(REQUEST_TIMEOUT_RESPONSE, () => socket.destroy());
    }, opts.headersMs);
    socket.once('close', () => clearTimeout(deadline));
    const onData = (chunk: Buffer) => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      if (head.indexOf(0x0a) < 0 && head.length < HEAD_LIMIT) return;
      // Synchronously, inside the read callback: libuv reads nothing more from this socket, and the stream's
      // `reading` flag stays set so nothing starts it again. A 'data' listener gets every chunk as it is read,
      // so nothing is left in the stream's buffer either (checked below rather than assumed).
      (socket as unknown as { _handle: RawHandle | null })._handle?.readStop();
      socket.off('data', onData);
      socket.pause();
      clearTimeout(deadline);
      if (socket.readableLength > 0) {
        socket.destroy();
        return;
      }
      hand(socket, head, since);
    };
    socket.on('data', onData);
  });

  return {
    server,
    ready: (worker) => {
      if (!workers.includes(worker)) workers.push(worker);
    },
    gone,
    taken,
    session: (worker, sid, state) => {
      // Opening was counted when the handshake was routed (a handshake that opens no session leaves one
      // count too many on that worker: it only skews the spread a little).
      if (state === 'open') {
        owners.set(sid, worker);
        const waiters = awaiting.get(sid);
        awaiting.delete(sid);
        for (const resume of waiters ?? []) resume();
      } else if (owners.get(sid) === worker) {
        owners.delete(sid);
        sessions.set(worker, Math.max(0, (sessions.get(worker) ?? 0) - 1));
      }
    },
  };
};
