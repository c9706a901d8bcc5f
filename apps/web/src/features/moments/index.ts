/** The moments feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { flattenFeed } from './cache.ts';
export { newsBadge, useMomentsNews } from './news.ts';
export { startMomentsNews } from './news-realtime.ts';
export { useFeed, useMoment, usePostMoment } from './queries.ts';
