import type {
  ChainRecord,
  ChatMessage,
  FriendRequestPayload,
  OrderReminderPayload,
  OrderStatusPayload,
  PushPayload,
  ServerToClientEvents,
  TicketKind,
  TicketReplyPayload,
  WalletPayload,
} from '@chatpay/shared';
import { mentionsUser } from '@chatpay/shared';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { ShortCache } from '../../lib/short-cache.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { notifyStateOf } from '../chat/index.ts';
import { users } from '../user/index.ts';
import { takesAlerts } from './service.ts';
import { pushJobs, pushSubscriptions } from './tables.ts';
import { alertLine, isAlertType, messageLine, PREVIEW_MAX, textsFor } from './texts.ts';

type Subscription = typeof pushSubscriptions.$inferSelect;

/** One push to queue: per subscription (language, preview), or null to send nothing to that device. */
interface Draft {
  dedupeKey: string;
  topic: string;
  urgency: 'normal' | 'high';
  payload: (sub: Subscription) => PushPayload;
  /**
   * A security alert: it also reaches the devices a login elsewhere signed out lately (service.ts
   * `takesAlerts`), whether or not the member is looking at the app on the current one.
   */
  alert?: boolean;
}

/** The route the service worker opens on a tap (docs/product.md#navigation). */
export const chatRoute = (sessionId: number) => `#/pages/chat/index?id=${sessionId}`;
export const orderRoute = (orderId: number) => `#/pages/c2c/detail?id=${orderId}`;
const FRIEND_REQUESTS_ROUTE = '#/pages/chat/friend-requests';
const WALLET_ROUTE = '#/pages/usdt/wallet';
const ticketRoute = (kind: TicketKind, id: number) => `#/uni_modules/cool-app/pages/${kind}/detail?id=${id}`;

/**
 * Turns realtime events into push jobs (docs/design/push.md). It listens to what the domain already emits to
 * a member's sockets, so chat, the market and the wallet know nothing about push. A member who has a visible
 * socket sees the event in the app and gets no push; one whose sockets are all hidden or gone does.
 * Events are handled one at a time in emit order, after the emitting transaction committed.
 */
export class PushNotifier {
  private tail: Promise<void> = Promise.resolve();
  /**
   * Members known to have no device, for a minute: most members have none, and every message, order event and
   * transfer to each recipient asked (one query per recipient; 499 for a message in a group of 500). Only "none"
   * is remembered, so a removed device needs nothing; a subscription forgets it on every process at once.
   */
  private readonly withoutDevices = new ShortCache<number, true>(60_000);

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Called after new jobs were queued. */
    private readonly queued: () => void,
    /** Resolves when the subscriptions of the sessions that ended so far were removed or retired. */
    private readonly sessionEnds: () => Promise<unknown> = async () => {},
  ) {}

  listen() {
    this.realtime.onInvalidate((what) => {
      if (what.kind === 'push-user') this.withoutDevices.drop(what.userId);
    });
    this.realtime.onEmit((userId, event, payload) => {
      const handle = this.handlers[event as keyof typeof this.handlers];
      if (!handle) return;
      this.tail = this.tail
        .then(() => handle(userId, payload as never))
        .catch((err) => this.log.error({ err, event, userId }, 'push: queueing failed'));
    });
  }

  /** The realtime events that become a push (everything else a member sees only in the app). */
  private readonly handlers: {
    [E in keyof ServerToClientEvents]?: (
      userId: number,
      payload: Parameters<ServerToClientEvents[E]>[0],
    ) => Promise<void>;
  } = {
    message: (userId, m) => this.onMessage(userId, m),
    onC2COrderStatus: (userId, e) => this.onOrder(userId, e),
    onC2COrderReminder: (userId, e) => this.onOrderReminder(userId, e),
    onFriendRequest: (userId, e) => this.onFriendRequest(userId, e),
    wallet: (userId, e) => this.onTransfer(userId, e),
    chain: (userId, e) => this.onChain(userId, e),
    onTicketReply: (userId, e) => this.onTicketReply(userId, e),
  };

  /** Resolves when every event seen so far was handled (tests, shutdown). */
  settled() {
    return this.tail;
  }

  private async onMessage(userId: number, message: ChatMessage) {
    // A change to a stored message (a recall, an edit, a reaction: it carries a change seq) is no new message.
    if (message.senderId === userId || message.recalled || (message.changeSeq ?? 0) > 0) return;
    if (message.contentType === 'notice') return this.onNotice(userId, message);
    // Most members have no subscription: one indexed lookup, nothing more.
    const subs = (await this.subscriptionsOf(userId)).filter((s) => !s.retiredTime);
    if (subs.length === 0) return;
    const state = await notifyStateOf(this.db, message.sessionId, userId);
    // An @mention reaches me even in a group I muted.
    const mentioned = mentionsUser(message.content, userId);
    if (!state || (!state.useNotify && !mentioned)) return;
    const [sender] = await this.db
      .select({ nickName: users.nickName })
      .from(users)
      .where(eq(users.id, message.senderId));
    const count = Math.max(1, state.unread);
    await this.queue(
      userId,
      {
        dedupeKey: `m${message.id}`,
        topic: `s${message.sessionId}`,
        urgency: message.contentType === 'transfer' || mentioned ? 'high' : 'normal',
        payload: (sub) => {
          const texts = textsFor(sub.lang);
          const line = messageLine(texts, message.contentType, message.content, sub.preview);
          return {
            kind: message.contentType === 'transfer' ? 'wallet' : 'chat',
            title: sender?.nickName ?? '',
            body: `${mentioned ? `${texts.mentioned} ` : ''}${count > 1 ? `${texts.messages(count)} · ${line}` : line}`,
            tag: `chat-${message.sessionId}`,
            url: chatRoute(message.sessionId),
            count,
          };
        },
      },
      subs,
    );
  }

  /**
   * Notices are pushed only when they are security alerts (a sign-in from a new device, a PIN change): in the
   * member's language, without the details when previews are off, opening the service chat that holds them.
   * Only the server writes notices, and only account notices carry these types.
   */
  private async onNotice(userId: number, message: ChatMessage) {
    const type = message.content.type;
    if (!isAlertType(type)) return;
    await this.sessionEnds();
    await this.queue(userId, {
      dedupeKey: `n${message.id}`,
      topic: `n${message.id}`,
      urgency: 'high',
      alert: true,
      payload: (sub) => ({
        kind: 'security',
        title: textsFor(sub.lang).securityTitle,
        body: alertLine(textsFor(sub.lang), type, message.content, sub.preview),
        tag: `security-${message.id}`,
        url: chatRoute(message.sessionId),
      }),
    });
  }

  private async onOrder(userId: number, event: OrderStatusPayload) {
    await this.queue(userId, {
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

  private async onOrderReminder(userId: number, event: OrderReminderPayload) {
    const subs = await this.subscriptionsOf(userId);
    if (subs.length === 0) return;
    const seller = event.role === 'seller';
    await this.queue(
      userId,
      {
        dedupeKey: `o${event.orderId}-${event.kind}`,
        topic: `o${event.orderId}`,
        urgency: 'high',
        payload: (sub) => {
          const texts = textsFor(sub.lang);
          return {
            kind: 'c2c',
            title: texts.orderTitle,
            body:
              event.kind === 'payment-soon'
                ? texts.paySoon(event.minutesLeft)
                : seller
                  ? texts.releaseDueSeller
                  : texts.releaseDueBuyer,
            tag: `order-${event.orderId}`,
            url: orderRoute(event.orderId),
          };
        },
      },
      subs,
    );
  }

  private async onFriendRequest(userId: number, request: FriendRequestPayload) {
    await this.queue(userId, {
      dedupeKey: `f${request.id}`,
      topic: 'friends',
      urgency: 'normal',
      payload: (sub) => {
        const texts = textsFor(sub.lang);
        const greeting = sub.preview ? request.message.trim().slice(0, PREVIEW_MAX) : '';
        return {
          kind: 'friend',
          title: texts.friendTitle,
          body: greeting
            ? `${texts.friendRequest(request.nickName)}: ${greeting}`
            : texts.friendRequest(request.nickName),
          tag: 'friend-requests',
          url: FRIEND_REQUESTS_ROUTE,
        };
      },
    });
  }

  /** Money sent to me by a member or a merchant; an operator's adjustment or a payment to my shop is not pushed. */
  private async onTransfer(userId: number, event: WalletPayload) {
    if (event.kind !== 'transferIn' && event.kind !== 'payRefund') return;
    await this.queue(userId, {
      dedupeKey: `t${event.entryId}`,
      topic: `t${event.entryId}`,
      urgency: 'high',
      payload: (sub) => {
        const texts = textsFor(sub.lang);
        return {
          kind: 'wallet',
          title:
            (event.kind === 'transferIn' ? event.from.nickName : event.merchant.name) || texts.walletTitle,
          body: texts.transfer(event.amount),
          tag: `transfer-${event.entryId}`,
          url: WALLET_ROUTE,
        };
      },
    });
  }

  /** Withdrawals only, when they end: completed on chain or rejected by support. */
  private async onChain(userId: number, record: ChainRecord) {
    if (record.type !== 'withdrawal') return;
    if (record.status !== 'completed' && record.status !== 'rejected') return;
    const status = record.status;
    await this.queue(userId, {
      dedupeKey: `w${record.id}-${status}`,
      topic: `w${record.id}`,
      urgency: 'high',
      payload: (sub) => {
        const texts = textsFor(sub.lang);
        const body =
          status === 'completed'
            ? texts.withdrawalDone(record.amount)
            : texts.withdrawalRejected(record.amount, record.reason);
        return {
          kind: 'wallet',
          title: texts.walletTitle,
          body,
          tag: `withdrawal-${record.id}`,
          url: WALLET_ROUTE,
        };
      },
    });
  }

  private async onTicketReply(userId: number, event: TicketReplyPayload) {
    await this.queue(userId, {
      // Each answer (a status change with a new reply) is its own push; a burst collapses by topic.
      dedupeKey: `k${event.kind}${event.id}-${Date.now()}`,
      topic: `k${event.id}`,
      urgency: 'normal',
      payload: (sub) => {
        const texts = textsFor(sub.lang);
        return {
          kind: 'ticket',
          title: texts.ticketTitle[event.kind],
          body: texts.ticketAnswered[event.status],
          tag: `ticket-${event.kind}-${event.id}`,
          url: ticketRoute(event.kind, event.id),
        };
      },
    });
  }

  private async subscriptionsOf(userId: number) {
    if (this.withoutDevices.get(userId)) return [];
    const ticket = this.withoutDevices.ticket();
    const subs = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (subs.length === 0) this.withoutDevices.set(userId, true, ticket);
    return subs;
  }

  /**
   * Queues the push for each of the member's devices (`subs` when the caller already looked them up), unless the
   * member is looking at the app; an alert also for each device retired lately, looking or not. A push of the
   * same topic still waiting to be sent is replaced instead (ten messages in a burst make one notification,
   * with the count).
   */
  private async queue(userId: number, draft: Draft, subs?: Subscription[]) {
    const all = subs ?? (await this.subscriptionsOf(userId));
    const now = this.clock.now();
    const current = all.filter((s) => !s.retiredTime);
    const retired = draft.alert ? all.filter((s) => takesAlerts(s, now)) : [];
    if (current.length + retired.length === 0) return;
    const looking = current.length > 0 && (await this.realtime.presence(userId)) === 'visible';
    const devices = [...(looking ? [] : current), ...retired];
    if (devices.length === 0) return;
    let added = 0;
    for (const sub of devices) {
      const payload: PushPayload = { ...draft.payload(sub), ...(sub.sound ? {} : { silent: true }) };
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
