import { momentsApi } from '@chatpay/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createUser, makeFriends, type TestUser } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

const t = useTestApp();
const sockets: ChatSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const listen = async (u: TestUser) => {
  const s = await connectSocket(t, u.token);
  sockets.push(s);
  return recorder(s, 'moment');
};

/** A and B are friends, B and C are friends, A and C are not. */
const trio = async () => {
  const a = await createUser(t, { nickName: 'Ann' });
  const b = await createUser(t, { nickName: 'Ben' });
  const c = await createUser(t, { nickName: 'Cat' });
  await makeFriends(t, a, b);
  await makeFriends(t, b, c);
  return { a, b, c };
};

/** Lets every emit of the call before reach the sockets, then no more may arrive. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('moments news, live', () => {
  it('a new post reaches the author’s friends only, with who posted', async () => {
    const { a, b, c } = await trio();
    const [newsA, newsB, newsC] = [await listen(a), await listen(b), await listen(c)];
    const m = await t.ok(momentsApi.post, { text: 'Sunny day' }, a.token);
    expect(await newsB.next()).toEqual({ kind: 'post', momentId: m.id, userId: a.id, avatar: '' });
    await settle();
    expect(newsA.seen).toEqual([]);
    expect(newsC.seen).toEqual([]);
  });

  it('likes and comments reach the author once; a reply reaches the member replied to', async () => {
    const { a, b, c } = await trio();
    const m = await t.ok(momentsApi.post, { text: 'Lunch?' }, b.token);
    const [newsA, newsB, newsC] = [await listen(a), await listen(b), await listen(c)];
    await t.ok(momentsApi.like, { id: m.id }, a.token);
    await t.ok(momentsApi.like, { id: m.id }, a.token);
    expect(await newsB.next()).toMatchObject({ kind: 'like', momentId: m.id, userId: a.id });
    const after = await t.ok(momentsApi.comment, { id: m.id, text: 'Yes!' }, c.token);
    expect(await newsB.next((p) => p.kind === 'comment')).toMatchObject({ momentId: m.id, userId: c.id });
    // B answers C's comment: C hears of it.
    const mine = after.comments.find((x) => x.userId === c.id)!;
    await t.ok(momentsApi.comment, { id: m.id, text: 'See you', replyToId: mine.id }, b.token);
    expect(await newsC.next()).toMatchObject({ kind: 'comment', momentId: m.id, userId: b.id });
    // A comment of A's replied to by C: C is not A's friend, so A is not told (A cannot see C's words).
    const ofA = await t.ok(momentsApi.comment, { id: m.id, text: 'Me too' }, a.token);
    const aComment = ofA.comments.find((x) => x.userId === a.id)!;
    await t.ok(momentsApi.comment, { id: m.id, text: 'Hi Ann', replyToId: aComment.id }, c.token);
    await settle();
    expect(newsA.seen).toEqual([]);
    expect(newsB.seen.filter((p) => p.kind === 'like')).toHaveLength(1);
  });
});
