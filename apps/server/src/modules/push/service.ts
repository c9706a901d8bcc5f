import { ErrorCode, type InputOf, type pushApi } from '@chatpay/shared';
import { and, desc, eq, isNotNull, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { outboundTargetProblem } from '../../lib/outbound.ts';
import type { SessionsEnded } from '../../realtime/socket.ts';
import { pushHostAllowed } from './hosts.ts';
import { pushSubscriptions } from './tables.ts';

/** Devices a member may have subscribed at once: a new one beyond it replaces the least recently subscribed. */
export const PUSH_MAX_SUBSCRIPTIONS = 10;

/**
 * How long a device signed out by a login elsewhere still takes security alerts (docs/design/push.md,
 * "Security alerts"): the new-device notice of that login, and a PIN change soon after it.
 */
export const SECURITY_ALERT_HOURS = 24;
const SECURITY_ALERT_MS = SECURITY_ALERT_HOURS * 3_600_000;

/** Whether a retired device still takes security alerts at `now`. */
export const takesAlerts = (sub: { retiredTime: Date | null }, now: Date) =>
  sub.retiredTime !== null && now.getTime() - sub.retiredTime.getTime() < SECURITY_ALERT_MS;

/** A member's Web Push subscriptions. */
export class SubscriptionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly allowPrivate: boolean,
    /** Hosts an endpoint may name (`hosts.ts`); null: any. */
    private readonly allowedHosts: string[] | null = null,
  ) {}

  /**
   * Stores the device's subscription. An endpoint is one browser profile: when another member subscribes it
   * (a shared computer, a new login), it moves to them, so the first member's pushes stop reaching it. It is
   * bound to the caller's login session `sid`: when that session ends, it is removed (`sessionsEnded`). A member
   * keeps at most PUSH_MAX_SUBSCRIPTIONS: each push of theirs is sent to every one, so an unbounded list would
   * let one member make the push job do unbounded work.
   */
  async subscribe(userId: number, sid: string, input: InputOf<typeof pushApi.subscribe>) {
    if (!pushHostAllowed(input.endpoint, this.allowedHosts))
      throw new AppError(
        ErrorCode.PushEndpointRefused,
        'Push endpoint refused: not a push service this server sends to',
      );
    const problem = await outboundTargetProblem(input.endpoint, {
      allowPrivate: this.allowPrivate,
      httpsOnly: true,
    });
    if (problem) throw new AppError(ErrorCode.PushEndpointRefused, `Push endpoint refused: ${problem}`);
    const values = {
      userId,
      sessionId: sid,
      deviceId: input.deviceId ?? '',
      deviceName: input.deviceName ?? '',
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      lang: input.lang ?? 'en',
      preview: input.preview ?? true,
      sound: input.sound ?? true,
      updateTime: new Date(),
    };
    await this.db.transaction(async (tx) => {
      await tx
        .delete(pushSubscriptions)
        .where(
          or(
            eq(pushSubscriptions.endpoint, values.endpoint),
            and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceId, values.deviceId)),
          ),
        );
      await tx.insert(pushSubscriptions).values(values);
      const newest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.updateTime), desc(pushSubscriptions.id))
        .limit(PUSH_MAX_SUBSCRIPTIONS);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    });
    return { ok: true as const };
  }

  /**
   * Whether my device has a subscription here, and (when the browser names its endpoint) that one: a browser
   * that subscribed again with a new endpoint, or whose subscription this server dropped (a 410 from its push
   * service, an ended session), is not subscribed.
   */
  async status(userId: number, input: InputOf<typeof pushApi.status>) {
    const [row] = await this.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.deviceId, input.deviceId)));
    return { subscribed: row !== undefined && (!input.endpoint || row.endpoint === input.endpoint) };
  }

  /** Removes my subscription of that endpoint or device (logout, notifications turned off). */
  async unsubscribe(userId: number, input: InputOf<typeof pushApi.unsubscribe>) {
    const which = [
      ...(input.endpoint ? [eq(pushSubscriptions.endpoint, input.endpoint)] : []),
      ...(input.deviceId ? [eq(pushSubscriptions.deviceId, input.deviceId)] : []),
    ];
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), or(...which)));
    return { ok: true as const };
  }

  /**
   * Removes the subscriptions of login sessions that ended: a logged-out, frozen or force-logged-out device gets
   * no more pushes of the member (the push job also refuses a subscription whose session is no longer the
   * member's current one, so a removal missed here still sends nothing). A device signed out by a login
   * elsewhere is retired instead: it takes security alerts only, for SECURITY_ALERT_HOURS, so that login's
   * new-device notice reaches it; those retired longer ago go now.
   */
  async sessionsEnded(ended: SessionsEnded) {
    if (ended.kind !== 'others') {
      const which =
        ended.kind === 'session'
          ? eq(pushSubscriptions.sessionId, ended.sid)
          : eq(pushSubscriptions.userId, ended.userId);
      await this.db.delete(pushSubscriptions).where(which);
      return;
    }
    const now = this.clock.now();
    const mine = eq(pushSubscriptions.userId, ended.userId);
    await this.db
      .delete(pushSubscriptions)
      .where(
        and(
          mine,
          isNotNull(pushSubscriptions.retiredTime),
          lt(pushSubscriptions.retiredTime, new Date(now.getTime() - SECURITY_ALERT_MS)),
        ),
      );
    await this.db
      .update(pushSubscriptions)
      .set({ retiredTime: now })
      .where(
        and(
          mine,
          isNull(pushSubscriptions.retiredTime),
          or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, ended.keepSid)),
        ),
      );
  }
}
