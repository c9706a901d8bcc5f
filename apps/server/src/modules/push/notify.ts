import type { ChatMessage, OrderStatusPayload, PushPayload } from '@chatpay/shared';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/connection.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { notifyStateOf } from '../chat/index.ts';
import { users } from '../user/index.ts';
import { pushJobs, pushSubscriptions } from './tables.ts';
import { messageLine, textsFor } from './texts.ts';

type Subscription = typeof pushSubscriptions.$inferSelect;

/** One push to queue: per subscription (language, preview), or null to send nothing to that device. */
interface Draft {
  dedupeKey: string;
  topic: string;
  urgency: 'normal' | 'high';
  payload: (sub: Subscription) => PushPayload;
}

/** The route the service worker opens on a tap (SPEC §4). */
export const chatRoute = (sessionId: number) => `#/pages/chat/index?id=${sessionId}`;
export const orderRoute = (orderId: number) => `#/pages/c2c/detail?id=${orderId}`;

/**
 * Turns realtime events into push jobs (docs/design/push.md). It listens to what the domain already emits to
 * a member's sockets, so chat, the market and the wallet know nothing about push. A member who has a visible
 * socket sees the event in the app and gets no push; one whose sockets are all hidden or gone does.
 * Events are handled one at a time in emit order, after the emitting transaction committed.
 */
export class PushNotifier {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly log: Logger,
    /** Called after new jobs were queued. */
    private readonly queued: () => void,
  ) {}

  listen() {
    this.realtime.onEmit((userId, event, payload) => {
      if (event !== 'message' && event !== 'onC2COrderStatus') return;
      this.tail = this.tail
        .then(() =>
          event === 'message'
            ? this.onMessage(userId, payload as ChatMessage)
            : this.onOrder(userId, payload as OrderStatusPayload),
        )
        .catch((err) => this.log.error({ err, event, userId }, 'push: queueing failed'));
    });
  }

  /** Resolves when every event seen so far was handled (tests, shutdown). */
  settled() {
    return this.tail;
  }

  private async onMessage(userId: number, message: ChatMessage) {
    if (message.senderId === userId || message.recalled || message.contentType === 'notice') return;
    // Most members have no subscription: one indexed lookup, nothing more.
    const subs = await this.subscriptionsOf(userId);
    if (subs.length === 0) return;
    const state = await notifyStateOf(this.db, message.sessionId, userId);
    if (!state?.useNotify) return;
    const [sender] = await this.db
      .select({ nickName: users.nickName })
      .from(users)
      .where(eq(users.id, message.senderId));
    const count = Math.max(1, state.unread);
    await this.queue(userId, subs, {
      dedupeKey: `m${message.id}`,
      topic: `s${message.sessionId}`,
      urgency: message.contentType === 'transfer' ? 'high' : 'normal',
      payload: (sub) => {
        const texts = textsFor(sub.lang);
        const line = messageLine(texts, message.contentType, message.content, sub.preview);
        return {
          kind: message.contentType === 'transfer' ? 'wallet' : 'chat',
          title: sender?.nickName ?? '',
          body: count > 1 ? `${texts.messages(count)} · ${line}` : line,
          tag: `chat-${message.sessionId}`,
          url: chatRoute(message.sessionId),
          count,
        };
      },
    });
  }

  private async onOrder(userId: number, event: OrderStatusPayload) {
    const subs = await this.subscriptionsOf(userId);
    if (subs.length === 0) return;
    await this.queue(userId, subs, {
      dedupeKey: `o${event.orderId}-${event.status}`,
      topic: `o${event.orderId}`,
      urgency: 'high',
      payload: (sub) => {
        const texts = textsFor(sub.lang);
        return {
          kind: 'c2c',
          title: texts.orderTitle,
          body: texts.order[event.status],
          tag: `order-${event.orderId}`,
          url: orderRoute(event.orderId),
        };
      },
    });
  }

  /**
   * Queues the push for each of the member's devices. A push of the same topic still waiting to be sent is
   * replaced instead (ten messages in a burst make one notification, with the count).
   */
  private subscriptionsOf(userId: number) {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  private async queue(userId: number, subs: Subscription[], draft: Draft) {
    if ((await this.realtime.presence(userId)) === 'visible') return;
    let added = 0;
    for (const sub of subs) {
      const payload = draft.payload(sub);
      const replaced = await this.db
        .update(pushJobs)
        .set({ payload, urgency: draft.urgency })
        .where(
          and(
            eq(pushJobs.subscriptionId, sub.id),
            eq(pushJobs.topic, draft.topic),
            eq(pushJobs.status, 'pending'),
            eq(pushJobs.attempts, 0),
          ),
        )
        .returning({ id: pushJobs.id });
      if (replaced.length > 0) continue;
      const inserted = await this.db
        .insert(pushJobs)
        .values({
          subscriptionId: sub.id,
          userId,
          dedupeKey: draft.dedupeKey,
          topic: draft.topic,
          urgency: draft.urgency,
          payload,
        })
        .onConflictDoNothing()
        .returning({ id: pushJobs.id });
      added += inserted.length;
    }
    if (added > 0) this.queued();
  }
}
