import { describe, expect, it } from 'vitest';
import { newsBadge, noNews, withNews } from './news.ts';

describe('moments news on the Discovery tab', () => {
  it('a post is a dot; likes and comments count, with the last face', () => {
    const posted = withNews(noNews, { kind: 'post', momentId: 1, userId: 2, avatar: '/a.png' });
    expect(newsBadge(posted)).toBe('dot');
    const liked = withNews(posted, { kind: 'like', momentId: 3, userId: 4, avatar: '/b.png' });
    const commented = withNews(liked, { kind: 'comment', momentId: 3, userId: 5, avatar: '/c.png' });
    expect(commented).toEqual({ posts: true, notices: 2, avatar: '/c.png' });
    expect(newsBadge(commented)).toBe('2');
    // A later post does not hide whose like or comment is waiting.
    expect(withNews(commented, { kind: 'post', momentId: 9, userId: 2, avatar: '/a.png' }).avatar).toBe(
      '/c.png',
    );
    expect(newsBadge(noNews)).toBeUndefined();
    expect(newsBadge({ posts: false, notices: 120, avatar: '' })).toBe('99+');
  });
});
