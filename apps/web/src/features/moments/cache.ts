import type { Moment } from '@chatpay/shared';
import type { InfiniteData } from '@tanstack/react-query';

export interface FeedPage {
  list: Moment[];
  pagination: { page: number; size: number; total: number };
}

export type Feed = InfiniteData<FeedPage>;

export interface Me {
  userId: number;
  nickName: string;
  avatar: string;
}

/** My like added or taken back, as the server will answer it (my like goes last, like WeChat). */
export const toggleLike = (m: Moment, me: Me): Moment =>
  m.liked
    ? { ...m, liked: false, likes: m.likes.filter((l) => l.userId !== me.userId) }
    : {
        ...m,
        liked: true,
        likes: [...m.likes.filter((l) => l.userId !== me.userId), { ...me }],
      };

export const withoutComment = (m: Moment, commentId: number): Moment => ({
  ...m,
  comments: m.comments.filter((c) => c.id !== commentId),
});

/** Applies `fn` to the moment `id` in every page of a feed; `null` from `fn` removes it. */
export const mapFeed = (feed: Feed, id: number, fn: (m: Moment) => Moment | null): Feed => ({
  ...feed,
  pages: feed.pages.map((page) => {
    if (!page.list.some((m) => m.id === id)) return page;
    const list = page.list.flatMap((m) => {
      if (m.id !== id) return [m];
      const next = fn(m);
      return next ? [next] : [];
    });
    const removed = page.list.length - list.length;
    return { ...page, list, pagination: { ...page.pagination, total: page.pagination.total - removed } };
  }),
});

/** Puts a new moment of mine at the top of the feed. */
export const prependMoment = (feed: Feed, m: Moment): Feed => {
  const [first, ...rest] = feed.pages;
  if (!first) return feed;
  return {
    ...feed,
    pages: [
      { ...first, list: [m, ...first.list.filter((x) => x.id !== m.id)] },
      ...rest.map((p) => ({ ...p, list: p.list.filter((x) => x.id !== m.id) })),
    ],
  };
};

/**
 * The feed as one list. Pages are by offset, so a moment posted while scrolling pushes an older one onto the
 * next page twice: each moment is kept once, at its first place.
 */
export const flattenFeed = (feed: Feed | undefined): Moment[] => {
  if (!feed) return [];
  const seen = new Set<number>();
  const out: Moment[] = [];
  for (const page of feed.pages) {
    for (const m of page.list) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
};

/** The next page to ask for, or undefined at the end. */
export const nextPageParam = (last: FeedPage) =>
  last.list.length > 0 && last.pagination.page * last.pagination.size < last.pagination.total
    ? last.pagination.page + 1
    : undefined;
