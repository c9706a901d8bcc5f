import type { TicketKind } from '@chatpay/shared';
import { InfiniteScroll, List, PullToRefresh, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { PULL_REFRESH_THRESHOLD } from '../../../lib/pull.ts';
import { navigate } from '../../../lib/router/navigate.ts';
import { statusColor, ticketPaths, typeLabel } from '../kinds.ts';
import { useTickets, useTicketTypes } from '../queries.ts';
import '../tickets.css';
import { dateTime } from '../../../lib/i18n/time.ts';

/** My complaints or feedback, newest first, each with its status. */
export const TicketList = ({ kind }: { kind: TicketKind }) => {
  const { t, i18n } = useTranslation();
  const list = useTickets(kind);
  const types = useTicketTypes(kind);
  const paths = ticketPaths[kind];
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  const nameOf = (value: string) => types.data?.find((e) => e.value === value)?.name;

  const body = list.isPending ? (
    <Loading />
  ) : list.isError && items.length === 0 ? (
    <LoadError error={list.error} onRetry={() => void list.refetch()} />
  ) : items.length === 0 ? (
    <EmptyState title={t(`ticket.empty.${kind}`)} description={t('ticket.emptyHint')} testId="ticket-empty">
      <Button color="primary" onClick={() => void navigate(paths.submit)} data-testid="ticket-empty-new">
        {t(`ticket.new.${kind}`)}
      </Button>
    </EmptyState>
  ) : (
    <>
      <List className="ticket-list" data-testid="ticket-list">
        {items.map((item) => (
          <List.Item
            key={item.id}
            onClick={() => navigate({ path: paths.detail, query: { id: item.id } })}
            description={
              <div className="ticket-item-sub">
                <span className="ticket-item-text">{item.text}</span>
                <span>{dateTime(item.createTime, i18n.language)}</span>
              </div>
            }
            extra={
              <Tag color={statusColor[item.status]} fill="outline" data-testid={`ticket-status-${item.id}`}>
                {t(`ticket.status.${item.status}`)}
              </Tag>
            }
            data-testid={`ticket-${item.id}`}
          >
            {typeLabel(t, kind, item.type, nameOf(item.type))}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll
        hasMore={list.hasNextPage}
        loadMore={async () => {
          await list.fetchNextPage({ throwOnError: true });
        }}
      />
    </>
  );

  return (
    <Page
      title={t(kind === 'complain' ? 'titles.complainList' : 'titles.feedbackList')}
      right={
        <button
          type="button"
          className="nav-icon"
          aria-label={t(`ticket.new.${kind}`)}
          onClick={() => navigate(paths.submit)}
          data-testid="ticket-new"
        >
          <AddOutline />
        </button>
      }
    >
      <PullToRefresh
        threshold={PULL_REFRESH_THRESHOLD}
        onRefresh={async () => {
          await list.refetch();
        }}
        pullingText={t('chat.pull.pulling')}
        canReleaseText={t('chat.pull.release')}
        refreshingText={t('chat.pull.refreshing')}
        completeText={t('chat.pull.done')}
      >
        <div className="pull-area">{body}</div>
      </PullToRefresh>
    </Page>
  );
};
