import { createHash } from 'node:crypto';
import type { LoginRecord, LoginSession } from '@chatpay/shared';
import Bowser from 'bowser';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import { loginEvents, users } from './tables.ts';

/** How many sign-ins the member sees. */
export const LOGIN_HISTORY_SIZE = 30;

/** Where a sign-in comes from, as the routes read it off the request. */
export interface SignInSource {
  address: string;
  userAgent: string;
  /** The id the client keeps for its device, when it sends one. */
  deviceId?: string | undefined;
}

/**
 * The device of a sign-in: the id the web keeps (a random UUID in its storage, the same one its push
 * subscription uses), else the user agent with the address, for clients that send none.
 */
export const deviceKeyOf = (source: SignInSource) =>
  source.deviceId
    ? `id:${source.deviceId}`
    : `ua:${createHash('sha256').update(`${source.userAgent}\n${source.address}`).digest('hex').slice(0, 32)}`;

const agentOf = (source: SignInSource) => source.userAgent.slice(0, 512);

/** Records a wrong password (or a refused attempt) for the member. */
export const recordFailedLogin = async (exec: Executor, userId: number, source: SignInSource, now: Date) => {
  await exec.insert(loginEvents).values({
    userId,
    success: false,
    address: source.address,
    userAgent: agentOf(source),
    deviceKey: deviceKeyOf(source),
    createTime: now,
  });
};

/**
 * Records a successful sign-in that started session `sid`, and answers whether it came from a new device: one
 * the member never signed in from, when they have signed in before (a first sign-in, or the first since
 * sign-ins were recorded, has nothing to compare with).
 */
export const recordLogin = async (
  exec: Executor,
  userId: number,
  sid: string,
  source: SignInSource,
  now: Date,
): Promise<boolean> => {
  const deviceKey = deviceKeyOf(source);
  // One earlier success, this device's first if there is one.
  const [earlier] = await exec
    .select({ deviceKey: loginEvents.deviceKey })
    .from(loginEvents)
    .where(and(eq(loginEvents.userId, userId), eq(loginEvents.success, true)))
    .orderBy(sql`${loginEvents.deviceKey} = ${deviceKey} DESC`)
    .limit(1);
  const newDevice = earlier !== undefined && earlier.deviceKey !== deviceKey;
  await exec.insert(loginEvents).values({
    userId,
    success: true,
    address: source.address,
    userAgent: agentOf(source),
    deviceKey,
    newDevice,
    sessionId: sid,
    lastSeenTime: now,
    createTime: now,
  });
  return newDevice;
};

/** A session was used: its token refreshed. */
export const touchSession = async (exec: Executor, sid: string, now: Date) => {
  await exec.update(loginEvents).set({ lastSeenTime: now }).where(eq(loginEvents.sessionId, sid));
};

/** Browser, system and kind of device named by a user agent ('' for what it does not say). */
export const describeAgent = (userAgent: string) => {
  if (!userAgent) return { browser: '', os: '', device: '' };
  const parsed = Bowser.parse(userAgent);
  const version = (v: string | undefined) => (v ? ` ${v.split('.')[0]}` : '');
  return {
    browser: parsed.browser.name ? `${parsed.browser.name}${version(parsed.browser.version)}` : '',
    os: parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : version(parsed.os.version)}`
      : '',
    device: parsed.platform.type ?? '',
  };
};

/**
 * My live sessions and latest sign-ins. A member has one live session (docs/product.md#tokens): the one whose
 * sid is `users.session_id`; the list keeps the shape of several.
 */
export const loginActivity = async (
  db: Db,
  userId: number,
  callerSid: string,
): Promise<{ sessions: LoginSession[]; logins: LoginRecord[] }> => {
  const live = await db
    .select({ event: loginEvents })
    .from(loginEvents)
    .innerJoin(users, and(eq(users.id, loginEvents.userId), eq(users.sessionId, loginEvents.sessionId)))
    .where(and(eq(loginEvents.userId, userId), isNotNull(loginEvents.sessionId)));
  const history = await db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.id))
    .limit(LOGIN_HISTORY_SIZE);
  return {
    sessions: live.map(({ event }) => ({
      sid: event.sessionId ?? '',
      current: event.sessionId === callerSid,
      createTime: event.createTime.toISOString(),
      lastSeenTime: (event.lastSeenTime ?? event.createTime).toISOString(),
      address: event.address,
      ...describeAgent(event.userAgent),
    })),
    logins: history.map((event) => ({
      time: event.createTime.toISOString(),
      success: event.success,
      newDevice: event.newDevice,
      address: event.address,
      ...describeAgent(event.userAgent),
    })),
  };
};

/** Whether `sid` names a session this member signed in with (live or not). */
export const isSessionOf = async (exec: Executor, userId: number, sid: string) => {
  const [row] = await exec
    .select({ id: loginEvents.id })
    .from(loginEvents)
    .where(and(eq(loginEvents.userId, userId), eq(loginEvents.sessionId, sid)))
    .limit(1);
  return row !== undefined;
};
