import { ErrorCode, type ReactionEmoji } from '@chatpay/shared';
import { MoreOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import type { UiMessage } from '../../features/chat/index.ts';
import {
  forwardable,
  myId,
  onSendError,
  previewText,
  quotable,
  readMarkOf,
  sendTyping,
  sessionAvatar,
  sessionTitle,
  useChat,
  useIsTyping,
} from '../../features/chat/index.ts';
import {
  Composer,
  ForwardPicker,
  type MediaKind,
  MessageList,
  type MessageListHandle,
  QuickReactions,
  ReactionPicker,
  WhoReacted,
} from '../../features/chat/ui.ts';
import { useMutedHere } from '../../features/group/index.ts';
import { useOpenPacket } from '../../features/redpacket/index.ts';
import { OpenPacket } from '../../features/redpacket/ui.ts';
import { useAuth } from '../../lib/auth.ts';
import { copyText } from '../../lib/clipboard.ts';
import { ApiError } from '../../lib/errors.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';
import { useSheet } from '../../lib/use-sheet.ts';

/**
 * A missing session says so and goes home; any other load error shows its message and goes home
 * (docs/product.md#sessions).
 */
const leave = (error: unknown) => {
  if (error instanceof ApiError && error.code === ErrorCode.SessionNotFound) toast(error.message);
  else toastError(error);
  navigate({ path: Paths.root, mode: 'reLaunch' });
};

/** What the composer shows of the message being quoted. */
const quoteLabel = (m: UiMessage) =>
  m.contentType === 'text' ? String(m.content.text ?? '') : previewText(m.contentType, m.content);

/** The chat page: one session's messages, newest at the bottom, and the input bar. */
const ChatPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const chat = useChat(sessionId);
  const me = myId();
  const myAvatar = useAuth((s) => s.user?.avatar ?? '');
  const list = useRef<MessageListHandle>(null);
  const showSheet = useSheet();

  useEffect(() => {
    const off = onSendError((error) => toastError(error));
    return () => {
      off();
      useOpenPacket.getState().close();
    };
  }, []);

  const failed = chat.status === 'error' ? chat.error : null;
  useEffect(() => {
    if (failed) leave(failed);
  }, [failed]);

  // Read state: whatever is shown while the page is visible is read.
  const thread = chat.status === 'ready' || chat.status === 'dissolved' ? chat.thread : null;
  const newest = thread?.items.length ?? 0;
  const markRead = chat.status === 'ready' || chat.status === 'dissolved' ? chat.markRead : null;
  useEffect(() => {
    if (markRead && newest > 0 && document.visibilityState === 'visible') void markRead();
  }, [newest, markRead]);

  const loadOlder = chat.status === 'ready' || chat.status === 'dissolved' ? chat.loadOlder : null;
  const onLoadOlder = useCallback(() => (loadOlder ? loadOlder() : Promise.resolve(0)), [loadOlder]);
  // A failed message of mine: send it again (unless the server refused it for good) or delete it.
  const retry = chat.status === 'ready' ? chat.retryFailed : null;
  const deleteFailed = chat.status === 'ready' || chat.status === 'dissolved' ? chat.deleteFailed : null;
  const onRetry = useCallback(
    (m: UiMessage) => {
      const actions = [
        retry && !m.refused ? { key: 'retry', text: t('chat.retry') } : null,
        deleteFailed ? { key: 'delete', text: t('common.delete'), danger: true } : null,
      ].filter((a) => a !== null);
      const handler = showSheet({
        cancelText: t('common.cancel'),
        extra: m.refused ? t('chat.notSent', { reason: m.refused }) : undefined,
        actions: actions.map((a) => ({
          ...a,
          text: <span data-testid={`failed-menu-${a.key}`}>{a.text}</span>,
        })),
        onAction: (a) => {
          handler.close();
          if (a.key === 'retry') retry?.();
          if (a.key === 'delete') deleteFailed?.(m);
        },
      });
    },
    [t, showSheet, retry, deleteFailed],
  );
  const [forwarding, setForwarding] = useState<number | null>(null);
  const [quoting, setQuoting] = useState<UiMessage | null>(null);
  // A quoted or searched message may be older than what is loaded: load history until it is there (a few pages).
  const jumpTo = useCallback(
    async (seq: number, gone: string) => {
      for (let page = 0; page < 10; page++) {
        if (list.current?.toSeq(seq)) return;
        if (!loadOlder || (await loadOlder()) === 0) break;
      }
      if (!list.current?.toSeq(seq)) toast(gone);
    },
    [loadOlder],
  );
  const onQuote = useCallback((seq: number) => void jumpTo(seq, t('chat.quoteGone')), [jumpTo, t]);
  // Opened from a search result (`?seq=`): go to that message once the thread is there, as to a quote's.
  // The list keeps scrolling to the newest message over its first frames and may undo the jump:
  // once it has settled, the row (rendered, the list renders well beyond the screen) is scrolled into view.
  const jumpSeq = Number(params.get('seq')) || 0;
  const jumped = useRef(false);
  const loaded = thread !== null;
  useEffect(() => {
    if (!jumpSeq || !loaded || jumped.current) return;
    jumped.current = true;
    const row = () => document.querySelector(`.msg-line[data-seq="${jumpSeq}"]`);
    void jumpTo(jumpSeq, t('search.gone')).then(() => {
      for (const ms of [300, 800, 1500]) setTimeout(() => row()?.scrollIntoView({ block: 'center' }), ms);
    });
  }, [jumpSeq, loaded, jumpTo, t]);
  // Recall, edit and react only where the chat is live; deleting for me also where its history stays to read.
  const recall = chat.status === 'ready' ? chat.recall : null;
  const edit = chat.status === 'ready' ? chat.edit : null;
  const reactTo = chat.status === 'ready' ? chat.react : null;
  const remove = chat.status === 'ready' || chat.status === 'dissolved' ? chat.removeForMe : null;
  const [editing, setEditing] = useState<UiMessage | null>(null);
  const [picking, setPicking] = useState<UiMessage | null>(null);
  const [whoFor, setWhoFor] = useState<UiMessage | null>(null);
  const onReact = useCallback(
    (m: UiMessage, emoji: ReactionEmoji, active: boolean) => {
      reactTo?.(m, emoji, active).catch(toastError);
    },
    [reactTo],
  );
  const onReactMore = useCallback((m: UiMessage) => setPicking(m), []);
  const onWho = useCallback((m: UiMessage) => setWhoFor(m), []);
  const onMenu = useCallback(
    (m: UiMessage) => {
      if (m.status !== 'sent') return;
      // The server says until when the sender may recall or edit it (null: never); only the sender sees them.
      const until = m.recallableUntil ?? null;
      const recallable = recall !== null && m.senderId === myId() && until !== null && Date.now() <= until;
      const editUntil = m.editableUntil ?? null;
      const editable =
        edit !== null && m.senderId === myId() && editUntil !== null && Date.now() <= editUntil;
      const reactable = reactTo !== null && !m.recalled && m.contentType !== 'notice';
      const actions = [
        m.contentType === 'text' ? { key: 'copy', text: t('common.copy') } : null,
        recall !== null && quotable(m) ? { key: 'quote', text: t('chat.quote') } : null,
        editable ? { key: 'edit', text: t('chat.edit.action') } : null,
        m.reactions?.length ? { key: 'reactions', text: t('chat.reactions.who') } : null,
        forwardable(m) ? { key: 'forward', text: t('chat.forward') } : null,
        recallable ? { key: 'recall', text: t('chat.recall') } : null,
        remove ? { key: 'delete', text: t('common.delete'), danger: true } : null,
      ].filter((a) => a !== null);
      const handler = showSheet({
        cancelText: t('common.cancel'),
        extra: reactable ? (
          <QuickReactions
            m={m}
            myId={myId()}
            onPick={(emoji, active) => {
              handler.close();
              onReact(m, emoji, active);
            }}
            onMore={() => {
              handler.close();
              setPicking(m);
            }}
          />
        ) : undefined,
        // Action items take no data attributes: the test id rides on the text.
        actions: actions.map((a) => ({
          ...a,
          text: <span data-testid={`msg-menu-${a.key}`}>{a.text}</span>,
        })),
        onAction: (a) => {
          handler.close();
          if (a.key === 'copy') void copyText(String(m.content.text ?? ''));
          if (a.key === 'forward') setForwarding(m.id);
          if (a.key === 'quote') setQuoting(m);
          if (a.key === 'edit') setEditing(m);
          if (a.key === 'reactions') setWhoFor(m);
          if (a.key === 'recall') recall?.(m).catch(toastError);
          if (a.key === 'delete') remove?.(m).catch(toastError);
        },
      });
    },
    [t, showSheet, recall, edit, reactTo, onReact, remove],
  );

  const toBottom = () => requestAnimationFrame(() => list.current?.toBottom());
  const muted = useMutedHere(chat.status === 'ready' ? chat.session : null, me);

  const session = chat.status === 'error' ? null : chat.session;
  const group = session?.groupInfo ?? null;
  const members = useMemo(
    () =>
      group
        ? new Map(group.members.map((m) => [m.userId, { avatar: m.avatar, name: m.note || m.nickName }]))
        : undefined,
    [group],
  );
  const trade = session?.trade ?? null;
  const single = session?.type === 'single';
  const typing = useIsTyping(sessionId);
  // Order chats mark each of my messages Read or Unread instead (MessageList's tradePeerId).
  const readId = useMemo(
    () => (thread && single && !trade ? readMarkOf(thread.items, me, session?.peerReadSeq ?? null) : null),
    [thread, single, trade, me, session?.peerReadSeq],
  );
  const title = group
    ? `${session?.name ?? ''} (${group.memberCount})`
    : single && typing
      ? t('chat.typing')
      : session
        ? sessionTitle(session)
        : '';
  return (
    <Page
      title={title}
      bodyClassName="chat-body"
      right={
        session?.userId ? (
          <button
            type="button"
            className="nav-icon"
            aria-label={t('chat.detail')}
            data-testid="chat-detail"
            onClick={() =>
              navigate({ path: Paths.chatUserDetail, query: { id: session.userId ?? undefined } })
            }
          >
            <MoreOutline />
          </button>
        ) : group ? (
          <button
            type="button"
            className="nav-icon"
            aria-label={t('chat.detail')}
            data-testid="chat-group-detail"
            onClick={() => navigate({ path: Paths.groupDetail, query: { id: sessionId } })}
          >
            <MoreOutline />
          </button>
        ) : null
      }
    >
      {trade ? (
        <button
          type="button"
          className="trade-chat-bar"
          data-testid="chat-trade-order"
          onClick={() => navigate({ path: Paths.c2cDetail, query: { id: trade.orderId } })}
        >
          {t('trade.openOrder', { no: trade.orderNo })}
        </button>
      ) : null}
      <div className="chat-main" data-testid="chat-page" data-session={sessionId}>
        {thread ? (
          <MessageList
            ref={list}
            items={thread.items}
            myId={me}
            myAvatar={myAvatar}
            theirAvatar={session ? sessionAvatar(session) : ''}
            theirName={session?.type === 'single' ? session.name : ''}
            tradePeerId={trade ? (session?.userId ?? null) : null}
            peerReadSeq={trade ? (session?.peerReadSeq ?? null) : null}
            members={members}
            hasMoreOlder={thread.hasMoreOlder}
            readId={readId}
            onQuote={onQuote}
            onLoadOlder={onLoadOlder}
            onMenu={onMenu}
            onRetry={onRetry}
            onReact={reactTo ? onReact : undefined}
            onReactMore={reactTo ? onReactMore : undefined}
            onWho={onWho}
          />
        ) : chat.status === 'offline' ? (
          <div className="chat-offline" data-testid="chat-offline">
            {t('chat.offline')}
          </div>
        ) : (
          <Loading />
        )}
      </div>
      {chat.status === 'dissolved' ? (
        <div className="group-notice" data-testid="chat-dissolved">
          {t('group.dissolved')}
        </div>
      ) : chat.status === 'ready' ? (
        <Composer
          key={sessionId}
          sessionId={sessionId}
          userId={me}
          muted={muted}
          onTyping={single ? () => sendTyping(sessionId) : undefined}
          quote={quoting ? quoteLabel(quoting) : null}
          onCancelQuote={() => setQuoting(null)}
          editing={editing ? { id: editing.id, text: String(editing.content.text ?? '') } : null}
          onCancelEdit={() => setEditing(null)}
          onEdit={(text) => {
            const target = editing;
            setEditing(null);
            if (target) chat.edit(target, text).catch(toastError);
          }}
          mentionables={group?.members
            .filter((m) => m.userId !== me)
            .map((m) => ({ userId: m.userId, name: m.note || m.nickName }))}
          mentionEveryone={group?.members.some(
            (m) => m.userId === me && (m.role === 'owner' || m.role === 'manager'),
          )}
          onText={(text, mentions) => {
            chat.sendText(text, quoting, mentions);
            setQuoting(null);
            toBottom();
          }}
          onFile={(kind: MediaKind, file) => {
            void chat.sendFile(kind, file).then(toBottom);
            toBottom();
          }}
          onVoice={(blob, seconds) => {
            chat.sendVoice(blob, seconds);
            toBottom();
          }}
          onLayout={() => list.current?.toBottom()}
          onTransfer={
            session?.type === 'single' && session.userId
              ? () => navigate({ path: Paths.chatTransfer, query: { id: sessionId } })
              : undefined
          }
          onRedPacket={
            session ? () => navigate({ path: Paths.redPacketSend, query: { id: sessionId } }) : undefined
          }
        />
      ) : null}
      <OpenPacket />
      <ForwardPicker messageId={forwarding} onClose={() => setForwarding(null)} />
      <ReactionPicker
        m={picking}
        myId={me}
        onPick={(m, emoji, active) => {
          setPicking(null);
          onReact(m, emoji, active);
        }}
        onClose={() => setPicking(null)}
      />
      <WhoReacted
        m={whoFor ? (thread?.items.find((x) => x.id === whoFor.id) ?? whoFor) : null}
        onClose={() => setWhoFor(null)}
      />
    </Page>
  );
};

export default ChatPage;
