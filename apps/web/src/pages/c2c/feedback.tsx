import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useTraderFeedback } from '../../features/c2c/index.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { dateTime } from '../../lib/i18n/time.ts';

const filters = ['all', 'positive', 'negative'] as const;

/** Every feedback a trader received, newest first, filtered like Binance P2P's profile tabs. */
const FeedbackPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId')) || 0;
  const [filter, setFilter] = useState<(typeof filters)[number]>('all');
  const feedback = useTraderFeedback(userId, filter);
  const list = feedback.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page title={t('c2c.profile.feedback')}>
      <Tabs activeKey={filter} onChange={(k) => setFilter(k as typeof filter)}>
        {filters.map((f) => (
          <Tabs.Tab
            key={f}
            title={<span data-testid={`feedback-tab-${f}`}>{t(`c2c.feedbackFilter.${f}`)}</span>}
          />
        ))}
      </Tabs>
      {feedback.isPending ? (
        <Loading />
      ) : feedback.isError ? (
        <LoadError error={feedback.error} onRetry={() => void feedback.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('c2c.profile.noFeedback')} testId="feedback-empty" />
      ) : (
        <div className="c2c-card" data-testid="feedback-list">
          {list.map((f) => (
            <div key={f.id} className="c2c-feedback-item c2c-feedback-row" data-testid={`feedback-${f.id}`}>
              <UserAvatar src={f.fromAvatar} size={32} />
              <div>
                <b className={f.positive ? 'c2c-feedback-positive' : 'c2c-feedback-negative'}>
                  {t(f.positive ? 'c2c.feedback.positive' : 'c2c.feedback.negative')}
                </b>{' '}
                <span className="c2c-muted">
                  {f.fromName} · {dateTime(f.createTime, i18n.language)}
                </span>
                {f.comment ? <div>{f.comment}</div> : null}
              </div>
            </div>
          ))}
          {feedback.hasNextPage ? (
            <Button
              block
              fill="none"
              loading={feedback.isFetchingNextPage}
              onClick={() => void feedback.fetchNextPage()}
              data-testid="feedback-more"
            >
              {t('common.loadMore')}
            </Button>
          ) : null}
        </div>
      )}
    </Page>
  );
};

export default FeedbackPage;
