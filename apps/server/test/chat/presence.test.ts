import { ErrorCode, messageApi, sessionApi, TYPING_THROTTLE_MS } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createGroupOf, createUser, sendText } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';
import { countStatements } from '../helpers/statements.ts';

/** Read receipts and the typing indicator in single chats, from realtime events. */
const t = useTestApp();
const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});
const connect = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};
const quiet = (ms = 400) => new Promise((r) => setTimeout(r, ms));

describe('read receipts in single chats', () => {
  it('the peer learns how far I read, live and in the session; a read that moves nothing says nothing', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'Did you see this?');
    expect((await t.ok(sessionApi.detail, { id: sessionId }, a.token)).peerReadSeq).toBeLessThan(sent.seq);
    const reads = recorder(await connect(a.token), 'onPeerRead');

    await t.ok(messageApi.read, { sessionId, seq: sent.seq }, b.token);
    expect(await reads.next()).toEqual({ sessionId, readSeq: sent.seq });
    expect((await t.ok(sessionApi.detail, { id: sessionId }, a.token)).peerReadSeq).toBe(sent.seq);
    const listed = (await t.ok(sessionApi.page, {}, a.token)).list.find((s) => s.id === sessionId);
    expect(listed?.peerReadSeq).toBe(sent.seq);

    await t.ok(messageApi.read, { sessionId, seq: sent.seq }, b.token);
    await quiet();
    expect(reads.seen).toHaveLength(1);
  });

  it('a group shows no read seq and emits no receipts', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const reads = recorder(await connect(owner.token), 'onPeerRead');
    const sent = await sendText(t, owner, group.sessionId, 'Hello all');
    await t.ok(messageApi.read, { sessionId: group.sessionId, seq: sent.seq }, members[0]!.token);
    expect((await t.ok(sessionApi.detail, { id: group.sessionId }, owner.token)).peerReadSeq).toBeNull();
    await quiet();
    expect(reads.seen).toEqual([]);
  });
});

describe('the typing indicator', () => {
  it('reaches the peer of a single chat, at most once per throttle window', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const typing = recorder(await connect(b.token), 'typing');
    const writer = await connect(a.token);
    writer.emit('typing', { sessionId });
    expect(await typing.next()).toEqual({ sessionId, userId: a.id });
    writer.emit('typing', { sessionId });
    writer.emit('typing', { sessionId });
    await quiet();
    expect(typing.seen).toHaveLength(1);
    expect(TYPING_THROTTLE_MS).toBeGreaterThan(400);
  });

  it('is throttled per member, not per socket: two tabs typing relay once per window', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const typing = recorder(await connect(b.token), 'typing');
    const [tab1, tab2] = [await connect(a.token), await connect(a.token)];
    tab1.emit('typing', { sessionId });
    expect(await typing.next()).toEqual({ sessionId, userId: a.id });
    tab2.emit('typing', { sessionId });
    tab2.emit('typing', { sessionId });
    await quiet();
    expect(typing.seen).toHaveLength(1);
  });

  it('bounds what a socket typing into made-up sessions costs: a few lookups, then nothing', async () => {
    const a = await createUser(t);
    const socket = await connect(a.token);
    const { count } = await countStatements(t.database.db, async () => {
      for (let id = 1_000_000; id < 1_000_200; id++) socket.emit('typing', { sessionId: id });
      await quiet(1500);
    });
    expect(count).toBeLessThanOrEqual(20);
  });

  it('is not relayed for a session I am not in, a group, or a malformed payload', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    const { owner, members, group } = await createGroupOf(t, 2);
    const bTyping = recorder(await connect(b.token), 'typing');
    const memberTyping = recorder(await connect(members[0]!.token), 'typing');
    (await connect(stranger.token)).emit('typing', { sessionId });
    (await connect(owner.token)).emit('typing', { sessionId: group.sessionId });
    const own = await connect(a.token);
    (own as unknown as { emit: (e: string, p: unknown) => void }).emit('typing', { sessionId: 'x' });
    await quiet(600);
    expect(bTyping.seen).toEqual([]);
    expect(memberTyping.seen).toEqual([]);
  });
});

describe('reply with a quote', () => {
  const reply = (from: { token: string }, sessionId: number, content: Record<string, unknown>) =>
    t.call(
      messageApi.send,
      { sessionId, clientMsgId: `q-${Math.random().toString(36).slice(2)}`, contentType: 'text', content },
      from.token,
    );

  it('stores a copy of the quoted message with the reply; a quote the client makes up is dropped', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const original = await sendText(t, a, sessionId, 'Meet at noon?');
    const res = await reply(b, sessionId, {
      text: 'Yes',
      quoteId: original.id,
      quote: { id: 1, seq: 1, senderId: 1, contentType: 'text', text: 'forged' },
    });
    expect(res.code).toBe(1000);
    const page = await t.ok(messageApi.page, { sessionId }, a.token);
    const stored = page.list.find((m) => m.content.text === 'Yes');
    expect(stored?.content).toEqual({
      text: 'Yes',
      quote: {
        id: original.id,
        seq: original.seq,
        senderId: a.id,
        contentType: 'text',
        text: 'Meet at noon?',
      },
    });
    const plain = await reply(b, sessionId, { text: 'No quote', quote: { text: 'forged' } });
    expect(plain.code).toBe(1000);
    const again = await t.ok(messageApi.page, { sessionId }, a.token);
    expect(again.list.find((m) => m.content.text === 'No quote')?.content).toEqual({ text: 'No quote' });
  });

  it('refuses a quote of another chat, a recalled message or one that does not exist', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const other = await createFriendPair(t);
    const elsewhere = await sendText(t, other.a, other.sessionId, 'Private');
    expect((await reply(b, sessionId, { text: 'x', quoteId: elsewhere.id })).code).toBe(
      ErrorCode.MessageNotFound,
    );
    const gone = await sendText(t, a, sessionId, 'Oops');
    await t.ok(messageApi.recall, { id: gone.id }, a.token);
    expect((await reply(b, sessionId, { text: 'x', quoteId: gone.id })).code).toBe(ErrorCode.MessageNotFound);
    expect((await reply(b, sessionId, { text: 'x', quoteId: 2_000_000_000 })).code).toBe(
      ErrorCode.MessageNotFound,
    );
    expect((await reply(b, sessionId, { text: 'x', quoteId: -1 })).code).toBe(ErrorCode.MalformedContent);
  });
});
