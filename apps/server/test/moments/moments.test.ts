import { ErrorCode, momentsApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createUser, makeFriends, type TestUser } from '../helpers/factories.ts';

const t = useTestApp();

const post = (u: TestUser, input: { text?: string; images?: string[]; video?: { url: string } }) =>
  t.ok(momentsApi.post, input, u.token);
const feed = async (u: TestUser, extra: { page?: number; size?: number; userId?: number } = {}) =>
  t.ok(momentsApi.page, { page: 1, size: 20, ...extra }, u.token);

/** A and B are friends, B and C are friends, A and C are not. */
const trio = async () => {
  const a = await createUser(t, { nickName: 'Ann' });
  const b = await createUser(t, { nickName: 'Ben' });
  const c = await createUser(t, { nickName: 'Cat' });
  await makeFriends(t, a, b);
  await makeFriends(t, b, c);
  return { a, b, c };
};

describe('moments/post', () => {
  it('posts text with up to 9 images or one video, our uploads only', async () => {
    const { a } = await trio();
    const m = await post(a, { text: 'Sunny day', images: ['/uploads/x/1.jpg', '/uploads/x/2.jpg'] });
    expect(m).toMatchObject({
      userId: a.id,
      nickName: 'Ann',
      text: 'Sunny day',
      images: ['/uploads/x/1.jpg', '/uploads/x/2.jpg'],
      video: null,
      isMine: true,
      liked: false,
      likes: [],
      comments: [],
    });
    const v = await post(a, { video: { url: '/uploads/v.mp4' } });
    expect(v.video).toEqual({ url: '/uploads/v.mp4' });
    const ten = Array.from({ length: 10 }, (_, i) => `/uploads/${i}.jpg`);
    expect((await t.call(momentsApi.post, { images: ten }, a.token)).code).toBe(ErrorCode.Validation);
    expect(
      (
        await t.call(
          momentsApi.post,
          { images: ['/uploads/1.jpg'], video: { url: '/uploads/v.mp4' } },
          a.token,
        )
      ).code,
    ).toBe(ErrorCode.MomentMediaMixed);
    expect((await t.call(momentsApi.post, { text: '  ' }, a.token)).code).toBe(ErrorCode.ContentEmpty);
    expect((await t.call(momentsApi.post, { images: ['https://evil.example/x.jpg'] }, a.token)).code).toBe(
      ErrorCode.InvalidMediaUrl,
    );
    expect((await t.call(momentsApi.post, { images: ['/uploads/../secret'] }, a.token)).code).toBe(
      ErrorCode.InvalidMediaUrl,
    );
  });
});

describe('moments/page (the feed)', () => {
  it('shows my moments and my friends’, newest first, paged; a non-friend’s never', async () => {
    const { a, b, c } = await trio();
    const a1 = await post(a, { text: 'a1' });
    const b1 = await post(b, { text: 'b1' });
    const c1 = await post(c, { text: 'c1' });
    const a2 = await post(a, { text: 'a2' });
    expect((await feed(a)).list.map((m) => m.id)).toEqual([a2.id, b1.id, a1.id]);
    expect((await feed(b)).list.map((m) => m.id)).toEqual([a2.id, c1.id, b1.id, a1.id]);
    expect((await feed(c)).list.map((m) => m.id)).toEqual([c1.id, b1.id]);
    const p1 = await feed(b, { size: 3 });
    const p2 = await feed(b, { size: 3, page: 2 });
    expect(p1.pagination.total).toBe(4);
    expect([...p1.list, ...p2.list].map((m) => m.id)).toEqual([a2.id, c1.id, b1.id, a1.id]);
    // One member's moments: mine or a friend's; a stranger's list is empty.
    expect((await feed(b, { userId: a.id })).list.map((m) => m.id)).toEqual([a2.id, a1.id]);
    expect((await feed(c, { userId: a.id })).list).toEqual([]);
  });
});

describe('moments/detail, like, comment: visibility', () => {
  it('a non-friend cannot see a moment, like it or comment on it ("not found")', async () => {
    const { a, c } = await trio();
    const m = await post(a, { text: 'friends only', images: ['/uploads/1.jpg', '/uploads/2.jpg'] });
    for (const [endpoint, input] of [
      [momentsApi.detail, { id: m.id }],
      [momentsApi.like, { id: m.id }],
      [momentsApi.unlike, { id: m.id }],
      [momentsApi.comment, { id: m.id, text: 'hi' }],
      [momentsApi.delete, { id: m.id }],
    ] as const) {
      expect((await t.call(endpoint, input as never, c.token)).code, endpoint.path).toBe(
        ErrorCode.MomentNotFound,
      );
    }
    expect((await t.call(momentsApi.detail, { id: 999_999 }, a.token)).code).toBe(ErrorCode.MomentNotFound);
    expect((await t.ok(momentsApi.detail, { id: m.id }, a.token)).likes).toEqual([]);
  });

  it('likes are unique per member and can be taken back', async () => {
    const { a, b } = await trio();
    const m = await post(a, { text: 'like me' });
    await t.ok(momentsApi.like, { id: m.id }, b.token);
    const twice = await t.ok(momentsApi.like, { id: m.id }, b.token);
    expect(twice.likes).toEqual([{ userId: b.id, nickName: 'Ben', avatar: '' }]);
    expect(twice.liked).toBe(true);
    const byA = await t.ok(momentsApi.detail, { id: m.id }, a.token);
    expect(byA).toMatchObject({ liked: false, likes: [{ userId: b.id }] });
    const undone = await t.ok(momentsApi.unlike, { id: m.id }, b.token);
    expect(undone).toMatchObject({ liked: false, likes: [] });
  });

  it('comments and replies; a viewer sees only likes and comments of their friends, the author and themselves', async () => {
    const { a, b, c } = await trio();
    const m = await post(b, { text: 'B posts' });
    await t.ok(momentsApi.like, { id: m.id }, a.token);
    await t.ok(momentsApi.like, { id: m.id }, c.token);
    const withA = await t.ok(momentsApi.comment, { id: m.id, text: 'from A' }, a.token);
    const aComment = withA.comments[0]!;
    const withC = await t.ok(
      momentsApi.comment,
      { id: m.id, text: 'C replies to A', replyToId: aComment.id },
      c.token,
    );
    // C does not see A's like or comment (not C's friend), but sees their own reply.
    expect(withC.likes.map((l) => l.userId)).toEqual([c.id]);
    expect(withC.comments).toHaveLength(1);
    expect(withC.comments[0]).toMatchObject({
      userId: c.id,
      text: 'C replies to A',
      replyToId: aComment.id,
      replyToUserId: a.id,
      replyToNickName: 'Ann',
    });
    // The author sees everything.
    const forB = await t.ok(momentsApi.detail, { id: m.id }, b.token);
    expect(forB.likes.map((l) => l.userId)).toEqual([a.id, c.id]);
    expect(forB.comments.map((x) => x.text)).toEqual(['from A', 'C replies to A']);
    // A sees only their own and the author's.
    const forA = await t.ok(momentsApi.detail, { id: m.id }, a.token);
    expect(forA.likes.map((l) => l.userId)).toEqual([a.id]);
    expect(forA.comments.map((x) => x.text)).toEqual(['from A']);
    // Replying to a comment of another moment is refused.
    const other = await post(b, { text: 'another' });
    expect(
      (await t.call(momentsApi.comment, { id: other.id, text: 'x', replyToId: aComment.id }, a.token)).code,
    ).toBe(ErrorCode.CommentNotFound);
    expect((await t.call(momentsApi.comment, { id: m.id, text: '   ' }, a.token)).code).toBe(
      ErrorCode.Validation,
    );
  });
});

describe('moments/delete and deleteComment', () => {
  it('only the author deletes a moment, which takes its likes and comments along', async () => {
    const { a, b } = await trio();
    const m = await post(a, { text: 'to delete' });
    await t.ok(momentsApi.like, { id: m.id }, b.token);
    await t.ok(momentsApi.comment, { id: m.id, text: 'nice' }, b.token);
    expect((await t.call(momentsApi.delete, { id: m.id }, b.token)).code).toBe(ErrorCode.Forbidden);
    expect(await t.ok(momentsApi.delete, { id: m.id }, a.token)).toEqual({ ok: true });
    expect((await t.call(momentsApi.detail, { id: m.id }, a.token)).code).toBe(ErrorCode.MomentNotFound);
    expect((await feed(b)).list.map((x) => x.id)).not.toContain(m.id);
  });

  it('a comment is deleted by its author or by the moment’s author, nobody else', async () => {
    const { a, b, c } = await trio();
    const d = await createUser(t);
    await makeFriends(t, b, d);
    const m = await post(b, { text: 'post' });
    const c1 = (await t.ok(momentsApi.comment, { id: m.id, text: 'by C' }, c.token)).comments[0]!;
    const byD = await t.ok(momentsApi.comment, { id: m.id, text: 'by D' }, d.token);
    const d1 = byD.comments.find((x) => x.text === 'by D')!;
    // D (B's friend, not C's) cannot delete C's comment; nor can A, who sees it but wrote neither it nor the moment.
    expect((await t.call(momentsApi.deleteComment, { id: c1.id }, d.token)).code).toBe(ErrorCode.Forbidden);
    expect((await t.call(momentsApi.deleteComment, { id: c1.id }, a.token)).code).toBe(ErrorCode.Forbidden);
    // A stranger to the moment gets "not found".
    const stranger = await createUser(t);
    expect((await t.call(momentsApi.deleteComment, { id: c1.id }, stranger.token)).code).toBe(
      ErrorCode.CommentNotFound,
    );
    await t.ok(momentsApi.deleteComment, { id: c1.id }, c.token);
    await t.ok(momentsApi.deleteComment, { id: d1.id }, b.token);
    expect((await t.ok(momentsApi.detail, { id: m.id }, b.token)).comments).toEqual([]);
    expect((await t.call(momentsApi.deleteComment, { id: c1.id }, c.token)).code).toBe(
      ErrorCode.CommentNotFound,
    );
  });
});
