import { randomUUID } from 'node:crypto';
import {
  type ChatMessage,
  chatTransferApi,
  EDIT_WINDOW_MS,
  ErrorCode,
  messageApi,
  sessionApi,
} from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatMessageVersions } from '../../src/db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import {
  createFriendPair,
  createGroupOf,
  createUser,
  credit,
  sendText,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

/**
 * Editing my text message (docs/product.md#messages, chat-delivery.md "Edits and reactions"): within the
 * window it is presented with, any number of times, only mine and only text; every member gets the new text
 * live, after a reconnect through `message/changes` (never as a second message), in the session list, in
 * search and in a new quote; the earlier texts are kept.
 */
const t = useTestApp();
const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});
const socketOf = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};

const edit = (user: TestUser, id: number, text: string) => t.call(messageApi.edit, { id, text }, user.token);
const seen = async (user: TestUser, sessionId: number, id: number): Promise<ChatMessage | undefined> =>
  (await t.ok(messageApi.page, { sessionId, size: 100 }, user.token)).list.find((m) => m.id === id);
const searchTexts = async (user: TestUser, keyword: string, sessionId: number) =>
  (await t.ok(messageApi.search, { keyword, sessionId }, user.token)).list.map((h) => h.text);

describe('message/edit', () => {
  it('replaces the text for every member, live, with the same id and seq, and keeps the old text', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'see you at 5');
    const bSocket = await socketOf(b.token);
    const events = recorder(bSocket, 'message');
    const first = await t.ok(messageApi.edit, { id: sent.id, text: 'see you at 6' }, a.token);
    expect(first).toMatchObject({ id: sent.id, seq: sent.seq, content: { text: 'see you at 6' } });
    expect(first.editTime).not.toBeNull();
    expect(first.editableUntil).toBe(Date.parse(sent.createTime) + EDIT_WINDOW_MS);
    const live = await events.next((m) => m.id === sent.id);
    expect(live).toMatchObject({
      seq: sent.seq,
      content: { text: 'see you at 6' },
      changeSeq: first.changeSeq,
    });
    expect(live.editTime).toBe(first.editTime);

    // Any number of times; the same text again changes nothing.
    const second = await t.ok(messageApi.edit, { id: sent.id, text: 'see you at 7' }, a.token);
    expect(second.changeSeq).toBe(first.changeSeq! + 1);
    const same = await t.ok(messageApi.edit, { id: sent.id, text: 'see you at 7' }, a.token);
    expect(same.changeSeq).toBe(second.changeSeq);

    const page = await t.ok(messageApi.page, { sessionId, size: 100 }, b.token);
    expect(page.list.filter((m) => m.id === sent.id)).toHaveLength(1);
    expect(page.list.find((m) => m.id === sent.id)?.content.text).toBe('see you at 7');
    const versions = await t.database.db
      .select()
      .from(chatMessageVersions)
      .where(eq(chatMessageVersions.messageId, sent.id))
      .orderBy(chatMessageVersions.id);
    expect(versions.map((v) => v.content.text)).toEqual(['see you at 5', 'see you at 6']);
    expect(versions[1]!.writtenTime.toISOString()).toBe(first.editTime);
  });

  it('only my own text message: another member, a stranger, a notice and money are refused', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    const sent = await sendText(t, a, sessionId, 'mine');
    expect((await edit(b, sent.id, 'hijacked')).code).toBe(ErrorCode.EditNotAllowed);
    expect((await edit(stranger, sent.id, 'hijacked')).code).toBe(ErrorCode.MessageNotFound);
    expect((await edit(a, 2_000_000_000, 'nothing')).code).toBe(ErrorCode.MessageNotFound);
    // The friend-approval notice opens the chat: nobody's to edit.
    const notice = (await t.ok(messageApi.page, { sessionId }, a.token)).list.find(
      (m) => m.contentType === 'notice',
    )!;
    expect(notice.editableUntil).toBeNull();
    expect((await edit(b, notice.id, 'x')).code).toBe(ErrorCode.EditNotAllowed);
    expect((await edit(a, notice.id, 'x')).code).toBe(ErrorCode.EditNotAllowed);
    await setPin(t, a);
    await credit(t, a, '5');
    const transfer = await t.ok(
      chatTransferApi.send,
      { sessionId, amount: '1', pin: TEST_PIN, requestId: randomUUID(), remark: '' },
      a.token,
    );
    expect(transfer.message.editableUntil).toBeNull();
    expect((await edit(a, transfer.message.id, 'x')).code).toBe(ErrorCode.EditNotAllowed);
    // Bad text: empty after trimming, too long.
    expect((await edit(a, sent.id, '   ')).code).not.toBe(1000);
    expect((await edit(a, sent.id, 'x'.repeat(4001))).code).not.toBe(1000);
    expect((await seen(b, sessionId, sent.id))?.content.text).toBe('mine');
  });

  it('a recalled message cannot be edited', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'soon gone');
    const recalled = await t.ok(messageApi.recall, { id: sent.id }, a.token);
    expect(recalled.editableUntil).toBeNull();
    expect((await edit(a, sent.id, 'back')).code).toBe(ErrorCode.EditNotAllowed);
  });

  it('a quote made after the edit carries the current text', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'draft wording');
    await t.ok(messageApi.edit, { id: sent.id, text: 'final wording' }, a.token);
    const reply = await t.ok(
      messageApi.send,
      {
        sessionId,
        clientMsgId: randomUUID(),
        contentType: 'text',
        content: { text: 'agreed', quoteId: sent.id },
      },
      b.token,
    );
    expect((await seen(a, sessionId, reply.id))?.content.quote).toMatchObject({ text: 'final wording' });
  });

  it('search finds the new text and not the old; the session list shows the edited last message', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'meet at the lighthouse');
    await t.ok(messageApi.edit, { id: sent.id, text: 'meet at the harbour' }, a.token);
    expect(await searchTexts(b, 'harbour', sessionId)).toEqual(['meet at the harbour']);
    expect(await searchTexts(b, 'lighthouse', sessionId)).toEqual([]);
    const list = await t.ok(sessionApi.page, {}, b.token);
    expect(list.list.find((s) => s.id === sessionId)?.content).toMatchObject({ text: 'meet at the harbour' });
  });

  it('a device that was away catches the edit up by changes, never as a second message', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'version one');
    const before = await t.ok(messageApi.page, { sessionId, size: 100 }, b.token);
    const away = await socketOf(b.token);
    away.disconnect();
    await t.ok(messageApi.edit, { id: sent.id, text: 'version two' }, a.token);
    // Back: nothing new by seq (the edit kept its seq and the total is the same)…
    const bySeq = await t.ok(messageApi.page, { sessionId, afterSeq: before.lastSeq }, b.token);
    expect(bySeq.list).toEqual([]);
    expect(bySeq.pagination.total).toBe(before.pagination.total);
    // …the changes after the device's cursor carry the current text, once.
    const changes = await t.ok(
      messageApi.changes,
      { sessionId, afterShared: before.changes.shared, afterMine: before.changes.mine },
      b.token,
    );
    expect(changes.messages.map((m) => [m.id, m.seq, m.content.text])).toEqual([
      [sent.id, sent.seq, 'version two'],
    ]);
    const again = await t.ok(
      messageApi.changes,
      { sessionId, afterShared: changes.changes.shared, afterMine: changes.changes.mine },
      b.token,
    );
    expect(again.messages).toEqual([]);
    // A reconnected socket gets later edits live.
    const back = await socketOf(b.token);
    const events = recorder(back, 'message');
    await t.ok(messageApi.edit, { id: sent.id, text: 'version three' }, a.token);
    expect((await events.next((m) => m.id === sent.id)).content.text).toBe('version three');
  });

  it('in a group every member gets the edit', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const sent = await sendText(t, members[0]!, group.sessionId, 'group hello');
    const socket = await socketOf(owner.token);
    const events = recorder(socket, 'message');
    await t.ok(messageApi.edit, { id: sent.id, text: 'group hello, edited' }, members[0]!.token);
    expect((await events.next((m) => m.id === sent.id)).content.text).toBe('group hello, edited');
    expect((await edit(members[1]!, sent.id, 'not mine')).code).toBe(ErrorCode.EditNotAllowed);
  });
});

describe('message/edit window', () => {
  // Its own server: the clock moves a day.
  const t2 = useTestApp();
  it('is open until editableUntil and refused after it', async () => {
    const { a, b, sessionId } = await createFriendPair(t2);
    const sent = await sendText(t2, a, sessionId, 'early');
    t2.clock.advance(EDIT_WINDOW_MS - 60_000);
    expect((await t2.call(messageApi.edit, { id: sent.id, text: 'still in time' }, a.token)).code).toBe(1000);
    t2.clock.advance(120_000);
    expect((await t2.call(messageApi.edit, { id: sent.id, text: 'too late' }, a.token)).code).toBe(
      ErrorCode.EditExpired,
    );
    const page = await t2.ok(messageApi.page, { sessionId }, b.token);
    const m = page.list.find((x) => x.id === sent.id)!;
    expect(m.content.text).toBe('still in time');
    expect(m.editableUntil).toBeLessThan(t2.clock.now().getTime());
  });
});
