import { type ServiceConversation, type ServiceMessage, serviceFilters } from '@chatpay/shared';
import { Badge, ImageViewer } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import {
  useServiceMessages,
  useServicePage,
  useServiceRead,
  useServiceSend,
} from '../../features/console/index.ts';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  TextField,
} from '../../features/console/ui.ts';
import { hasPermission } from '../../lib/auth.ts';
import { thumbUrl } from '../../lib/media-url.ts';
import { toast, toastError } from '../../lib/toast.ts';
import { upload } from '../../lib/upload.ts';

type Filter = (typeof serviceFilters)[number];

const newClientMsgId = () => `cs-${crypto.randomUUID()}`;

/** What one message shows: text, a picture (tap to enlarge), or the kind of anything else. */
const Body = ({ m }: { m: ServiceMessage }) => {
  const { t } = useTranslation();
  const url = typeof m.content.url === 'string' ? m.content.url : '';
  if (m.contentType === 'image' && url) {
    return (
      <button
        type="button"
        className="service-image"
        onClick={() => ImageViewer.show({ image: url })}
        data-testid={`service-image-${m.id}`}
      >
        <img src={thumbUrl(url, 200)} alt={t('console.service.picture')} />
      </button>
    );
  }
  if (typeof m.content.text === 'string') return <span>{m.content.text}</span>;
  if (url) {
    return (
      <a href={url} target="_blank" rel="noreferrer">
        {t('console.service.attachment', { type: m.contentType })}
      </a>
    );
  }
  return <span>{`[${m.contentType}]`}</span>;
};

/** One conversation: the history (older on demand), marked read while open, and the reply box. */
const Conversation = ({ sessionId, onBack }: { sessionId: number; onBack(): void }) => {
  const { t } = useTranslation();
  const query = useServiceMessages(sessionId);
  const read = useServiceRead();
  const send = useServiceSend();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const canReply = hasPermission('chat:service:reply');
  const first = query.data?.pages[0];
  const unread = first?.conversation.unread ?? 0;
  const lastId = first?.list.at(-1)?.id;
  const { mutate: markRead } = read;

  // Open and unread (also when a new message arrives while open): read for every staff member.
  useEffect(() => {
    if (canReply && unread > 0) markRead({ sessionId });
  }, [canReply, unread, sessionId, markRead]);
  // A new message scrolls into view.
  useEffect(() => {
    if (lastId !== undefined) end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const { conversation } = query.data.pages[0]!;
  const messages = [...query.data.pages].reverse().flatMap((p) => p.list);

  const post = async (contentType: 'text' | 'image', content: Record<string, unknown>) => {
    try {
      await send.mutateAsync({ sessionId, clientMsgId: newClientMsgId(), contentType, content });
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  };
  const sendText = async () => {
    if (!text.trim()) return void toast(t('common.contentEmpty'));
    if (await post('text', { text: text.trim() })) setText('');
  };
  const sendPicture = async (picked: File | undefined) => {
    if (!picked) return;
    setUploading(true);
    try {
      const url = await upload(picked, picked.name);
      await post('image', { url });
    } catch (error) {
      toastError(error);
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className="console-panel service-conversation" data-testid="service-conversation">
      <div className="service-head">
        <Button size="mini" className="service-back" onClick={onBack} data-testid="service-back">
          {t('console.backToList')}
        </Button>
        <UserAvatar src={conversation.member.avatar} size={32} />
        <div>
          <b data-testid="service-member">{conversation.member.nickName}</b>
          <div className="service-sub">
            {t('console.service.memberLine', {
              id: conversation.member.memberId,
              username: conversation.member.username,
            })}
          </div>
        </div>
      </div>
      <div className="service-messages" data-testid="service-messages">
        {query.hasNextPage ? (
          <Button
            size="mini"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="service-older"
          >
            {t('console.service.older')}
          </Button>
        ) : null}
        {messages.length === 0 ? <div className="service-sub">{t('console.service.noMessages')}</div> : null}
        {messages.map((m) => (
          <div
            key={m.id}
            className={m.fromMember ? 'service-msg from-member' : 'service-msg from-staff'}
            data-testid={`service-msg-${m.id}`}
          >
            <div className="service-who">
              {m.fromMember
                ? conversation.member.nickName
                : m.staff
                  ? t('console.service.byStaff', { name: m.staff.nickName })
                  : t('console.service.serviceAccount')}
              {' · '}
              {formatTime(m.createTime)}
            </div>
            <div className="service-bubble">
              <Body m={m} />
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      {canReply ? (
        <div className="service-reply">
          <textarea
            value={text}
            maxLength={2000}
            placeholder={t('console.service.placeholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="service-reply-text"
          />
          <div className="console-actions">
            <input
              ref={file}
              type="file"
              accept="image/*"
              hidden
              onChange={(e) => void sendPicture(e.target.files?.[0])}
              data-testid="service-reply-file"
            />
            <Button
              size="small"
              loading={uploading}
              onClick={() => file.current?.click()}
              data-testid="service-reply-picture"
            >
              {t('console.service.picture')}
            </Button>
            <Button
              size="small"
              color="primary"
              loading={send.isPending && !uploading}
              onClick={() => void sendText()}
              data-testid="service-reply-send"
            >
              {t('console.service.send')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
};

/**
 * Customer-service inbox: members' conversations with the shared service account, latest first;
 * staff read and answer them here as that account, each reply recorded with who sent it.
 */
const ServicePage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('id') ?? 0) || 0;
  const [filter, setFilter] = useState<Filter>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const query = useServicePage({
    filter,
    page,
    size: 20,
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  });
  const pick = (id: number) => setParams(id ? { id: String(id) } : {});
  const columns: Column<ServiceConversation>[] = [
    {
      key: 'member',
      title: t('console.col.member'),
      render: (c) => (
        <span className="service-member-cell">
          <UserAvatar src={c.member.avatar} size={28} />
          <span>{c.member.nickName}</span>
          {c.unread > 0 ? <Badge content={c.unread} data-testid={`service-unread-${c.sessionId}`} /> : null}
        </span>
      ),
    },
    {
      key: 'last',
      title: t('console.service.last'),
      render: (c) =>
        c.lastMessage
          ? c.lastMessage.text || t('console.service.attachment', { type: c.lastMessage.contentType })
          : '—',
    },
    {
      key: 'state',
      title: t('console.col.status'),
      render: (c) => (c.awaitingReply ? t('console.service.awaiting') : t('console.service.answered')),
    },
    { key: 'time', title: t('console.service.time'), render: (c) => formatTime(c.lastChatTime) },
  ];
  return (
    <ConsolePage
      title={t('console.menu.service')}
      testId="console-service"
      filters={
        <>
          <Choice
            title={t('console.service.show')}
            value={filter}
            values={serviceFilters}
            label={(v) => t(`console.service.filter.${v}`)}
            onChange={(v) => {
              setFilter(v);
              setPage(1);
            }}
            testId="service-filter"
          />
          <TextField
            title={t('console.service.search')}
            value={keyword}
            onChange={(v) => {
              setKeyword(v);
              setPage(1);
            }}
            testId="service-search"
          />
        </>
      }
    >
      <div className={selected ? 'service-layout open' : 'service-layout'}>
        <div className="service-list">
          <ConsoleList
            query={query}
            columns={columns}
            rowKey={(c) => c.sessionId}
            testId="service"
            empty={t('console.service.empty')}
            page={page}
            onPage={setPage}
            onRow={(c) => pick(c.sessionId)}
          />
        </div>
        <div className="service-detail">
          {selected ? (
            <Conversation key={selected} sessionId={selected} onBack={() => pick(0)} />
          ) : (
            <EmptyState title={t('console.service.pick')} testId="service-pick" />
          )}
        </div>
      </div>
    </ConsolePage>
  );
};

export default ServicePage;
