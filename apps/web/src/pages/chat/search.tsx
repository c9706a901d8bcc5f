import type { ChatSession, FriendItem, MessageHit } from '@chatpay/shared';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { GroupAvatar } from '../../components/GroupAvatar.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import {
  listTime,
  searchKeyword,
  sessionAvatar,
  sessionTitle,
  snippet,
  useDebounced,
  useMessageSearch,
  useNameSearch,
} from '../../features/chat/index.ts';
import { Highlight } from '../../features/chat/ui.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

const ContactRow = ({ f, keyword }: { f: FriendItem; keyword: string }) => {
  const { t } = useTranslation();
  const name = f.remark || f.nickName || f.username;
  // Say why a friend matched when it was not by the name shown.
  const why =
    f.remark && f.nickName.toLowerCase().includes(keyword.toLowerCase())
      ? t('search.nickName', { name: f.nickName })
      : f.memberId.toLowerCase().includes(keyword.toLowerCase())
        ? t('search.memberId', { id: f.memberId })
        : null;
  return (
    <List.Item
      prefix={<UserAvatar src={f.avatar} size={40} />}
      description={why ? <Highlight text={why} keyword={keyword} /> : undefined}
      onClick={() => navigate({ path: Paths.chatUserDetail, query: { id: f.userId } })}
      data-testid={`search-contact-${f.userId}`}
    >
      <Highlight text={name} keyword={keyword} />
    </List.Item>
  );
};

const SessionRow = ({ s, keyword }: { s: ChatSession; keyword: string }) => {
  const { t } = useTranslation();
  return (
    <List.Item
      prefix={
        s.type === 'group' ? (
          <GroupAvatar headimgs={s.headimgs} size={40} />
        ) : (
          <UserAvatar src={sessionAvatar(s)} size={40} />
        )
      }
      onClick={() => navigate({ path: Paths.chatIndex, query: { id: s.id } })}
      data-testid={`search-session-${s.id}`}
    >
      <Highlight text={sessionTitle(s) || t('chat.unnamed')} keyword={keyword} />
    </List.Item>
  );
};

/** A message hit: in all chats it is named after its chat, within one chat after its sender. */
const MessageRow = ({ hit, keyword, inChat }: { hit: MessageHit; keyword: string; inChat: boolean }) => {
  const { t, i18n } = useTranslation();
  const text = snippet(hit.text, keyword);
  return (
    <List.Item
      prefix={
        inChat ? (
          <UserAvatar src={hit.senderAvatar} size={40} />
        ) : hit.sessionType === 'group' ? (
          <GroupAvatar headimgs={hit.sessionAvatar} size={40} />
        ) : (
          <UserAvatar src={hit.sessionAvatar} size={40} />
        )
      }
      extra={<span className="search-time">{listTime(hit.createTime, i18n.language)}</span>}
      description={
        <span className="search-snippet">
          {!inChat && hit.sessionType === 'group' ? `${hit.senderName}: ` : ''}
          <Highlight text={text} keyword={keyword} />
        </span>
      }
      onClick={() => navigate({ path: Paths.chatIndex, query: { id: hit.sessionId, seq: hit.seq } })}
      data-testid={`search-message-${hit.id}`}
    >
      {inChat ? hit.senderName : hit.sessionName || t('chat.unnamed')}
    </List.Item>
  );
};

/**
 * Search: my contacts, chats and messages by keyword, as I type; with `?id=<sessionId>` the
 * history of that one chat. A message opens its chat scrolled to it.
 */
const SearchPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const inChat = sessionId > 0;
  const [input, setInput] = useState('');
  const keyword = useDebounced(searchKeyword(input));
  const names = useNameSearch(keyword, !inChat);
  const messages = useMessageSearch(keyword, sessionId);

  const contacts = inChat ? [] : (names.data?.contacts ?? []);
  const sessions = inChat ? [] : (names.data?.sessions ?? []);
  const hits = messages.data?.pages.flatMap((p) => p.list) ?? [];
  const pending = (!inChat && names.isPending) || messages.isPending;
  const error = (!inChat && names.error) || messages.error;

  let body: React.ReactNode = null;
  if (!keyword) body = null;
  else if (error && hits.length === 0 && contacts.length === 0)
    body = (
      <LoadError
        error={error}
        onRetry={() => {
          void names.refetch();
          void messages.refetch();
        }}
      />
    );
  else if (pending) body = <Loading />;
  else if (contacts.length + sessions.length + hits.length === 0)
    body = <EmptyState title={t('search.none', { keyword })} testId="search-empty" />;
  else
    body = (
      <div className="search-results" data-testid="search-results">
        {contacts.length > 0 ? (
          <List header={t('search.contacts')} data-testid="search-contacts">
            {contacts.map((f) => (
              <ContactRow key={f.userId} f={f} keyword={keyword} />
            ))}
          </List>
        ) : null}
        {sessions.length > 0 ? (
          <List header={t('search.chats')} data-testid="search-sessions">
            {sessions.map((s) => (
              <SessionRow key={s.id} s={s} keyword={keyword} />
            ))}
          </List>
        ) : null}
        {hits.length > 0 ? (
          <List header={t('search.messages')} data-testid="search-messages">
            {hits.map((hit) => (
              <MessageRow key={hit.id} hit={hit} keyword={keyword} inChat={inChat} />
            ))}
          </List>
        ) : null}
        {messages.hasNextPage ? (
          <div className="search-more">
            <Button
              size="small"
              fill="none"
              loading={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
              data-testid="search-more"
            >
              {t('search.more')}
            </Button>
          </div>
        ) : null}
      </div>
    );

  return (
    <Page title={inChat ? t('search.chatHistory') : t('search.title')}>
      <div className="friend-search search-bar">
        <SearchField
          autoFocus
          placeholder={inChat ? t('search.inChatPlaceholder') : t('search.placeholder')}
          value={input}
          onChange={setInput}
          onSearch={setInput}
          maxLength={50}
          data-testid="search-input"
        />
      </div>
      {body}
    </Page>
  );
};

export default SearchPage;
