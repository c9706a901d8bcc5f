import type { Db } from '../../../db/connection.ts';
import type { GroupPort } from '../../../http/ports.ts';
import { ShortCache } from '../../../lib/short-cache.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { peerOf, sessionById } from '../session/queries.ts';
import { assertCanSend } from './store.ts';

/** Who may send where, as remembered: the sender and the peer (a drop names either). */
interface Allowed {
  userId: number;
  peerId: number | null;
}

/**
 * "May member U send in single session S", remembered a few seconds (docs/design/chat-delivery.md "Caches on
 * the send path"): membership, friendship and blocks were four to six queries on every send.
 *
 * Only "yes" is remembered, so whatever grants the right (a new friend, an unblock, a service chat) works at
 * once without a drop. What takes it away must drop it after its commit, on every process: a friend removal
 * and a block call `realtime.invalidate({kind: 'chat-user'})` for both members. Membership of a single
 * session never shrinks. Group sessions are not remembered: their check runs in the storing transaction under
 * the group row lock, so a mute or a removal and a send are strictly ordered (docs/product.md#groups).
 */
export class SendPermissions {
  private readonly allowed: ShortCache<string, Allowed>;

  constructor(
    private readonly db: Db,
    realtime: Realtime,
    private readonly groups: GroupPort,
    ttlMs = 5_000,
  ) {
    this.allowed = new ShortCache(ttlMs);
    realtime.onInvalidate((what) => {
      if (what.kind !== 'chat-user') return;
      const { userId } = what;
      this.allowed.dropWhere((_key, a) => a.userId === userId || a.peerId === userId);
    });
  }

  /**
   * Answers true when U may send in the single session S (checked now or remembered); false for a group
   * session, whose check the caller runs in its transaction; throws the refusal otherwise.
   */
  async singleAllowed(sessionId: number, userId: number): Promise<boolean> {
    const key = `${sessionId}:${userId}`;
    if (this.allowed.get(key)) return true;
    const ticket = this.allowed.ticket();
    const session = await sessionById(this.db, sessionId);
    if (session.type !== 'single') return false;
    await assertCanSend(this.db, sessionId, userId, this.groups);
    this.allowed.set(key, { userId, peerId: await peerOf(this.db, sessionId, userId) }, ticket);
    return true;
  }
}
