/** What the primary and its workers say to each other over the cluster's IPC channel. */
export type ToWorker = {
  chatpay: 'connection';
  /** Answered with `taken`, so the primary can close its copy of the connection. */
  id: number;
  /** The bytes the primary read to route the connection (base64), replayed by the worker before the rest. */
  head: string;
  /** When the primary accepted the connection (ms since the epoch): the request's deadlines count from it. */
  since: number;
};

export type ToPrimary =
  | { chatpay: 'ready' }
  /** The worker has the connection handed to it as `id`. */
  | { chatpay: 'taken'; id: number }
  /** An Engine.IO session opened or closed in this worker (sticky routing of polling requests). */
  | { chatpay: 'session'; sid: string; state: 'open' | 'closed' };

export const isToPrimary = (m: unknown): m is ToPrimary =>
  typeof m === 'object' && m !== null && typeof (m as { chatpay?: unknown }).chatpay === 'string';

export const isToWorker = (m: unknown): m is ToWorker =>
  typeof m === 'object' && m !== null && (m as { chatpay?: unknown }).chatpay === 'connection';

/** Socket.IO's path (realtime/socket.ts). */
export const ENGINE_PATH = '/socket.io/';

/**
 * Reads a request line (`GET /socket.io/?EIO=4&transport=polling&sid=… HTTP/1.1`): whether it is an
 * Engine.IO request, and the session it belongs to when it names one (polling requests after the handshake,
 * and the WebSocket upgrade of a polling session).
 */
export const routeOf = (requestLine: string): { engine: boolean; sid: string | null } => {
  const target = requestLine.split(' ')[1] ?? '';
  if (!target.startsWith(ENGINE_PATH)) return { engine: false, sid: null };
  const query = target.indexOf('?');
  const sid = query < 0 ? null : new URLSearchParams(target.slice(query + 1)).get('sid');
  return { engine: true, sid: sid || null };
};
