import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerEvents,
  ErrorCode,
  errorMessages,
  heartbeatPayload,
  messageApi,
  type SendMessageReply,
  type ServerToClientEvents,
  SOCKET_NAMESPACE,
  TYPING_THROTTLE_MS,
  typingPayload,
  visibilityPayload,
} from '@chatpay/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type Namespace, Server } from 'socket.io';
import type { z } from 'zod';
import type { Authenticator, AuthUser } from '../http/context.ts';
import { unavailable } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';

export interface SocketData {
  user: AuthUser;
  token: string;
  lastHeartbeat: number;
  /** The client said its page is in the background (`visibility` event). */
  hidden?: boolean;
  /** Typing indicator: the peer of each single session this socket typed in, and when it last relayed. */
  typing?: Map<number, { peerId: number | null; at: number }>;
}

/**
 * How many sessions one socket's typing state holds: a client typing into made-up session ids costs at most
 * this many peer lookups per TYPING_THROTTLE_MS, and this much memory.
 */
const TYPING_SESSIONS_PER_SOCKET = 20;
/** Bound of the per-process member throttle (cleared when reached: at worst one extra relay each). */
const TYPING_MEMBER_ENTRIES = 50_000;

/** Stores and delivers a message sent over the socket (MessageService.send): the HTTP call's answer. */
export type SocketSend = (
  userId: number,
  input: z.output<typeof messageApi.send.input>,
) => Promise<z.input<typeof messageApi.send.output>>;

/** The peer of a single session the user belongs to, or null (not a member, or a group). */
export type TypingPeers = (userId: number, sessionId: number) => Promise<number | null>;

/** Whether a member can see a realtime event now: a visible socket, only hidden ones, or none. */
export type Presence = 'visible' | 'hidden' | 'none';

/** Sees every event emitted to a user (after it was sent to the sockets); Web Push listens here. */
export type EmitListener = (userId: number, event: keyof ServerToClientEvents, payload: unknown) => void;

/**
 * Login sessions that just ended (after the change was committed): every session of a user but `keepSid`
 * (a login elsewhere), one session (logout, refresh-token reuse), or all of a user's (freeze, force logout).
 * Web Push listens here to drop the devices of those sessions.
 */
export type SessionsEnded =
  | { kind: 'others'; userId: number; keepSid: string }
  | { kind: 'session'; sid: string }
  | { kind: 'user'; userId: number };
export type SessionEndListener = (ended: SessionsEnded) => void;

/**
 * What changed that per-process caches must forget (lib/short-cache.ts), told to every server process:
 * login sessions that ended (see SessionsEnded), who may send where for a member (friend removal, block),
 * a member's roles changed without ending their session (merchant approved or revoked by the market), or a
 * member subscribed a device to Web Push.
 */
export type Invalidation =
  | { kind: 'ended'; ended: SessionsEnded }
  | { kind: 'chat-user'; userId: number }
  | { kind: 'user-roles'; userId: number }
  | { kind: 'push-user'; userId: number };
export type InvalidationListener = (what: Invalidation) => void;

/** Events between server processes (Socket.IO `serverSideEmit` over the Redis adapter). */
interface ServerSideEvents {
  invalidate: (what: Invalidation) => void;
}

export type ChatNamespace = Namespace<
  ClientToServerEvents,
  ServerToClientEvents,
  ServerSideEvents,
  SocketData
>;

export const userRoom = (userId: number) => `user:${userId}`;
const sessionRoom = (sid: string) => `session:${sid}`;
const STAFF_ROOM = 'staff';
const STAFF_ROLES = new Set(['support', 'admin']);

/** What the rest of the server may do with the realtime layer. */
export interface Realtime {
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Tells the user's other sockets which session is now current (the single-session kick of
   * docs/product.md#tokens; the session id, never a token) and disconnects them, on every process.
   */
  kickOtherSessions(userId: number, keepSid: string): void;
  /** Disconnects every socket of one login session (logout, refresh-token reuse), on every process. */
  endSession(sid: string): void;
  /** Tells every socket of the user that all its sessions ended (freeze, force logout) and disconnects them. */
  endUser(userId: number, reason: string): void;
  /**
   * One event to several members' sockets in one adapter broadcast (one Redis publish, not one per member);
   * emit listeners still see it once per member.
   */
  emitToUsers<E extends keyof ServerToClientEvents>(
    userIds: number[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Tells every server process (this one at once, synchronously) that cached answers must be forgotten.
   * Session ends (kickOtherSessions, endSession, endUser) are told by the realtime layer itself.
   */
  invalidate(what: Invalidation): void;
  /** Adds a listener of `invalidate` from this process or another. */
  onInvalidate(listener: InvalidationListener): void;
  /** Tells every connected staff member (support, admin) about a new console item. */
  emitToStaff<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Across every server process (with the Redis adapter): does the member have a socket, a visible one? */
  presence(userId: number): Promise<Presence>;
  /** Adds a listener of every `emitToUser`. */
  onEmit(listener: EmitListener): void;
  /** Adds a listener of `kickOtherSessions`, `endSession` and `endUser` (on the process that called them). */
  onSessionsEnded(listener: SessionEndListener): void;
  /**
   * Enables the typing indicator: `typing` from a client is relayed to the peer of the single session, at most
   * once per TYPING_THROTTLE_MS per member and session on each process, whatever the member's sockets. The
   * peer is looked up once per socket and session (at most TYPING_SESSIONS_PER_SOCKET per socket and window), and
   * the relay skips the push listeners, so typing costs no database work or push while it goes on.
   */
  relayTyping(peers: TypingPeers): void;
  /**
   * Enables `sendMessage` from clients. The socket's session is the caller: it was authenticated at the
   * handshake, and every session end disconnects its sockets on every process, so no per-message token check
   * is needed (the HTTP send's first round trip).
   */
  handleSend(send: SocketSend): void;
  /**
   * Engine.IO sessions (one per client connection, whatever its transport) opening and closing in this
   * process: the cluster primary routes a polling request to the process that holds its session.
   */
  onEngineSession(listener: (sid: string, state: 'open' | 'closed') => void): void;
  close(): Promise<void>;
}

/**
 * The Redis adapter publishes every broadcast to other processes and does not handle the promise: during a
 * Redis outage each emit would end the process with an unhandled rejection. While Redis is down a publish is
 * skipped (this process's sockets still get the event; members on other processes catch up by seq when they
 * reconnect or get the next message, docs/design/faults.md), and a publish that fails as the outage begins is
 * logged instead of thrown.
 */
const guardPublish = (pub: Redis, up: () => boolean, logger: Logger) => {
  const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
  let warned = false;
  const skipped = async () => 0;
  pub.publish = ((channel: string, message: string | Buffer) => {
    if (!up()) return skipped();
    return publish(channel, message).then(
      (receivers) => {
        warned = false;
        return receivers;
      },
      (err: unknown) => {
        // Once per outage: every emit fails alike until Redis is back.
        if (!warned) logger.warn({ err }, 'a cross-process event was lost to a Redis failure');
        warned = true;
        return 0;
      },
    );
  }) as Redis['publish'];
};

/**
 * Socket.IO on the HTTP server's port, namespace `/chat`, auth `{ token }`. Each socket joins `user:<id>`
 * and `session:<sid>`. With Redis the adapter makes several server processes act as one.
 */
export const startRealtime = (
  server: HttpServer,
  deps: {
    auth: Authenticator;
    logger: Logger;
    /** `up`: whether Redis is reachable now (lib/redis.ts). */
    redis?: { pub: Redis; sub: Redis; prefix: string; up: () => boolean };
  },
): Realtime => {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>(server, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const redisUp = deps.redis?.up ?? (() => false);
  if (deps.redis) {
    guardPublish(deps.redis.pub, redisUp, deps.logger);
    io.adapter(createAdapter(deps.redis.pub, deps.redis.sub, { key: `${deps.redis.prefix}:socket.io` }));
  }
  const chat: ChatNamespace = io.of(SOCKET_NAMESPACE);
  /**
   * When each member last had their typing relayed, per session (`userId:sessionId`), for every socket of the
   * member on this process: two tabs or a reconnecting client relay once per window, not once per socket.
   */
  const typingRelayed = new Map<string, number>();

  chat.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('unauthorized'));
    try {
      const raw = token.startsWith('Bearer ') ? token.slice(7) : token;
      socket.data.user = await deps.auth.authenticate(raw);
      socket.data.token = raw;
      socket.data.lastHeartbeat = Date.now();
      next();
    } catch (error) {
      // A session replaced by a login elsewhere or a frozen account: the client logs out and says why.
      const refused = new Error('unauthorized') as Error & { data?: unknown };
      const reason = (error as { data?: { reason?: unknown } } | null)?.data?.reason;
      if (typeof reason === 'string') refused.data = { reason };
      next(refused);
    }
  });

  chat.on('connection', (socket) => {
    const { user } = socket.data;
    const rooms = [userRoom(user.id), sessionRoom(user.sid)];
    if (user.role.some((r) => STAFF_ROLES.has(r))) rooms.push(STAFF_ROOM);
    void socket.join(rooms);
    // A session that ended between the handshake check and the join above missed its disconnect: check again
    // now that the socket is in the session's room.
    void deps.auth.authenticate(socket.data.token).catch(() => socket.disconnect(true));
    socket.on('heartbeat', (payload, ack) => {
      if (!heartbeatPayload.safeParse(payload).success) return;
      socket.data.lastHeartbeat = Date.now();
      if (typeof ack === 'function') ack({ time: Date.now() });
    });
    socket.on('visibility', (payload) => {
      const parsed = visibilityPayload.safeParse(payload);
      if (parsed.success) socket.data.hidden = parsed.data.hidden;
    });
    socket.on('sendMessage', (payload, ack) => {
      if (typeof ack !== 'function') return;
      const reply = (answer: SendMessageReply) => {
        if (socket.connected) ack(answer);
      };
      if (!socketSend) return reply({ code: ErrorCode.NotFound, data: null, message: 'sendMessage is off' });
      const parsed = messageApi.send.input.safeParse(payload);
      if (!parsed.success) {
        const data = parsed.error.issues.map((i) => ({
          field: i.path.join('.') || 'body',
          message: i.message,
        }));
        const fields = [...new Set(data.map((i) => i.field))];
        return reply({ code: ErrorCode.Validation, data, message: `Invalid input: ${fields.join(', ')}` });
      }
      socketSend(user.id, parsed.data)
        .then((result) =>
          reply({ code: ErrorCode.Success, data: messageApi.send.output.parse(result), message: 'success' }),
        )
        .catch((error: unknown) => {
          if (error instanceof AppError)
            return reply({ code: error.code, data: error.data, message: error.message });
          // The database timed out or is unreachable: retryable, as the HTTP call answers it (http/errors.ts).
          if (unavailable(error))
            return reply({
              code: ErrorCode.ServiceBusy,
              data: { retryAfter: 2 },
              message: errorMessages[ErrorCode.ServiceBusy],
            });
          deps.logger.error({ err: error, userId: user.id }, 'socket send failed');
          reply({ code: ErrorCode.Internal, data: null, message: errorMessages[ErrorCode.Internal] });
        });
    });
    socket.on('typing', (payload) => {
      const parsed = typingPayload.safeParse(payload);
      if (!parsed.success || !typingPeers) return;
      const { sessionId } = parsed.data;
      socket.data.typing ??= new Map();
      const typing = socket.data.typing;
      const known = typing.get(sessionId);
      const now = Date.now();
      const memberKey = `${user.id}:${sessionId}`;
      if (now - (typingRelayed.get(memberKey) ?? 0) < TYPING_THROTTLE_MS) return;
      if (!known && typing.size >= TYPING_SESSIONS_PER_SOCKET) {
        // Full: forget sessions quiet for a window; still full, a new session waits (each costs a lookup).
        for (const [id, e] of typing) if (now - e.at >= TYPING_THROTTLE_MS) typing.delete(id);
        if (typing.size >= TYPING_SESSIONS_PER_SOCKET) return;
      }
      if (typingRelayed.size >= TYPING_MEMBER_ENTRIES) typingRelayed.clear();
      typingRelayed.set(memberKey, now);
      const entry = { peerId: known?.peerId ?? null, at: now };
      typing.set(sessionId, entry);
      const relay = (peerId: number | null) => {
        if (peerId !== null) chat.to(userRoom(peerId)).emit('typing', { sessionId, userId: user.id });
      };
      if (known) relay(known.peerId);
      else
        void typingPeers(user.id, sessionId)
          .then((peerId) => {
            entry.peerId = peerId;
            relay(peerId);
          })
          .catch(() => undefined);
    });
  });

  let typingPeers: TypingPeers | null = null;
  let socketSend: SocketSend | null = null;

  const listeners: EmitListener[] = [];
  const endListeners: SessionEndListener[] = [];
  const invalidationListeners: InvalidationListener[] = [];
  const invalidateHere = (what: Invalidation) => {
    for (const listener of invalidationListeners) {
      try {
        listener(what);
      } catch (err) {
        deps.logger.error({ err, kind: what.kind }, 'invalidation listener failed');
      }
    }
  };
  const invalidate = (what: Invalidation) => {
    invalidateHere(what);
    // The in-memory adapter has no other process to tell (and warns on serverSideEmit).
    if (deps.redis && redisUp()) chat.serverSideEmit('invalidate', what);
  };
  chat.on('invalidate', invalidateHere);
  const notifyListeners = (userId: number, event: keyof ServerToClientEvents, payload: unknown) => {
    for (const listener of listeners) {
      try {
        listener(userId, event, payload);
      } catch (err) {
        deps.logger.error({ err, event }, 'emit listener failed');
      }
    }
  };
  const ended = (what: SessionsEnded) => {
    // Caches first: the next request of the ended session must already be refused.
    invalidate({ kind: 'ended', ended: what });
    for (const listener of endListeners) {
      try {
        listener(what);
      } catch (err) {
        deps.logger.error({ err, kind: what.kind }, 'session end listener failed');
      }
    }
  };

  return {
    emitToUser: (userId, event, ...args) => {
      chat.to(userRoom(userId)).emit(event, ...args);
      notifyListeners(userId, event, args[0]);
    },
    emitToUsers: (userIds, event, ...args) => {
      if (userIds.length === 0) return;
      chat.to(userIds.map(userRoom)).emit(event, ...args);
      for (const userId of userIds) notifyListeners(userId, event, args[0]);
    },
    invalidate,
    onInvalidate: (listener) => {
      invalidationListeners.push(listener);
    },
    kickOtherSessions: (userId, keepSid) => {
      chat.to(userRoom(userId)).except(sessionRoom(keepSid)).emit('user', { type: 'login', sid: keepSid });
      chat.in(userRoom(userId)).except(sessionRoom(keepSid)).disconnectSockets(true);
      ended({ kind: 'others', userId, keepSid });
    },
    endSession: (sid) => {
      chat.in(sessionRoom(sid)).disconnectSockets(true);
      ended({ kind: 'session', sid });
    },
    endUser: (userId, reason) => {
      chat.to(userRoom(userId)).emit('user', { type: 'ended', reason });
      chat.in(userRoom(userId)).disconnectSockets(true);
      ended({ kind: 'user', userId });
    },
    emitToStaff: (event, ...args) => {
      chat.to(STAFF_ROOM).emit(event, ...args);
    },
    presence: async (userId) => {
      // During a Redis outage other processes cannot answer: this process's sockets are all it can know.
      const sockets = redisUp()
        ? await chat
            .in(userRoom(userId))
            .fetchSockets()
            .catch(() => chat.local.in(userRoom(userId)).fetchSockets())
        : await chat.local.in(userRoom(userId)).fetchSockets();
      if (sockets.length === 0) return 'none';
      return sockets.some((s) => !s.data.hidden) ? 'visible' : 'hidden';
    },
    onEmit: (listener) => {
      listeners.push(listener);
    },
    onSessionsEnded: (listener) => {
      endListeners.push(listener);
    },
    relayTyping: (peers) => {
      typingPeers = peers;
    },
    handleSend: (send) => {
      socketSend = send;
    },
    onEngineSession: (listener) => {
      io.engine.on('connection', (session: { id: string; once(event: 'close', fn: () => void): void }) => {
        listener(session.id, 'open');
        session.once('close', () => listener(session.id, 'closed'));
      });
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
    },
  };
};
