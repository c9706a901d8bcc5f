import type { Moment } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import {
  type Feed,
  flattenFeed,
  mapFeed,
  nextPageParam,
  prependMoment,
  toggleLike,
  withoutComment,
} from './cache.ts';
import { timeAgo } from './format.ts';
import { gridLayout, singleImageBox } from './layout.ts';

const moment = (id: number, extra: Partial<Moment> = {}): Moment => ({
  id,
  userId: 1,
  nickName: 'Alice',
  avatar: '',
  text: `post ${id}`,
  images: [],
  video: null,
  createTime: '2026-01-01T00:00:00Z',
  isMine: false,
  liked: false,
  likes: [],
  comments: [],
  ...extra,
});

const feedOf = (...pages: Moment[][]): Feed => ({
  pageParams: pages.map((_, i) => i + 1),
  pages: pages.map((list, i) => ({ list, pagination: { page: i + 1, size: 2, total: 5 } })),
});

describe('image grid', () => {
  it('shows one picture large, four as 2×2, others three per row', () => {
    expect(gridLayout(1)).toEqual({ columns: 1, single: true });
    expect(gridLayout(2)).toEqual({ columns: 3, single: false });
    expect(gridLayout(3)).toEqual({ columns: 3, single: false });
    expect(gridLayout(4)).toEqual({ columns: 2, single: false });
    for (const n of [5, 6, 7, 8, 9]) expect(gridLayout(n).columns).toBe(3);
  });

  it('keeps a single picture in proportion, capped at 1:2', () => {
    expect(singleImageBox(400, 200, 200)).toEqual({ width: 200, height: 100 });
    expect(singleImageBox(200, 400, 200)).toEqual({ width: 100, height: 200 });
    expect(singleImageBox(100, 1000, 200)).toEqual({ width: 100, height: 200 });
    expect(singleImageBox(3000, 100, 200)).toEqual({ width: 200, height: 100 });
    expect(singleImageBox(0, 0, 200)).toEqual({ width: 150, height: 150 });
  });
});

describe('post time', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms).toISOString(), 'en', now);
  it('counts minutes, hours and days like WeChat', () => {
    expect(ago(20_000)).toBe('Just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(30 * 3_600_000)).toBe('Yesterday');
    expect(ago(3 * 86_400_000)).toBe('3 days ago');
  });
  it('shows the date after a week, with the year only for other years', () => {
    expect(timeAgo('2026-02-01T12:00:00Z', 'en', now)).toBe('Feb 1');
    expect(timeAgo('2025-02-01T12:00:00Z', 'en', now)).toBe('Feb 1, 2025');
    expect(timeAgo('nonsense', 'en', now)).toBe('');
  });
});

describe('moment cache updates', () => {
  const me = { userId: 7, nickName: 'Me', avatar: '' };

  it('adds my like last and takes it back', () => {
    const m = moment(1, { likes: [{ userId: 2, nickName: 'Bob', avatar: '' }] });
    const liked = toggleLike(m, me);
    expect(liked.liked).toBe(true);
    expect(liked.likes.map((l) => l.userId)).toEqual([2, 7]);
    const unliked = toggleLike(liked, me);
    expect(unliked.liked).toBe(false);
    expect(unliked.likes.map((l) => l.userId)).toEqual([2]);
  });

  it('changes or removes one moment across pages', () => {
    const feed = feedOf([moment(5), moment(4)], [moment(3)]);
    const changed = mapFeed(feed, 3, (m) => ({ ...m, text: 'edited' }));
    expect(flattenFeed(changed).map((m) => m.text)).toEqual(['post 5', 'post 4', 'edited']);
    expect(changed.pages[0]).toBe(feed.pages[0]);
    const removed = mapFeed(feed, 4, () => null);
    expect(flattenFeed(removed).map((m) => m.id)).toEqual([5, 3]);
    expect(removed.pages[0]?.pagination.total).toBe(4);
  });

  it('removes a comment', () => {
    const c = { userId: 2, nickName: 'B', avatar: '', text: 'hi', createTime: '' };
    const m = moment(1, {
      comments: [
        { ...c, id: 1, replyToId: null, replyToUserId: null, replyToNickName: null },
        { ...c, id: 2, replyToId: 1, replyToUserId: 2, replyToNickName: 'B' },
      ],
    });
    expect(withoutComment(m, 1).comments.map((x) => x.id)).toEqual([2]);
  });

  it('puts a new post on top once and keeps each moment once when pages overlap', () => {
    const feed = feedOf([moment(5), moment(4)], [moment(4), moment(3)]);
    expect(flattenFeed(feed).map((m) => m.id)).toEqual([5, 4, 3]);
    expect(flattenFeed(prependMoment(feed, moment(6))).map((m) => m.id)).toEqual([6, 5, 4, 3]);
    expect(flattenFeed(undefined)).toEqual([]);
  });

  it('asks for the next page until the total is reached', () => {
    const page = (n: number, count: number) => ({
      list: Array.from({ length: count }, (_, i) => moment(i + 1)),
      pagination: { page: n, size: 2, total: 5 },
    });
    expect(nextPageParam(page(1, 2))).toBe(2);
    expect(nextPageParam(page(2, 2))).toBe(3);
    expect(nextPageParam(page(3, 1))).toBeUndefined();
    expect(nextPageParam(page(2, 0))).toBeUndefined();
  });
});
