import { ErrorCode, friendApi, groupApi, messageApi, sessionApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  createFriendPair,
  createGroup,
  createUser,
  makeFriends,
  sendText,
  type TestUser,
} from '../helpers/factories.ts';

/** Search: contacts and chats by name, messages by text; never anything the member cannot see. */
const t = useTestApp();

const search = (
  user: TestUser,
  keyword: string,
  more: { sessionId?: number; cursor?: number; size?: number } = {},
) => t.ok(messageApi.search, { keyword, ...more }, user.token);
const found = async (user: TestUser, keyword: string, sessionId?: number) =>
  (await search(user, keyword, { sessionId })).list.map((h) => h.text);

describe('message/search', () => {
  it('finds English, Chinese (one character too) and Japanese text, newest first, with sender and chat', async () => {
    const a = await createUser(t, { nickName: 'Ahmed' });
    const b = await createUser(t);
    const sessionId = await makeFriends(t, a, b);
    const first = await sendText(t, a, sessionId, 'Meet at the Harbour Cafe at noon');
    await sendText(t, b, sessionId, '你好，明天见');
    await sendText(t, a, sessionId, '今天天气很好');
    await sendText(t, b, sessionId, '東京駅で会いましょう、コーヒーを飲みます');
    await sendText(t, a, sessionId, 'nothing to see here');

    const english = await search(b, 'harbour cafe');
    expect(english.list).toEqual([
      expect.objectContaining({
        id: first.id,
        sessionId,
        seq: first.seq,
        senderId: a.id,
        senderName: 'Ahmed',
        text: 'Meet at the Harbour Cafe at noon',
        sessionType: 'single',
        sessionName: 'Ahmed',
      }),
    ]);
    expect(english.nextCursor).toBeNull();
    expect(Date.parse(english.list[0]!.createTime)).not.toBeNaN();
    // One Chinese character has no trigram: still found, in both messages, newest first.
    expect(await found(a, '好')).toEqual(['今天天气很好', '你好，明天见']);
    expect(await found(a, '天气')).toEqual(['今天天气很好']);
    expect(await found(a, '明天见')).toEqual(['你好，明天见']);
    expect(await found(a, '東京駅')).toEqual(['東京駅で会いましょう、コーヒーを飲みます']);
    expect(await found(a, 'コーヒー')).toEqual(['東京駅で会いましょう、コーヒーを飲みます']);
    expect(await found(a, '  会いましょう ')).toHaveLength(1);
    expect(await found(a, 'ロンドン')).toEqual([]);
  });

  it('leaves out recalled, cleared and deleted-for-me messages, and notices', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const old = await sendText(t, a, sessionId, 'zebra before the clear');
    await t.ok(messageApi.clear, { sessionId }, b.token);
    const recalled = await sendText(t, a, sessionId, 'zebra recalled');
    await t.ok(messageApi.recall, { id: recalled.id }, a.token);
    const removed = await sendText(t, a, sessionId, 'zebra deleted for me');
    await t.ok(messageApi.remove, { ids: [removed.id] }, b.token);
    await sendText(t, a, sessionId, 'zebra still here');

    expect(await found(b, 'zebra')).toEqual(['zebra still here']);
    // The others keep what only I hid; nobody finds the recalled text.
    expect(await found(a, 'zebra')).toEqual([
      'zebra still here',
      'zebra deleted for me',
      'zebra before the clear',
    ]);
    expect((await search(a, 'zebra')).list.map((h) => h.id)).not.toContain(recalled.id);
    expect((await search(a, 'zebra')).list.map((h) => h.id)).toContain(old.id);
  });

  it('searches one session when asked, and a stranger’s session never', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const c = await createUser(t, { nickName: 'Carla' });
    const other = await makeFriends(t, a, c);
    await sendText(t, b, sessionId, 'walrus in the first chat');
    await sendText(t, c, other, 'walrus in the second chat');
    const group = await createGroup(t, a, [b, c], 'Walrus club');
    await sendText(t, c, group.sessionId, 'walrus in the group');

    expect(await found(a, 'walrus')).toEqual([
      'walrus in the group',
      'walrus in the second chat',
      'walrus in the first chat',
    ]);
    expect(await found(a, 'walrus', other)).toEqual(['walrus in the second chat']);
    const inGroup = (await search(a, 'walrus', { sessionId: group.sessionId })).list;
    expect(inGroup).toEqual([
      expect.objectContaining({ sessionType: 'group', sessionName: 'Walrus club', senderName: 'Carla' }),
    ]);
    // b is in the first chat and the group, not in a's chat with c.
    expect(await found(b, 'walrus')).toEqual(['walrus in the group', 'walrus in the first chat']);
    expect((await t.call(messageApi.search, { keyword: 'walrus', sessionId: other }, b.token)).code).toBe(
      ErrorCode.SessionNotFound,
    );
    const stranger = await createUser(t);
    expect(await found(stranger, 'walrus')).toEqual([]);
    expect((await t.call(messageApi.search, { keyword: 'walrus', sessionId }, stranger.token)).code).toBe(
      ErrorCode.SessionNotFound,
    );
    // Leaving the group takes its messages out of my results.
    await t.ok(groupApi.quit, { groupId: group.groupId }, b.token);
    expect(await found(b, 'walrus')).toEqual(['walrus in the first chat']);
  });

  it('pages newest first by message id cursor', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    for (let n = 1; n <= 5; n++) await sendText(t, n % 2 ? a : b, sessionId, `pelican ${n}`);
    const seen: string[] = [];
    let cursor: number | undefined;
    for (let round = 0; round < 5; round++) {
      const page = await search(a, 'pelican', { size: 2, cursor });
      seen.push(...page.list.map((h) => h.text));
      if (page.nextCursor === null) break;
      expect(page.nextCursor).toBe(page.list[page.list.length - 1]!.id);
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['pelican 5', 'pelican 4', 'pelican 3', 'pelican 2', 'pelican 1']);
    expect((await search(a, 'pelican', { size: 5 })).nextCursor).toBeNull();
  });

  it('takes % and _ and \\ in a keyword literally', async () => {
    const { a, sessionId } = await createFriendPair(t);
    await sendText(t, a, sessionId, 'a discount of 50% today');
    await sendText(t, a, sessionId, 'a discount of 50 pounds');
    await sendText(t, a, sessionId, 'file_name.txt');
    await sendText(t, a, sessionId, 'filename.txt');
    await sendText(t, a, sessionId, 'path C:\\temp');
    expect(await found(a, '50%')).toEqual(['a discount of 50% today']);
    expect(await found(a, '%')).toEqual(['a discount of 50% today']);
    expect(await found(a, 'file_')).toEqual(['file_name.txt']);
    expect(await found(a, '_')).toEqual(['file_name.txt']);
    expect(await found(a, 'C:\\t')).toEqual(['path C:\\temp']);
  });

  it('refuses an empty or over-long keyword', async () => {
    const a = await createUser(t);
    for (const keyword of ['', '   ', 'x'.repeat(51)])
      expect((await t.call(messageApi.search, { keyword }, a.token)).code).toBe(ErrorCode.Validation);
    expect((await t.call(messageApi.search, { keyword: 'x'.repeat(50) }, a.token)).code).toBe(1000);
  });

  it('can use the trigram index on the message text', async () => {
    const db = t.database.db;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(
        sql`explain select id from chat_messages where content_type = 'text' and (content->>'text') ilike '%東京駅%'`,
      );
      return JSON.stringify(res);
    });
    expect(plan).toContain('chat_messages_text_trgm_idx');
  });
});

describe('session/search', () => {
  it('finds friends by nickname, remark and member id, and my chats by peer and group name', async () => {
    const me = await createUser(t, { nickName: 'Searcher' });
    const [ann, bo, cy] = await Promise.all(
      ['Annabel Lee', '王小明', 'Cyrus'].map((nickName) => createUser(t, { nickName })),
    );
    const annSession = await makeFriends(t, me, ann!);
    await makeFriends(t, me, bo!);
    await makeFriends(t, me, cy!);
    await t.ok(friendApi.setRemark, { userId: cy!.id, remark: 'Plumber' }, me.token);
    const group = await createGroup(t, me, [ann!, bo!], '周末徒步群');
    const annInfo = await t.ok(friendApi.query, { userId: ann!.id }, me.token);

    const byNick = await t.ok(sessionApi.search, { keyword: 'annab' }, me.token);
    expect(byNick.contacts.map((c) => c.userId)).toEqual([ann!.id]);
    expect(byNick.sessions.map((s) => s.sessionId)).toEqual([annSession]);
    const chinese = await t.ok(sessionApi.search, { keyword: '小' }, me.token);
    expect(chinese.contacts.map((c) => c.userId)).toEqual([bo!.id]);
    expect((await t.ok(sessionApi.search, { keyword: 'plumb' }, me.token)).contacts).toEqual([
      expect.objectContaining({ userId: cy!.id, remark: 'Plumber' }),
    ]);
    expect(
      (await t.ok(sessionApi.search, { keyword: annInfo.memberId }, me.token)).contacts.map((c) => c.userId),
    ).toEqual([ann!.id]);
    const groups = await t.ok(sessionApi.search, { keyword: '徒步' }, me.token);
    expect(groups.sessions).toEqual([
      expect.objectContaining({ sessionId: group.sessionId, type: 'group', name: '周末徒步群' }),
    ]);
    expect(groups.contacts).toEqual([]);
    // Someone else finds none of my friends or chats.
    const stranger = await createUser(t);
    expect(await t.ok(sessionApi.search, { keyword: '徒步' }, stranger.token)).toEqual({
      contacts: [],
      sessions: [],
    });
    expect((await t.ok(sessionApi.search, { keyword: 'annab' }, stranger.token)).contacts).toEqual([]);
  });
});
