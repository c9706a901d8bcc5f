import type { MomentNewsPayload } from '@chatpay/shared';
import { create } from 'zustand';

/**
 * What happened in Moments since I last looked, as WeChat's Discovery tab shows it: a dot for
 * friends' new posts, a count for likes and comments on mine, with the face of whoever did the last one.
 */
export interface MomentsNews {
  posts: boolean;
  notices: number;
  avatar: string;
}

export const noNews: MomentsNews = { posts: false, notices: 0, avatar: '' };

/** The news after one event (pure, so it is tested without React or a socket). */
export const withNews = (news: MomentsNews, event: MomentNewsPayload): MomentsNews =>
  event.kind === 'post'
    ? { ...news, posts: true, avatar: news.notices > 0 ? news.avatar : event.avatar }
    : { ...news, notices: news.notices + 1, avatar: event.avatar };

export const useMomentsNews = create<
  MomentsNews & { add: (e: MomentNewsPayload) => void; seen: () => void }
>()((set) => ({
  ...noNews,
  add: (e) => set((news) => withNews(news, e)),
  seen: () => set(noNews),
}));

/** The badge of the Discovery tab and of its Moments entry: a count, a dot, or nothing. */
export const newsBadge = (news: MomentsNews): 'dot' | string | undefined =>
  news.notices > 0 ? (news.notices > 99 ? '99+' : String(news.notices)) : news.posts ? 'dot' : undefined;
