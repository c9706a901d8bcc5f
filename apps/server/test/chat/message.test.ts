import { randomUUID } from 'node:crypto';
import { ErrorCode, messageApi, type OutputOf, sessionApi, successData } from '@chatpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMembers, chatMessages, chatPushDevices } from '../../src/db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser, makeFriends, sendText, type TestUser } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';
import { countStatements } from '../helpers/statements.ts';

const sockets: ChatSocket[] = [];
const t = useTestApp();
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});
const socketOf = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};

type Page = OutputOf<typeof messageApi.page>;
const page = async (
  user: TestUser,
  input: { sessionId: number; afterSeq?: number; beforeSeq?: number; size?: number },
) => {
  const res = await t.call(messageApi.page, input, user.token);
  expect(res.code).toBe(1000);
  return successData(messageApi.page, res);
};
/** The texts of a page, without the friendship notice. */
const texts = (p: Page) =>
  p.list.filter((m) => m.contentType !== 'notice').map((m) => (m.content as { text?: string }).text);
const unreadOf = async (user: TestUser, sessionId: number) =>
  (await t.ok(sessionApi.info, { id: sessionId }, user.token)).unreadCount;

describe('message/send', () => {
  it('stores the message with the next seq, answers {id, seq, clientMsgId} and emits it to every member', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const bSocket = await socketOf(b.token);
    const aOther = await socketOf(a.token);
    const bMessages = recorder(bSocket, 'message');
    const bUnread = recorder(bSocket, 'onUpdateUnread');
    const aMessages = recorder(aOther, 'message');
    const res = await t.call(
      messageApi.send,
      { sessionId, clientMsgId: 'c-1', contentType: 'text', content: { text: ' Hello B ' } },
      a.token,
    );
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ sessionId, seq: 2, clientMsgId: 'c-1' });
    const { id } = successData(messageApi.send, res);
    const expected = {
      id,
      sessionId,
      seq: 2,
      clientMsgId: 'c-1',
      senderId: a.id,
      contentType: 'text',
      content: { text: 'Hello B' },
    };
    expect(await bMessages.next((m) => m.id === id)).toMatchObject(expected);
    expect(await aMessages.next((m) => m.id === id)).toMatchObject(expected);
    // b approved the friendship, so b's own notice (seq 1) is read: one unread.
    expect(await bUnread.next()).toEqual({ sessionId, unreadCount: 1 });
    expect(await unreadOf(b, sessionId)).toBe(1);
    expect(await unreadOf(a, sessionId)).toBe(0);
  });

  it('is idempotent per clientMsgId: a retry answers the first result and stores nothing new', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const first = await sendText(t, a, sessionId, 'once', 'retry-1');
    const again = await sendText(t, a, sessionId, 'once (retry)', 'retry-1');
    expect(again).toEqual(first);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => sendText(t, a, sessionId, 'racing', 'retry-2')),
    );
    expect(new Set(concurrent.map((r) => r.id)).size).toBe(1);
    const p = await page(a, { sessionId });
    expect(texts(p)).toEqual(['once', 'racing']);
    expect(p.list.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('a 1:1 send is one statement, over HTTP and over the socket; a retry answers without storing', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const bUnread = recorder(await socketOf(b.token), 'onUpdateUnread');
    const aSocket = await socketOf(a.token);
    await sendText(t, a, sessionId, 'warms the caches');
    // The right to send and the token are remembered: the store, with the member read, is the whole send.
    const http = await countStatements(t.database.db, () => sendText(t, a, sessionId, 'over HTTP'));
    expect(http.transactions).toBe(0);
    expect(http.count).toBe(1);
    const input = {
      sessionId,
      clientMsgId: randomUUID(),
      contentType: 'text',
      content: { text: 'over the socket' },
    };
    const socket = await countStatements(t.database.db, () =>
      aSocket.timeout(10_000).emitWithAck('sendMessage', input),
    );
    expect(socket.result.code).toBe(1000);
    expect(socket.transactions).toBe(0);
    expect(socket.count).toBe(1);
    // Unread stays exact: b has not read anything a sent.
    expect(await bUnread.next((u) => u.unreadCount === 3)).toEqual({ sessionId, unreadCount: 3 });
    const again = await sendText(t, a, sessionId, 'over the socket', input.clientMsgId);
    expect(again).toEqual(messageApi.send.output.parse(socket.result.data));
    expect(texts(await page(a, { sessionId }))).toEqual(['warms the caches', 'over HTTP', 'over the socket']);
  });

  it('a retry emits the stored message again, so a delivery lost with a crashed process is repaired', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const bob = recorder(await socketOf(b.token), 'message');
    const first = await sendText(t, a, sessionId, 'maybe lost', 'redeliver-1');
    await bob.next((m) => m.id === first.id);
    const again = await sendText(t, a, sessionId, 'maybe lost', 'redeliver-1');
    expect(again).toEqual(first);
    await expect.poll(() => bob.seen.filter((m) => m.id === first.id).length).toBe(2);
    expect(bob.seen.filter((m) => m.id === first.id).every((m) => m.seq === first.seq)).toBe(true);
  });

  it('concurrent senders in one session get distinct seqs with no gaps', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sendText(t, i % 2 ? a : b, sessionId, `c${i}`, `conc-${i}`)),
    );
    expect(sent.map((s) => s.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    const p = await page(a, { sessionId, size: 100 });
    expect(p.list.map((m) => m.seq)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(p.lastSeq).toBe(31);
  });

  it('concurrent senders on both sides: every unread count emitted is exact', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const unreadTo = {
      a: recorder(await socketOf(a.token), 'onUpdateUnread'),
      b: recorder(await socketOf(b.token), 'onUpdateUnread'),
    };
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const from = i % 2 ? a : b;
        return sendText(t, from, sessionId, `u${i}`).then((r) => ({ from, seq: r.seq }));
      }),
    );
    // A message's count for its recipient: its seq less the recipient's last own message before it (sending
    // reads everything up to it); b starts at 1 (b's approval notice), a at 0.
    const expected = (to: TestUser, start: number) =>
      sent
        .filter((s) => s.from !== to)
        .map(
          (s) =>
            s.seq - Math.max(start, ...sent.filter((o) => o.from === to && o.seq < s.seq).map((o) => o.seq)),
        )
        .sort((x, y) => x - y);
    const counts = (seen: { sessionId: number; unreadCount: number }[]) =>
      seen.filter((u) => u.sessionId === sessionId).map((u) => u.unreadCount);
    await expect.poll(() => counts(unreadTo.a.seen).length).toBe(20);
    await expect.poll(() => counts(unreadTo.b.seen).length).toBe(20);
    expect(counts(unreadTo.a.seen).sort((x, y) => x - y)).toEqual(expected(a, 0));
    expect(counts(unreadTo.b.seen).sort((x, y) => x - y)).toEqual(expected(b, 1));
  });

  it('refuses a clientMsgId already used in another session', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const c = await createUser(t);
    const other = await makeFriends(t, a, c);
    await sendText(t, a, sessionId, 'one', 'shared-id');
    const res = await t.call(
      messageApi.send,
      { sessionId: other, clientMsgId: 'shared-id', contentType: 'text', content: { text: 'two' } },
      a.token,
    );
    expect(res.code).toBe(ErrorCode.ClientMsgIdReused);
  });

  it('accepts each content type, as an object or a JSON string', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const contents = [
      ['image', { url: '/uploads/2026-01-01/a.jpg', width: 10, height: 20 }],
      ['video', { url: '/uploads/2026-01-01/v.mp4', poster: '/uploads/2026-01-01/p.jpg', duration: 3 }],
      ['voice', { url: '/uploads/2026-01-01/v.webm', duration: 1.5 }],
      ['file', { url: '/uploads/2026-01-01/f.pdf', name: 'report.pdf', size: 1234 }],
      ['text', JSON.stringify({ text: 'from a string' })],
    ] as const;
    for (const [contentType, content] of contents) {
      const res = await t.call(
        messageApi.send,
        { sessionId, clientMsgId: `t-${contentType}`, contentType, content },
        a.token,
      );
      expect(res.code, contentType).toBe(1000);
    }
    const p = await page(b, { sessionId });
    expect(p.list.slice(1).map((m) => m.contentType)).toEqual(['image', 'video', 'voice', 'file', 'text']);
    expect(p.list[5]!.content).toEqual({ text: 'from a string' });
  });
});

describe('message/page', () => {
  it('answers the newest page by default, history with beforeSeq and catch-up with afterSeq, in seq order', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    for (let i = 1; i <= 12; i++) await sendText(t, i % 2 ? a : b, sessionId, `m${i}`);
    const newest = await page(b, { sessionId, size: 5 });
    expect(texts(newest)).toEqual(['m8', 'm9', 'm10', 'm11', 'm12']);
    expect(newest).toMatchObject({ lastSeq: 13, hasMore: true, pagination: { total: 13 } });
    const older = await page(b, { sessionId, size: 5, beforeSeq: newest.list[0]!.seq });
    expect(texts(older)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    const oldest = await page(b, { sessionId, size: 5, beforeSeq: older.list[0]!.seq });
    expect(oldest.list.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(oldest.hasMore).toBe(false);
    const after = await page(b, { sessionId, afterSeq: 10 });
    expect(texts(after)).toEqual(['m10', 'm11', 'm12']);
    expect(after.hasMore).toBe(false);
    expect((await page(b, { sessionId, afterSeq: 13 })).list).toEqual([]);
    const window = await page(b, { sessionId, afterSeq: 4, beforeSeq: 8 });
    expect(window.list.map((m) => m.seq)).toEqual([5, 6, 7]);
  });

  it('refuses someone else’s history', async () => {
    const { sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    const res = await t.call(messageApi.page, { sessionId }, stranger.token);
    expect(res).toMatchObject({ code: ErrorCode.SessionNotFound, data: null });
  });
});

describe('message/read', () => {
  it('raises the read seq, never lowers it, clamps at the last seq and tells my sockets', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    for (let i = 0; i < 4; i++) await sendText(t, a, sessionId, `r${i}`);
    expect(await unreadOf(b, sessionId)).toBe(4);
    const bSocket = await socketOf(b.token);
    const unread = recorder(bSocket, 'onUpdateUnread');
    expect((await t.call(messageApi.read, { sessionId, seq: 3 }, b.token)).data).toEqual({
      sessionId,
      readSeq: 3,
      unreadCount: 2,
    });
    expect(await unread.next()).toEqual({ sessionId, unreadCount: 2 });
    expect((await t.call(messageApi.read, { sessionId, seq: 1 }, b.token)).data).toMatchObject({
      readSeq: 3,
    });
    expect((await t.call(messageApi.read, { sessionId, seq: 999 }, b.token)).data).toMatchObject({
      readSeq: 5,
      unreadCount: 0,
    });
    const stranger = await createUser(t);
    expect((await t.call(messageApi.read, { sessionId, seq: 1 }, stranger.token)).code).toBe(
      ErrorCode.SessionNotFound,
    );
  });
});

describe('message/remove, message/clear', () => {
  it('remove hides messages for me only', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const m1 = await sendText(t, a, sessionId, 'keep');
    const m2 = await sendText(t, a, sessionId, 'drop');
    expect((await t.call(messageApi.remove, { ids: [m2.id, m2.id] }, b.token)).data).toEqual({ ok: true });
    expect(texts(await page(b, { sessionId }))).toEqual(['keep']);
    expect(texts(await page(a, { sessionId }))).toEqual(['keep', 'drop']);
    const stranger = await createUser(t);
    expect((await t.call(messageApi.remove, { ids: [m1.id] }, stranger.token)).code).toBe(
      ErrorCode.MessageNotFound,
    );
  });

  it('clear hides the history for me, reads it, and new messages show again', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await sendText(t, a, sessionId, 'old');
    expect((await t.call(messageApi.clear, { sessionId }, b.token)).data).toEqual({ ok: true });
    expect((await page(b, { sessionId })).list).toEqual([]);
    expect(await unreadOf(b, sessionId)).toBe(0);
    expect((await t.ok(sessionApi.info, { id: sessionId }, b.token)).content).toBeNull();
    await sendText(t, a, sessionId, 'new');
    expect(texts(await page(b, { sessionId }))).toEqual(['new']);
    expect(texts(await page(a, { sessionId }))).toEqual(['old', 'new']);
    const stranger = await createUser(t);
    expect((await t.call(messageApi.clear, { sessionId }, stranger.token)).code).toBe(
      ErrorCode.SessionNotFound,
    );
  });
});

describe('message/recall', () => {
  it('lets the sender recall within 2 minutes: everyone sees a notice and gets the event again', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'oops');
    const bSocket = await socketOf(b.token);
    const events = recorder(bSocket, 'message');
    expect((await t.call(messageApi.recall, { id: sent.id }, b.token)).code).toBe(ErrorCode.RecallNotAllowed);
    const res = await t.call(messageApi.recall, { id: sent.id }, a.token);
    expect(res.data).toMatchObject({ id: sent.id, seq: sent.seq, contentType: 'notice', recalled: true });
    expect(await events.next((m) => m.id === sent.id)).toMatchObject({
      seq: sent.seq,
      contentType: 'notice',
    });
    const seen = (await page(b, { sessionId })).list.find((m) => m.id === sent.id)!;
    expect(seen.content).toMatchObject({ type: 'recall', senderId: a.id });
    expect(JSON.stringify(seen)).not.toContain('oops');
    // Recalling twice is harmless.
    expect((await t.call(messageApi.recall, { id: sent.id }, a.token)).code).toBe(1000);
  });

  it('refuses after 2 minutes, and for messages I cannot see', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'too late');
    await t.database.db
      .update(chatMessages)
      .set({ createTime: new Date(Date.now() - 121_000) })
      .where(eq(chatMessages.id, sent.id));
    const res = await t.call(messageApi.recall, { id: sent.id }, a.token);
    expect(res).toMatchObject({
      code: ErrorCode.RecallExpired,
      message: 'A message can only be recalled within 2 minutes',
    });
    const stranger = await createUser(t);
    expect((await t.call(messageApi.recall, { id: sent.id }, stranger.token)).code).toBe(
      ErrorCode.MessageNotFound,
    );
  });
});

describe('message/transmit', () => {
  it('forwards copies in order to sessions I may send in', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const c = await createUser(t);
    const target = await makeFriends(t, a, c);
    const m1 = await sendText(t, b, sessionId, 'first');
    const m2 = await sendText(t, b, sessionId, 'second');
    const res = await t.call(messageApi.transmit, { ids: [m2.id, m1.id], sessionIds: [target] }, a.token);
    expect(res.code).toBe(1000);
    expect(res.data).toHaveLength(2);
    const p = await page(c, { sessionId: target });
    expect(texts(p)).toEqual(['first', 'second']);
    expect(p.list.slice(1).every((m) => m.senderId === a.id)).toBe(true);
    // Someone else's message or session: refused.
    const stranger = await createUser(t);
    expect(
      (await t.call(messageApi.transmit, { ids: [m1.id], sessionIds: [target] }, stranger.token)).code,
    ).toBe(ErrorCode.MessageNotFound);
    expect((await t.call(messageApi.transmit, { ids: [m1.id], sessionIds: [999_999] }, a.token)).code).toBe(
      ErrorCode.SessionNotFound,
    );
  });
});

describe('message/callback and message/signPushId', () => {
  it('callback checks that I can see the message and records delivery', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const m = await sendText(t, a, sessionId, 'ack me');
    expect((await t.call(messageApi.callback, { id: m.id }, b.token)).data).toEqual({ ok: true });
    const [row] = await t.database.db
      .select({ delivered: chatMembers.deliveredSeq })
      .from(chatMembers)
      .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, b.id)));
    expect(row!.delivered).toBe(m.seq);
    const stranger = await createUser(t);
    expect((await t.call(messageApi.callback, { id: m.id }, stranger.token)).code).toBe(
      ErrorCode.MessageNotFound,
    );
  });

  it('signPushId stores one registration per user and device', async () => {
    const u = await createUser(t);
    const reg = {
      clientId: 'cid-1',
      platform: 'web',
      deviceId: 'dev-1',
      deviceName: 'Phone',
      deviceModel: 'X',
    };
    expect((await t.call(messageApi.signPushId, reg, u.token)).data).toEqual({ ok: true });
    await t.call(messageApi.signPushId, { ...reg, clientId: 'cid-2' }, u.token);
    const rows = await t.database.db.select().from(chatPushDevices).where(eq(chatPushDevices.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientId: 'cid-2', deviceName: 'Phone' });
    expect((await t.call(messageApi.signPushId, { ...reg, clientId: '' }, u.token)).code).toBe(
      ErrorCode.Validation,
    );
  });
});

describe('auto-reply', () => {
  it('getReply/setReply store text, image or video replies with the message content rules', async () => {
    const u = await createUser(t);
    expect((await t.call(messageApi.getReply, {}, u.token)).data).toEqual({
      enabled: false,
      contentType: 'text',
      content: null,
    });
    const set = await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'image', content: { url: '/uploads/x/a.png' } },
      u.token,
    );
    expect(set.data).toEqual({ enabled: true, contentType: 'image', content: { url: '/uploads/x/a.png' } });
    expect((await t.call(messageApi.getReply, {}, u.token)).data).toMatchObject({ contentType: 'image' });
    const voice = await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'voice' as 'text', content: { text: 'x' } },
      u.token,
    );
    expect(voice.code).toBe(ErrorCode.Validation);
    const empty = await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'text', content: { text: '  ' } },
      u.token,
    );
    expect(empty.code).toBe(ErrorCode.ContentEmpty);
    const foreign = await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'video', content: { url: 'https://evil.example/v.mp4' } },
      u.token,
    );
    expect(foreign.code).toBe(ErrorCode.InvalidMediaUrl);
  });

  it('answers once per conversation burst: again after the owner speaks or 30 minutes pass, never to itself', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'text', content: { text: 'I am away' } },
      b.token,
    );
    await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'text', content: { text: 'A is away too' } },
      a.token,
    );
    const aSocket = await socketOf(a.token);
    const events = recorder(aSocket, 'message');
    await sendText(t, a, sessionId, 'hi');
    const reply = await events.next((m) => m.isAutoReply);
    expect(reply).toMatchObject({
      senderId: b.id,
      content: { text: 'I am away' },
      clientMsgId: expect.stringMatching(/^auto:/),
    });
    await sendText(t, a, sessionId, 'hello?');
    const autoReplies = async () =>
      (await page(a, { sessionId, size: 100 })).list.filter((m) => m.isAutoReply).map((m) => m.senderId);
    // b's auto-reply did not trigger a's; a's second message did not trigger b's again.
    expect(await autoReplies()).toEqual([b.id]);
    // b speaks: a's auto-reply answers b once; the next message from a gets b's auto-reply again.
    await sendText(t, b, sessionId, 'back now');
    expect(await autoReplies()).toEqual([b.id, a.id]);
    await sendText(t, a, sessionId, 'welcome');
    expect(await autoReplies()).toEqual([b.id, a.id, b.id]);
    // 30 minutes of quiet also re-arms it.
    await sendText(t, a, sessionId, 'still there?');
    expect(await autoReplies()).toEqual([b.id, a.id, b.id]);
    await t.database.db
      .update(chatMembers)
      .set({
        autoReplyTime: sql`now() - interval '31 minutes'`,
        lastSendTime: sql`now() - interval '40 minutes'`,
      })
      .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, b.id)));
    await sendText(t, a, sessionId, 'later');
    expect(await autoReplies()).toEqual([b.id, a.id, b.id, b.id]);
    // Off means off.
    await t.call(
      messageApi.setReply,
      { enabled: false, contentType: 'text', content: { text: 'I am away' } },
      b.token,
    );
    await sendText(t, b, sessionId, 'me again');
    await sendText(t, a, sessionId, 'ok');
    expect((await autoReplies()).filter((id) => id === b.id)).toHaveLength(3);
  });

  it('concurrent messages in a burst still get one auto-reply', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'text', content: { text: 'busy' } },
      b.token,
    );
    await Promise.all(Array.from({ length: 8 }, (_, i) => sendText(t, a, sessionId, `burst ${i}`)));
    const p = await page(b, { sessionId, size: 100 });
    expect(p.list.filter((m) => m.isAutoReply)).toHaveLength(1);
    expect(p.list.map((m) => m.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });
});
