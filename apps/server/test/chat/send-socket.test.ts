import { randomUUID } from 'node:crypto';
import { ErrorCode, messageApi, type SendMessageReply } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

/** Sending over the socket: the HTTP send's rules and answer, through the acknowledgement. */
const t = useTestApp();
const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.close();
});
const open = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};
const send = (s: ChatSocket, payload: unknown): Promise<SendMessageReply> =>
  s.timeout(10_000).emitWithAck('sendMessage', payload);

describe('sendMessage over the socket', () => {
  it('stores and delivers to the other member, answering as HTTP send does; a retry stores nothing new', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sa = await open(a.token);
    const sb = await open(b.token);
    const toB = recorder(sb, 'message');
    const unreadB = recorder(sb, 'onUpdateUnread');
    const clientMsgId = randomUUID();
    const input = { sessionId, clientMsgId, contentType: 'text', content: { text: 'over the socket' } };
    const first = await send(sa, input);
    expect(first).toMatchObject({ code: ErrorCode.Success, message: 'success' });
    const result = messageApi.send.output.parse(first.data);
    expect(result).toMatchObject({ sessionId, clientMsgId });
    const got = await toB.next((m) => m.clientMsgId === clientMsgId);
    expect(got).toMatchObject({
      id: result.id,
      seq: result.seq,
      senderId: a.id,
      content: { text: 'over the socket' },
    });
    // B approved the friendship, which posted the notice before it as B: only this message is unread.
    expect(await unreadB.next((u) => u.sessionId === sessionId)).toEqual({
      sessionId,
      unreadCount: 1,
    });
    // Exactly once: the retry answers the first result; the HTTP retry of the same id too.
    expect(await send(sa, input)).toEqual(first);
    expect(await t.ok(messageApi.send, input as never, a.token)).toEqual(result);
    const page = await t.ok(messageApi.page, { sessionId, size: 50 }, b.token);
    expect(page.list.filter((m) => m.clientMsgId === clientMsgId)).toHaveLength(1);
  });

  it('concurrent resends over the socket and HTTP answer the same message and store it once', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sa = await open(a.token);
    const input = { sessionId, clientMsgId: randomUUID(), contentType: 'text', content: { text: 'racing' } };
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, async () => messageApi.send.output.parse((await send(sa, input)).data)),
      ...Array.from({ length: 4 }, () => t.ok(messageApi.send, input as never, a.token)),
    ]);
    expect(new Set(answers.map((r) => JSON.stringify(r))).size).toBe(1);
    const page = await t.ok(messageApi.page, { sessionId, size: 50 }, b.token);
    expect(page.list.filter((m) => m.clientMsgId === input.clientMsgId)).toHaveLength(1);
    expect(page.list.map((m) => m.seq)).toEqual([1, 2]);
    expect(page.lastSeq).toBe(2);
  });

  it('answers errors in the envelope: bad input, a stranger, a clientMsgId reused elsewhere', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const sa = await open(a.token);
    const bad = await send(sa, {
      sessionId,
      clientMsgId: 'has space',
      contentType: 'text',
      content: { text: 'x' },
    });
    expect(bad).toMatchObject({
      code: ErrorCode.Validation,
      data: [expect.objectContaining({ field: 'clientMsgId' })],
    });
    const stranger = await open((await createUser(t)).token);
    const refused = await send(stranger, {
      sessionId,
      clientMsgId: randomUUID(),
      contentType: 'text',
      content: { text: 'x' },
    });
    expect(refused).toMatchObject({ code: ErrorCode.SessionNotFound, data: null });
    const other = await createFriendPair(t);
    const used = randomUUID();
    const text = { contentType: 'text', content: { text: 'x' } };
    expect((await send(sa, { sessionId, clientMsgId: used, ...text })).code).toBe(ErrorCode.Success);
    expect((await send(sa, { sessionId: other.sessionId, clientMsgId: used, ...text })).code).toBe(
      ErrorCode.ClientMsgIdReused,
    );
  });
});
