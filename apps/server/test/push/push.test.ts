import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { ErrorCode, messageApi, pushApi, sessionApi } from '@chatpay/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedPushHosts, KNOWN_PUSH_HOSTS, pushHostAllowed } from '../../src/modules/push/hosts.ts';
import { PUSH_JOB, pushJobs, pushSubscriptions, setPushAgent } from '../../src/modules/push/index.ts';
import { createAd, createMerchant, createTrader, pay, startOrder } from '../c2c/factories.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import {
  createFriendPair,
  createGroupOf,
  createSingleSession,
  createUser,
  makeFriends,
  sendText,
  type TestUser,
} from '../helpers/factories.ts';
import { connectSocket } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/wait.ts';
import { browserKeys, type PushService, startPushService } from './push-service.ts';

let svc: PushService;
beforeAll(async () => {
  svc = await startPushService();
  setPushAgent(svc.agent);
});
afterAll(async () => {
  setPushAgent(undefined);
  await svc.close();
});

/** Subscribes `user` with a fresh browser key pair at `svc.endpoint(name)`. */
const subscribe = async (t: TestApp, user: TestUser, name: string, extra: { lang?: 'en' | 'zh' } = {}) => {
  const browser = browserKeys();
  await t.ok(
    pushApi.subscribe,
    { endpoint: svc.endpoint(name), keys: browser.keys, deviceId: `dev-${name}`, ...extra },
    user.token,
  );
  return browser;
};

const jobsOf = (t: TestApp, userId: number) =>
  t.database.db.select().from(pushJobs).where(eq(pushJobs.userId, userId));

describe('Web Push to members who are not looking', () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true' });

  it('serves the VAPID public key', async () => {
    const { a } = await createFriendPair(t);
    const { publicKey } = await t.ok(pushApi.key, {}, a.token);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('sends an encrypted, VAPID-signed push of a new message to an offline member', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const browser = await subscribe(t, b, 'offline-b');
    await sendText(t, a, sessionId, 'are you there?');
    const [push] = await waitFor(() => svc.to('offline-b').length === 1 && svc.to('offline-b'));
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.headers.topic).toBe(`s${sessionId}`);
    const { publicKey } = await t.ok(pushApi.key, {}, b.token);
    const claims = await svc.vapid(push!, publicKey);
    expect(claims.sub).toBe(t.config.VAPID_SUBJECT);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    const payload = svc.decrypt(push!, browser);
    expect(payload).toMatchObject({
      kind: 'chat',
      body: 'are you there?',
      tag: `chat-${sessionId}`,
      url: `#/pages/chat/index?id=${sessionId}`,
      count: 1,
    });
    expect(payload.title).toBe(`Nick ${a.username.slice(-4)}`);
    const [job] = await jobsOf(t, b.id);
    expect(job).toMatchObject({ status: 'sent', attempts: 1 });
    // The sender gets nothing about their own message.
    expect(await jobsOf(t, a.id)).toEqual([]);
  });

  it('sends nothing while the member has a visible socket, and does once every socket is hidden', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const browser = await subscribe(t, b, 'visible-b');
    const socket = await connectSocket(t, b.token);
    try {
      await sendText(t, a, sessionId, 'seen in the app');
      // Events are handled one at a time in emit order: once a later event's push is queued, the first
      // message was handled while B was still looking.
      const other = await createFriendPair(t);
      await subscribe(t, other.b, 'visible-marker');
      await sendText(t, other.a, other.sessionId, 'marker');
      await waitFor(async () => (await jobsOf(t, other.b.id)).length === 1);
      socket.emit('visibility', { hidden: true });
      await waitFor(async () => (await t.realtime.presence(b.id)) === 'hidden');
      await sendText(t, a, sessionId, 'app in the background');
      const pushes = await waitFor(() => svc.to('visible-b').length > 0 && svc.to('visible-b'));
      expect(pushes).toHaveLength(1);
      expect(svc.decrypt(pushes[0]!, browser).body).toContain('app in the background');
      expect(await jobsOf(t, b.id)).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it('a member with no device who subscribes gets the next message pushed', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const c = await createUser(t);
    const toC = await makeFriends(t, a, c);
    await subscribe(t, c, 'witness-c');
    // b has no device: remembered. Events are handled in order, so c's push says b's message was handled.
    await sendText(t, a, sessionId, 'before a device');
    await sendText(t, a, toC, 'to the witness');
    await waitFor(() => svc.to('witness-c').length === 1);
    const browser = await subscribe(t, b, 'late-b');
    await sendText(t, a, sessionId, 'after a device');
    const pushes = await waitFor(() => svc.to('late-b').length > 0 && svc.to('late-b'));
    // One push, of the newest message (with the unread count: the first one is unread too).
    expect(pushes.map((p) => svc.decrypt(p, browser).body)).toEqual(['2 new messages · after a device']);
  });

  it('sends nothing for a muted session', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const browser = await subscribe(t, b, 'muted-b');
    await t.ok(sessionApi.setChat, { sessionId, action: 'notify.off' }, b.token);
    await sendText(t, a, sessionId, 'muted text');
    await t.ok(sessionApi.setChat, { sessionId, action: 'notify.on' }, b.token);
    await sendText(t, a, sessionId, 'after unmute');
    const pushes = await waitFor(() => svc.to('muted-b').length > 0 && svc.to('muted-b'));
    expect(pushes).toHaveLength(1);
    expect(svc.decrypt(pushes[0]!, browser).body).toContain('after unmute');
  });

  it('an edit or a reaction pushes nothing: only the live event carries it', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b, c] = members as [TestUser, TestUser];
    const sent = await sendText(t, owner, group.sessionId, 'the plan');
    // C subscribes after the message: a push for any change of it would be a new one, not a duplicate.
    const browser = await subscribe(t, c, 'changes-c');
    await t.ok(messageApi.react, { id: sent.id, emoji: '👍', active: true }, b.token);
    await t.ok(messageApi.edit, { id: sent.id, text: 'the new plan' }, owner.token);
    // A marker in another chat (pushes of one chat collapse into one): it is queued after the changes were.
    const single = await createSingleSession(t, owner, c);
    await sendText(t, owner, single.id, 'marker');
    const pushes = await waitFor(() => svc.to('changes-c').length > 0 && svc.to('changes-c'));
    expect(pushes).toHaveLength(1);
    expect(svc.decrypt(pushes[0]!, browser).body).toContain('marker');
    expect((await jobsOf(t, c.id)).length).toBe(1);
  });

  it('an @mention reaches a member who muted the group, marked and urgent; other messages do not', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b, c] = members as [TestUser, TestUser];
    const browser = await subscribe(t, c, 'mention-c');
    await t.ok(sessionApi.setChat, { sessionId: group.sessionId, action: 'notify.off' }, c.token);
    await sendText(t, owner, group.sessionId, 'plain group chatter');
    await t.ok(
      messageApi.send,
      {
        sessionId: group.sessionId,
        clientMsgId: randomUUID(),
        contentType: 'text',
        content: { text: '@Bob lunch?', mentions: [b.id] },
      },
      owner.token,
    );
    await t.ok(
      messageApi.send,
      {
        sessionId: group.sessionId,
        clientMsgId: randomUUID(),
        contentType: 'text',
        content: { text: '@Carol are you in?', mentions: [c.id] },
      },
      owner.token,
    );
    const pushes = await waitFor(() => svc.to('mention-c').length > 0 && svc.to('mention-c'));
    await new Promise((r) => setTimeout(r, 300));
    expect(svc.to('mention-c')).toHaveLength(1);
    expect(svc.decrypt(pushes[0]!, browser).body).toContain('[You were mentioned]');
    expect(svc.decrypt(pushes[0]!, browser).body).toContain('@Carol are you in?');
    expect(pushes[0]!.headers.urgency).toBe('high');
  });

  it('texts follow the subscription’s language; transfers and orders are urgent', async () => {
    const merchant = await createMerchant(t);
    const buyer = await createTrader(t, '0');
    const browser = await subscribe(t, merchant, 'seller', { lang: 'zh' });
    const ad = await createAd(t, merchant);
    const order = await startOrder(t, buyer, ad.id);
    const orderId = 'orderId' in order ? Number(order.orderId) : Number((order as { id: number }).id);
    await waitFor(() => svc.to('seller').length === 1);
    await pay(t, buyer, orderId);
    const pushes = await waitFor(() => svc.to('seller').length === 2 && svc.to('seller'));
    const paid = svc.decrypt(pushes[1]!, browser);
    expect(paid).toMatchObject({
      kind: 'c2c',
      title: 'C2C 订单',
      body: '买家已付款：请核对收款后放币',
      url: `#/pages/c2c/detail?id=${orderId}`,
    });
    expect(pushes[1]!.headers).toMatchObject({ urgency: 'high', ttl: '3600', topic: `o${orderId}` });
  });

  it('deletes a subscription its push service answers 410 for', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    svc.setResponse((p) => (p === '/sub/gone-b' ? 410 : 201));
    await subscribe(t, b, 'gone-b');
    await sendText(t, a, sessionId, 'hello?');
    await waitFor(async () => (await jobsOf(t, b.id))[0]?.status === 'gone');
    const subs = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, b.id));
    expect(subs).toEqual([]);
    svc.setResponse(() => 201);
  });

  it('retries a push service that is down, with backoff on the clock', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    svc.setResponse((p) => (p === '/sub/down-b' ? 503 : 201));
    const browser = await subscribe(t, b, 'down-b');
    await sendText(t, a, sessionId, 'try again');
    await waitFor(async () => (await jobsOf(t, b.id))[0]?.lastError.startsWith('HTTP 503'));
    expect((await jobsOf(t, b.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    svc.setResponse(() => 201);
    expect(await t.jobs.runNow(PUSH_JOB)).toBe(0);
    t.clock.advance(15_000);
    expect(await t.jobs.runNow(PUSH_JOB)).toBe(1);
    expect((await jobsOf(t, b.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    const last = svc.to('down-b').at(-1)!;
    expect(svc.decrypt(last, browser).body).toBe('try again');
  });
});

describe('subscriptions', () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true' });

  it('a member cannot remove another member’s subscription; a device has one', async () => {
    const { a, b } = await createFriendPair(t);
    await subscribe(t, a, 'mine-a');
    await t.ok(pushApi.unsubscribe, { endpoint: svc.endpoint('mine-a') }, b.token);
    await t.ok(pushApi.unsubscribe, { deviceId: 'dev-mine-a' }, b.token);
    const own = () =>
      t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.id));
    expect(await own()).toHaveLength(1);
    // The same device subscribing again replaces its subscription.
    await t.ok(
      pushApi.subscribe,
      { endpoint: svc.endpoint('mine-a2'), keys: browserKeys().keys, deviceId: 'dev-mine-a' },
      a.token,
    );
    expect((await own()).map((s) => s.endpoint)).toEqual([svc.endpoint('mine-a2')]);
    await t.ok(pushApi.unsubscribe, { deviceId: 'dev-mine-a' }, a.token);
    expect(await own()).toEqual([]);
  });

  it('status: my device is subscribed with its current endpoint; another member’s device is not mine', async () => {
    const { a, b } = await createFriendPair(t);
    const status = (who: TestUser, input: { deviceId: string; endpoint?: string }) =>
      t.ok(pushApi.status, input, who.token);
    expect(await status(a, { deviceId: 'dev-status-a' })).toEqual({ subscribed: false });
    await subscribe(t, a, 'status-a');
    expect(await status(a, { deviceId: 'dev-status-a' })).toEqual({ subscribed: true });
    expect(await status(a, { deviceId: 'dev-status-a', endpoint: svc.endpoint('status-a') })).toEqual({
      subscribed: true,
    });
    // The browser holds another subscription than the server (it subscribed again, or the server dropped it).
    expect(await status(a, { deviceId: 'dev-status-a', endpoint: svc.endpoint('other') })).toEqual({
      subscribed: false,
    });
    expect(await status(b, { deviceId: 'dev-status-a' })).toEqual({ subscribed: false });
    await t.ok(pushApi.unsubscribe, { deviceId: 'dev-status-a' }, a.token);
    expect(await status(a, { deviceId: 'dev-status-a' })).toEqual({ subscribed: false });
    await t.fails(pushApi.status, { deviceId: '' }, a.token, ErrorCode.Validation);
    await t.fails(pushApi.status, { deviceId: 'dev-status-a' }, '', ErrorCode.Unauthorized);
  });

  it('refuses bad subscriptions', async () => {
    const { a } = await createFriendPair(t);
    const keys = browserKeys().keys;
    const bad = [
      { endpoint: 'http://push.example.com/x', keys, deviceId: 'd' },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, auth: '' }, deviceId: 'd' },
      { endpoint: 'https://push.example.com/x', keys: { ...keys, p256dh: 'not base64!' }, deviceId: 'd' },
      { endpoint: `https://push.example.com/${'x'.repeat(3000)}`, keys, deviceId: 'd' },
      { endpoint: 'https://push.example.com/x', keys, deviceId: '' },
    ];
    for (const input of bad) await t.fails(pushApi.subscribe, input, a.token, ErrorCode.Validation);
    await t.fails(pushApi.unsubscribe, {}, a.token, ErrorCode.Validation);
    await t.fails(
      pushApi.subscribe,
      { endpoint: svc.endpoint('x'), keys, deviceId: 'd' },
      '',
      ErrorCode.Unauthorized,
    );
  });
});

describe('a push service that never answers', () => {
  // A deadline far beyond the test: the hung service's pushes stay in flight while the other one's arrive.
  const t = useTestApp({
    PUSH_ALLOW_PRIVATE: 'true',
    PUSH_SEND_TIMEOUT_MS: '600000',
    PUSH_SEND_DELAY_MS: '3600000',
  });
  let hung: PushService;
  beforeAll(async () => {
    hung = await startPushService();
    hung.setResponse(() => 'hold');
    const ca = [fs.readFileSync(svc.certFile), fs.readFileSync(hung.certFile)];
    setPushAgent(new https.Agent({ ca }));
  });
  afterAll(() => {
    setPushAgent(svc.agent);
  });

  it('delays only its own devices: another member’s push goes out while it hangs', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const c = await createUser(t);
    const ac = await makeFriends(t, a, c);
    // b has six devices on the hung service, c one on the working one; both messages wait for one pass.
    for (let i = 0; i < 6; i++)
      await t.ok(
        pushApi.subscribe,
        { endpoint: hung.endpoint(`hung-${i}`), keys: browserKeys().keys, deviceId: `hung-${i}` },
        b.token,
      );
    await subscribe(t, c, 'working-c');
    await sendText(t, a, sessionId, 'to the hung devices');
    await sendText(t, a, ac, 'to the working device');
    await waitFor(async () => (await jobsOf(t, c.id)).length === 1 && (await jobsOf(t, b.id)).length === 6);
    const pass = t.jobs.runNow(PUSH_JOB);
    // c's push arrives while b's are held by the service that never answers.
    await waitFor(() => svc.to('working-c').length === 1);
    await waitFor(() => hung.received.length === 4);
    expect(hung.received.every((r) => r.status === 0)).toBe(true);
    // The service goes away: its four pushes fail, which opens its breaker, and what is left is not tried.
    await hung.close();
    await pass;
    await waitFor(async () => (await jobsOf(t, b.id)).every((j) => j.lastError !== ''));
    const jobs = await jobsOf(t, b.id);
    expect(jobs.every((j) => j.status === 'pending')).toBe(true);
    expect(jobs.filter((j) => j.lastError.includes('left alone')).length).toBeGreaterThanOrEqual(1);
    expect(hung.received).toHaveLength(4);
  });
});

describe('at most ten devices per member', () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true' });

  it('an eleventh subscription replaces the least recently subscribed one', async () => {
    const a = await createUser(t);
    for (let i = 0; i < 12; i++) {
      await t.ok(
        pushApi.subscribe,
        { endpoint: svc.endpoint(`many-${i}`), keys: browserKeys().keys, deviceId: `many-${i}` },
        a.token,
      );
    }
    const devices = await t.database.db
      .select({ deviceId: pushSubscriptions.deviceId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, a.id));
    expect(devices.map((d) => d.deviceId).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `many-${i + 2}`).sort(),
    );
  });
});

describe('PUSH_ENDPOINT_HOSTS', () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true', PUSH_ENDPOINT_HOSTS: 'push.example.test' });

  it('refuses endpoints of hosts other than the listed push services', async () => {
    const a = await createUser(t);
    await t.fails(
      pushApi.subscribe,
      { endpoint: svc.endpoint('unlisted'), keys: browserKeys().keys, deviceId: 'unlisted' },
      a.token,
      ErrorCode.PushEndpointRefused,
    );
  });

  it('production defaults to the browsers’ push services', () => {
    expect(allowedPushHosts({ NODE_ENV: 'production' })).toEqual(KNOWN_PUSH_HOSTS);
    expect(pushHostAllowed('https://fcm.googleapis.com/fcm/send/x', KNOWN_PUSH_HOSTS)).toBe(true);
    expect(pushHostAllowed('https://a.notify.windows.com/w/?token=x', KNOWN_PUSH_HOSTS)).toBe(true);
    expect(pushHostAllowed('https://evilfcm.googleapis.com.attacker.test/x', KNOWN_PUSH_HOSTS)).toBe(false);
    expect(allowedPushHosts({ NODE_ENV: 'development' })).toBeNull();
    expect(allowedPushHosts({ NODE_ENV: 'production', PUSH_ENDPOINT_HOSTS: ['*'] })).toBeNull();
  });
});

describe('without PUSH_ALLOW_PRIVATE', () => {
  const t = useTestApp();

  it('refuses push endpoints on loopback and private networks', async () => {
    const { a } = await createFriendPair(t);
    const keys = browserKeys().keys;
    for (const endpoint of [
      svc.endpoint('x'),
      'https://10.1.2.3/push',
      'https://[::1]/push',
      'https://192.168.0.9/push',
      'https://localhost/push',
    ]) {
      await t.fails(
        pushApi.subscribe,
        { endpoint, keys, deviceId: randomUUID() },
        a.token,
        ErrorCode.PushEndpointRefused,
      );
    }
  });
});

describe('a burst of messages', () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true', PUSH_SEND_DELAY_MS: '3600000' });

  it('collapses into one push per session with the count', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const browser = await subscribe(t, b, 'burst-b');
    for (let i = 1; i <= 10; i += 1) await sendText(t, a, sessionId, `message ${i}`);
    await waitFor(async () => {
      const [job] = await jobsOf(t, b.id);
      return (job?.payload as { count?: number } | undefined)?.count === 10;
    });
    expect(await jobsOf(t, b.id)).toHaveLength(1);
    expect(await t.jobs.runNow(PUSH_JOB)).toBe(1);
    const pushes = svc.to('burst-b');
    expect(pushes).toHaveLength(1);
    expect(svc.decrypt(pushes[0]!, browser)).toMatchObject({
      count: 10,
      body: '10 new messages · message 10',
    });
    const pending = await t.database.db
      .select()
      .from(pushJobs)
      .where(and(eq(pushJobs.userId, b.id), eq(pushJobs.status, 'pending')));
    expect(pending).toEqual([]);
  });
});
