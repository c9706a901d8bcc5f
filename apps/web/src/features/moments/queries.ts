import { type InputOf, type Moment, momentsApi } from '@chatpay/shared';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { call } from '../../lib/request.ts';
import {
  type Feed,
  type Me,
  mapFeed,
  nextPageParam,
  prependMoment,
  toggleLike,
  withoutComment,
} from './cache.ts';

export const FEED_PAGE_SIZE = 10;

/** Query keys of the moments domain. */
export const momentKeys = {
  all: ['moments'] as const,
  feeds: () => [...momentKeys.all, 'feed'] as const,
  /** The feed (userId 0) or one member's moments. */
  feed: (userId = 0) => [...momentKeys.feeds(), userId] as const,
  detail: (id: number) => [...momentKeys.all, 'detail', id] as const,
};

/** My moments and my friends', newest first, page by page. */
export const useFeed = (userId?: number) =>
  useInfiniteQuery({
    queryKey: momentKeys.feed(userId),
    queryFn: ({ pageParam }) => call(momentsApi.page, { page: pageParam, size: FEED_PAGE_SIZE, userId }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useMoment = (id: number) =>
  useQuery({
    queryKey: momentKeys.detail(id),
    queryFn: () => call(momentsApi.detail, { id }),
    enabled: id > 0,
    retry: false,
  });

type Snapshot = [readonly unknown[], unknown][];

/** Changes the moment `id` wherever it is cached (every feed and its detail); `null` removes it. */
const updateEverywhere = (qc: QueryClient, id: number, fn: (m: Moment) => Moment | null) => {
  qc.setQueriesData<Feed>({ queryKey: momentKeys.feeds() }, (feed) => feed && mapFeed(feed, id, fn));
  qc.setQueryData<Moment>(momentKeys.detail(id), (m) => (m ? (fn(m) ?? undefined) : m));
};

const snapshot = async (qc: QueryClient): Promise<Snapshot> => {
  await qc.cancelQueries({ queryKey: momentKeys.all });
  return qc.getQueriesData({ queryKey: momentKeys.all });
};

const restore = (qc: QueryClient, snap: Snapshot | undefined) => {
  for (const [key, data] of snap ?? []) qc.setQueryData(key, data);
};

const useMe = (): Me => {
  const user = useAuth((s) => s.user);
  return { userId: user?.id ?? 0, nickName: user?.nickName ?? '', avatar: user?.avatar ?? '' };
};

/** Like or take the like back: shown at once, rolled back if the server refuses. */
export const useToggleLike = () => {
  const qc = useQueryClient();
  const me = useMe();
  return useMutation({
    mutationFn: (m: Moment) => call(m.liked ? momentsApi.unlike : momentsApi.like, { id: m.id }),
    onMutate: async (m) => {
      const snap = await snapshot(qc);
      updateEverywhere(qc, m.id, (x) => toggleLike(x, me));
      return { snap };
    },
    onError: (_e, _m, context) => restore(qc, context?.snap),
    onSuccess: (moment) => updateEverywhere(qc, moment.id, () => moment),
  });
};

export const useComment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof momentsApi.comment>) => call(momentsApi.comment, input),
    onSuccess: (moment) => updateEverywhere(qc, moment.id, () => moment),
  });
};

export const useDeleteComment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { momentId: number; commentId: number }) =>
      call(momentsApi.deleteComment, { id: input.commentId }),
    onMutate: async ({ momentId, commentId }) => {
      const snap = await snapshot(qc);
      updateEverywhere(qc, momentId, (m) => withoutComment(m, commentId));
      return { snap };
    },
    onError: (_e, _v, context) => restore(qc, context?.snap),
  });
};

export const useDeleteMoment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(momentsApi.delete, { id }),
    onSuccess: (_ok, id) => {
      updateEverywhere(qc, id, () => null);
      qc.removeQueries({ queryKey: momentKeys.detail(id) });
    },
  });
};

export const usePostMoment = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof momentsApi.post>) => call(momentsApi.post, input),
    onSuccess: (moment) => {
      qc.setQueriesData<Feed>(
        { queryKey: momentKeys.feeds() },
        (feed) => feed && prependMoment(feed, moment),
      );
    },
  });
};
