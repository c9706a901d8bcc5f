import { randomUUID } from 'node:crypto';
import {
  type ChatMessage,
  chatTransferApi,
  ErrorCode,
  messageApi,
  RECALL_WINDOW_MS,
  redPacketApi,
} from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../src/db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, credit, sendText, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

/**
 * A message carries until when its sender may recall it (`recallableUntil`, chat/message/presenter.ts); the
 * web shows Recall on my own messages until then. Each case checks what every member is shown against what
 * the recall call then allows or refuses.
 */
const t = useTestApp();
const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

/** The message as `user` reads it in the session's page. */
const seen = async (user: TestUser, sessionId: number, id: number): Promise<ChatMessage> => {
  const page = await t.ok(messageApi.page, { sessionId, size: 100 }, user.token);
  const m = page.list.find((x) => x.id === id);
  expect(m).toBeDefined();
  return m!;
};
const recall = async (user: TestUser, id: number) =>
  (await t.call(messageApi.recall, { id }, user.token)).code;

describe('recallableUntil', () => {
  it('my own message inside the window: shown to every member, and I may recall it (not the other)', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const bSocket = await connectSocket(t, b.token);
    sockets.push(bSocket);
    const events = recorder(bSocket, 'message');
    const sent = await sendText(t, a, sessionId, 'oops');
    const until = Date.parse(sent.createTime) + RECALL_WINDOW_MS;
    expect(sent.recallableUntil).toBe(until);
    expect((await events.next((m) => m.id === sent.id)).recallableUntil).toBe(until);
    expect((await seen(a, sessionId, sent.id)).recallableUntil).toBe(until);
    expect((await seen(b, sessionId, sent.id)).recallableUntil).toBe(until);
    expect(Date.now()).toBeLessThanOrEqual(until);
    // Someone else's message: the same time is shown, but only the sender may use it.
    expect(await recall(b, sent.id)).toBe(ErrorCode.RecallNotAllowed);
    expect(await recall(a, sent.id)).toBe(1000);
  });

  it('a recalled message can no longer be recalled: null on the answer, the event and the page', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'gone');
    const bSocket = await connectSocket(t, b.token);
    sockets.push(bSocket);
    const events = recorder(bSocket, 'message');
    const answer = await t.ok(messageApi.recall, { id: sent.id }, a.token);
    expect(answer).toMatchObject({ recalled: true, recallableUntil: null });
    expect((await events.next((m) => m.id === sent.id && m.recalled)).recallableUntil).toBeNull();
    expect((await seen(a, sessionId, sent.id)).recallableUntil).toBeNull();
    expect((await seen(b, sessionId, sent.id)).recallableUntil).toBeNull();
    const changes = await t.ok(messageApi.changes, { sessionId, afterShared: 0, afterMine: 0 }, b.token);
    expect(changes.messages.find((m) => m.id === sent.id)?.recallableUntil).toBeNull();
  });

  it('outside the window: the time shown has passed, and the recall is refused', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'too late');
    const createTime = new Date(Date.now() - RECALL_WINDOW_MS - 1000);
    await t.database.db.update(chatMessages).set({ createTime }).where(eq(chatMessages.id, sent.id));
    const until = (await seen(a, sessionId, sent.id)).recallableUntil!;
    expect(until).toBe(createTime.getTime() + RECALL_WINDOW_MS);
    expect(until).toBeLessThan(Date.now());
    expect(await recall(a, sent.id)).toBe(ErrorCode.RecallExpired);
  });

  it('money is never recallable: a transfer and a red packet show null and are refused', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await setPin(t, a);
    await credit(t, a, '10');
    const transfer = await t.ok(
      chatTransferApi.send,
      { sessionId, amount: '1', pin: TEST_PIN, requestId: randomUUID(), remark: '' },
      a.token,
    );
    const packet = await t.ok(
      redPacketApi.send,
      { sessionId, kind: 'lucky', count: 1, amount: '1', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    for (const message of [transfer.message, packet.message]) {
      expect(message.recallableUntil).toBeNull();
      expect((await seen(a, sessionId, message.id)).recallableUntil).toBeNull();
      expect((await seen(b, sessionId, message.id)).recallableUntil).toBeNull();
      expect(await recall(a, message.id)).toBe(ErrorCode.RecallNotAllowed);
    }
  });
});
