import { adminMemberApi, pushApi, userApi } from '@chatpay/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_JOB, pushJobs, pushSubscriptions, setPushAgent } from '../../src/modules/push/index.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { adminToken, createFriendPair, sendText, type TestUser } from '../helpers/factories.ts';
import { waitFor } from '../helpers/wait.ts';
import { browserKeys, type PushService, startPushService } from './push-service.ts';

/** A device's push subscription lives as long as the login session that registered it. */
let svc: PushService;
beforeAll(async () => {
  svc = await startPushService();
  setPushAgent(svc.agent);
});
afterAll(async () => {
  setPushAgent(undefined);
  await svc.close();
});

const subscribe = async (t: TestApp, token: string, name: string) => {
  const browser = browserKeys();
  await t.ok(
    pushApi.subscribe,
    { endpoint: svc.endpoint(name), keys: browser.keys, deviceId: `dev-${name}` },
    token,
  );
  return browser;
};

const devicesOf = async (t: TestApp, userId: number) =>
  (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
    .map((row) => row.deviceId)
    .sort();

/** The devices that take every push (not retired by a login elsewhere). */
const currentDevicesOf = async (t: TestApp, userId: number) =>
  (
    await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.retiredTime)))
  )
    .map((row) => row.deviceId)
    .sort();

const loginAgain = async (t: TestApp, user: TestUser) =>
  (await t.ok(userApi.loginByName, { username: user.username, password: user.password })).token;

/** A message from `a` to `b`, then a marker push to `other`: once the marker is sent, the message was handled. */
const sendAndSettle = async (t: TestApp, a: TestUser, b: TestUser, sessionId: number, text: string) => {
  await sendText(t, a, sessionId, text);
  await waitFor(async () => {
    const jobs = await t.database.db.select().from(pushJobs).where(eq(pushJobs.userId, b.id));
    return jobs.length > 0 && jobs.every((j) => j.status !== 'pending');
  });
};

describe('push subscriptions end with their login session', () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true' });

  it('logout removes that device’s subscription, and it gets no pushes', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await subscribe(t, b.token, 'logout-b');
    expect(await devicesOf(t, b.id)).toEqual(['dev-logout-b']);
    await t.ok(userApi.logout, {}, b.token);
    await waitFor(async () => (await devicesOf(t, b.id)).length === 0);
    await sendText(t, a, sessionId, 'after logout');
    const other = await loginAgain(t, b);
    const browser = await subscribe(t, other, 'logout-b2');
    await sendText(t, a, sessionId, 'to the new login');
    const pushes = await waitFor(() => svc.to('logout-b2').length > 0 && svc.to('logout-b2'));
    expect(svc.decrypt(pushes[0]!, browser).body).toContain('to the new login');
    expect(svc.to('logout-b')).toEqual([]);
  });

  it('a login elsewhere retires the other devices’ subscriptions (security alerts only) and keeps the new one', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await subscribe(t, b.token, 'kick-old');
    const second = await loginAgain(t, b);
    await waitFor(async () => (await currentDevicesOf(t, b.id)).length === 0);
    const browser = await subscribe(t, second, 'kick-new');
    expect(await currentDevicesOf(t, b.id)).toEqual(['dev-kick-new']);
    expect(await devicesOf(t, b.id)).toEqual(['dev-kick-new', 'dev-kick-old']);
    await sendText(t, a, sessionId, 'only the new phone');
    const pushes = await waitFor(() => svc.to('kick-new').length > 0 && svc.to('kick-new'));
    expect(svc.decrypt(pushes[0]!, browser).body).toContain('only the new phone');
    expect(svc.to('kick-old')).toEqual([]);
    // A third login (without subscribing) leaves the member with no current device at all.
    await loginAgain(t, b);
    await waitFor(async () => (await currentDevicesOf(t, b.id)).length === 0);
  });

  it('an operator’s freeze or forced logout removes every device of the member', async () => {
    const admin = await adminToken(t);
    const { b: frozen } = await createFriendPair(t);
    await subscribe(t, frozen.token, 'freeze-b');
    await t.ok(adminMemberApi.freeze, { userId: frozen.id, frozen: true, reason: 'test freeze' }, admin);
    await waitFor(async () => (await devicesOf(t, frozen.id)).length === 0);

    const { b: forced } = await createFriendPair(t);
    await subscribe(t, forced.token, 'forced-b');
    await t.ok(adminMemberApi.logout, { userId: forced.id }, admin);
    await waitFor(async () => (await devicesOf(t, forced.id)).length === 0);
  });

  it('a subscription of an ended session that was not removed still gets nothing', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await subscribe(t, b.token, 'missed-b');
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, b.id));
    await t.ok(userApi.logout, {}, b.token);
    await waitFor(async () => (await devicesOf(t, b.id)).length === 0);
    // As if the process had died between the logout and the removal.
    await t.database.db.insert(pushSubscriptions).values(row!);
    await loginAgain(t, b);
    // The login elsewhere retires it (security alerts only); as if that had been missed as well.
    await waitFor(async () => (await currentDevicesOf(t, b.id)).length === 0);
    await t.database.db
      .update(pushSubscriptions)
      .set({ retiredTime: null })
      .where(eq(pushSubscriptions.userId, b.id));
    await sendAndSettle(t, a, b, sessionId, 'to a stale device');
    await t.jobs.runNow(PUSH_JOB);
    const jobs = await t.database.db.select().from(pushJobs).where(eq(pushJobs.userId, b.id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'gone', lastError: 'the device’s session ended' });
    expect(svc.to('missed-b')).toEqual([]);
    expect(await devicesOf(t, b.id)).toEqual([]);
  });
});
