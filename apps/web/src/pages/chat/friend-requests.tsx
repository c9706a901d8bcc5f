import type { FriendRequest } from '@chatpay/shared';
import { List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useConfirmFriend, useFriendRequests, useSearchUsers } from '../../features/chat/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError } from '../../lib/toast.ts';

const openUser = (userId: number) => navigate({ path: Paths.chatUserDetail, query: { id: userId } });

/** Search by user name, member id or share code; results open the user-detail page. */
const SearchResults = ({ keyword }: { keyword: string }) => {
  const { t } = useTranslation();
  const search = useSearchUsers(keyword);
  if (search.isFetching) return <Loading />;
  if (search.isError) return <LoadError error={search.error} onRetry={() => void search.refetch()} />;
  const users = search.data ?? [];
  if (users.length === 0) return <EmptyState title={t('friends.noResult')} testId="search-empty" />;
  return (
    <List header={t('friends.results')} data-testid="search-results">
      {users.map((u) => (
        <List.Item
          key={u.userId}
          prefix={<UserAvatar src={u.avatar} size={40} />}
          description={t('friends.memberId', { id: u.memberId })}
          onClick={() => openUser(u.userId)}
          data-testid={`search-user-${u.userId}`}
          extra={u.isFriend ? t('friends.isFriend') : u.isSelf ? t('friends.isSelf') : null}
        >
          {u.nickName || u.username}
        </List.Item>
      ))}
    </List>
  );
};

const RequestItem = ({ r }: { r: FriendRequest }) => {
  const { t } = useTranslation();
  const confirmFriend = useConfirmFriend();
  const answer = (agree: boolean) => confirmFriend.mutate({ id: r.id, agree }, { onError: toastError });
  return (
    <List.Item
      prefix={<UserAvatar src={r.avatar} size={44} />}
      description={r.message || t('friends.defaultGreeting')}
      onClick={() => openUser(r.userId)}
      data-testid={`request-${r.userId}`}
      extra={
        r.status === 'pending' ? (
          <div className="request-actions">
            <Button
              size="mini"
              onClick={(e) => {
                e.stopPropagation();
                answer(false);
              }}
              loading={confirmFriend.isPending && confirmFriend.variables?.agree === false}
              data-testid={`request-reject-${r.userId}`}
            >
              {t('friends.reject')}
            </Button>
            <Button
              size="mini"
              color="primary"
              onClick={(e) => {
                e.stopPropagation();
                answer(true);
              }}
              loading={confirmFriend.isPending && confirmFriend.variables?.agree === true}
              data-testid={`request-accept-${r.userId}`}
            >
              {t('friends.accept')}
            </Button>
          </div>
        ) : (
          <span className="request-status">{t(`friends.status.${r.status}`)}</span>
        )
      }
    >
      {r.nickName || r.username}
    </List.Item>
  );
};

/** New friends: search to add someone, and the requests sent to me (accept or reject). */
const FriendRequestsPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const requests = useFriendRequests();
  const focusSearch = params.get('search') === '1';
  useEffect(() => {
    if (focusSearch) document.querySelector<HTMLInputElement>('.friend-search input')?.focus();
  }, [focusSearch]);

  let body: React.ReactNode;
  if (keyword) body = <SearchResults keyword={keyword} />;
  else if (requests.isPending) body = <Loading />;
  else if (requests.isError)
    body = <LoadError error={requests.error} onRetry={() => void requests.refetch()} />;
  else if ((requests.data ?? []).length === 0)
    body = (
      <EmptyState
        title={t('friends.noRequests')}
        description={t('friends.noRequestsHint')}
        testId="requests-empty"
      />
    );
  else
    body = (
      <List header={t('friends.requests')} data-testid="request-list">
        {(requests.data ?? []).map((r) => (
          <RequestItem key={r.id} r={r} />
        ))}
      </List>
    );

  return (
    <Page title={t('titles.friendRequests')}>
      <div className="friend-search">
        <SearchField
          placeholder={t('friends.searchPlaceholder')}
          value={input}
          onChange={(v) => {
            setInput(v);
            if (!v.trim()) setKeyword('');
          }}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
          data-testid="friend-search"
        />
      </div>
      {body}
    </Page>
  );
};

export default FriendRequestsPage;
