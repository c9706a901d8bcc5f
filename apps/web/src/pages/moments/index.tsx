import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { flattenFeed, useFeed, useMomentsNews } from '../../features/moments/index.ts';
import { CommentBar, MomentItem, useCommenting } from '../../features/moments/ui.ts';
import { usePerson } from '../../features/user/index.ts';
import { PULL_REFRESH_THRESHOLD } from '../../lib/pull.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

/** Moments: my cover, then my posts and my friends', newest first, with pull-to-refresh and endless scroll. */
const MomentsPage = () => {
  const { t } = useTranslation();
  const me = usePerson().data;
  const feed = useFeed();
  const commenting = useCommenting();
  const moments = flattenFeed(feed.data);
  // Opening the feed is looking at what was new: the Discovery badge goes.
  const seen = useMomentsNews((s) => s.seen);
  useEffect(() => seen(), [seen]);

  const list = feed.isPending ? (
    <Loading />
  ) : feed.isError && moments.length === 0 ? (
    <LoadError error={feed.error} onRetry={() => void feed.refetch()} />
  ) : moments.length === 0 ? (
    <EmptyState title={t('moments.empty')} description={t('moments.emptyHint')} testId="moments-empty" />
  ) : (
    <>
      <div data-testid="moments-list">
        {moments.map((m) => (
          <MomentItem key={m.id} m={m} myId={me?.id ?? 0} onComment={commenting.open} />
        ))}
      </div>
      <InfiniteScroll
        hasMore={feed.hasNextPage}
        loadMore={async () => {
          await feed.fetchNextPage({ throwOnError: true });
        }}
      >
        <div className="moments-end">{feed.hasNextPage ? t('moments.loadingMore') : t('moments.noMore')}</div>
      </InfiniteScroll>
    </>
  );

  return (
    <Page
      title={t('titles.moments')}
      bodyClassName="moments-body"
      right={
        <button
          type="button"
          className="nav-icon"
          aria-label={t('titles.momentsPublish')}
          data-testid="moments-publish"
          onClick={() => navigate(Paths.momentsPublish)}
        >
          <CameraOutline />
        </button>
      }
    >
      <PullToRefresh
        threshold={PULL_REFRESH_THRESHOLD}
        onRefresh={async () => {
          await feed.refetch();
        }}
        pullingText={t('chat.pull.pulling')}
        canReleaseText={t('chat.pull.release')}
        refreshingText={t('chat.pull.refreshing')}
        completeText={t('chat.pull.done')}
      >
        <div className="moments-cover">
          <button
            type="button"
            className="moments-cover-me"
            onClick={() => navigate(Paths.userEdit)}
            data-testid="moments-me"
          >
            <span className="moments-cover-name">{me?.nickName ?? ''}</span>
            <UserAvatar src={me?.avatar} size={68} />
          </button>
        </div>
        {list}
      </PullToRefresh>
      <CommentBar
        target={commenting.target}
        sending={commenting.sending}
        onSend={commenting.send}
        onClose={commenting.close}
      />
    </Page>
  );
};

export default MomentsPage;
