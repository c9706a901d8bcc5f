import { Badge, IndexBar, List } from 'antd-mobile';
import { TeamFill, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { groupByLetter, useFriends, useRequestCount } from '../../features/chat/index.ts';
import { SearchEntry } from '../../features/chat/ui.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { PlusMenu } from './chat.tsx';

/** Contacts tab: the "New friends" entry with the waiting count, then my friends A-Z. */
const ContactTab = () => {
  const { t } = useTranslation();
  const friends = useFriends();
  const count = useRequestCount().data ?? 0;
  const groups = groupByLetter(friends.data ?? [], (f) => f.remark || f.nickName || f.username);

  const head = (
    <List className="contact-entries">
      <List.Item
        prefix={
          <span className="contact-entry-icon">
            <TeamOutline />
          </span>
        }
        extra={
          count > 0 ? (
            <Badge content={count > 99 ? '99+' : count} data-testid="contact-request-badge" />
          ) : null
        }
        onClick={() => navigate(Paths.friendRequests)}
        data-testid="contact-new-friends"
      >
        {t('contact.newFriends')}
      </List.Item>
      <List.Item
        prefix={
          <span className="contact-entry-icon">
            <TeamFill />
          </span>
        }
        onClick={() => navigate(Paths.groupList)}
        data-testid="contact-groups"
      >
        {t('group.myGroups')}
      </List.Item>
    </List>
  );

  let body: React.ReactNode;
  if (friends.isPending) body = <Loading />;
  else if (friends.isError && !friends.data)
    body = <LoadError error={friends.error} onRetry={() => void friends.refetch()} />;
  else if (groups.length === 0)
    body = (
      <EmptyState title={t('contact.empty')} description={t('contact.emptyHint')} testId="contact-empty" />
    );
  else
    body = (
      <IndexBar className="contact-index" data-testid="contact-list">
        {groups.map(({ letter, items }) => (
          <IndexBar.Panel index={letter} title={letter} key={letter}>
            <List>
              {items.map((f) => (
                <List.Item
                  key={f.userId}
                  prefix={<UserAvatar src={f.avatar} size={40} />}
                  onClick={() => navigate({ path: Paths.chatUserDetail, query: { id: f.userId } })}
                  data-testid={`friend-${f.userId}`}
                >
                  {f.remark || f.nickName || f.username}
                </List.Item>
              ))}
            </List>
          </IndexBar.Panel>
        ))}
      </IndexBar>
    );

  return (
    <Page
      title={t('tabs.contact')}
      back={false}
      bodyClassName="contact-body"
      right={
        <span className="nav-pair">
          <PlusMenu testId="contact-plus" />
          <button
            type="button"
            className="nav-icon"
            aria-label={t('chat.addFriend')}
            data-testid="contact-add"
            onClick={() => navigate({ path: Paths.friendRequests, query: { search: 1 } })}
          >
            <UserAddOutline />
          </button>
        </span>
      }
    >
      <SearchEntry testId="contact-search-entry" />
      {head}
      <div className="contact-list-wrap">{body}</div>
    </Page>
  );
};

export default ContactTab;
