import { ErrorCode, RECALL_WINDOW_MS } from '@chatpay/shared';
import { MoreOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { Composer, type MediaKind } from '../../features/chat/components/Composer.tsx';
import { MessageList, type MessageListHandle } from '../../features/chat/components/MessageList.tsx';
import {
  loadOlder,
  markRead,
  myId,
  onSendError,
  openThread,
  recallMessage,
  removeForMe,
  retryFailed,
  sendMessage,
} from '../../features/chat/engine.ts';
import { sessionAvatar } from '../../features/chat/format.ts';
import { sendImage, sendMedia, sendVoice } from '../../features/chat/media.ts';
import { useSessionDetail } from '../../features/chat/queries.ts';
import { emptyThread, useChatStore } from '../../features/chat/store.ts';
import type { UiMessage } from '../../features/chat/thread.ts';
import { useSheet } from '../../features/chat/useSheet.ts';
import { OpenPacket } from '../../features/redpacket/components/OpenPacket.tsx';
import { useOpenPacket } from '../../features/redpacket/openStore.ts';
import { useAuth } from '../../lib/auth.ts';
import { copyText } from '../../lib/clipboard.ts';
import { ApiError } from '../../lib/errors.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';

/** SPEC §4: a missing session says so and goes home; any other load error shows its message and goes home. */
const leave = (error: unknown) => {
  if (error instanceof ApiError && error.code === ErrorCode.SessionNotFound) toast(error.message);
  else toastError(error);
  navigate({ path: Paths.root, mode: 'reLaunch' });
};

/** The chat page: one session's messages, newest at the bottom, and the input bar. */
const ChatPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const detail = useSessionDetail(sessionId);
  const thread = useChatStore((s) => s.threads[sessionId] ?? emptyThread);
  const me = myId();
  const myAvatar = useAuth((s) => s.user?.avatar ?? '');
  const list = useRef<MessageListHandle>(null);
  const showSheet = useSheet();

  useEffect(() => {
    if (!sessionId) {
      leave(new ApiError(t('errors.1307'), ErrorCode.SessionNotFound));
      return;
    }
    useChatStore.getState().setOpen(sessionId);
    openThread(sessionId).catch(leave);
    const off = onSendError((error) => toastError(error));
    return () => {
      off();
      useOpenPacket.getState().close();
      if (useChatStore.getState().openId === sessionId) useChatStore.getState().setOpen(null);
    };
  }, [sessionId, t]);

  useEffect(() => {
    if (detail.error) leave(detail.error);
  }, [detail.error]);

  // Read state: whatever is shown while the page is visible is read.
  const newest = thread.items.length;
  useEffect(() => {
    if (newest > 0 && document.visibilityState === 'visible') void markRead(sessionId);
  }, [newest, sessionId]);

  const onLoadOlder = useCallback(() => loadOlder(sessionId), [sessionId]);
  const onRetry = useCallback((_m: UiMessage) => retryFailed(sessionId), [sessionId]);
  const onMenu = useCallback(
    (m: UiMessage) => {
      if (m.status !== 'sent') return;
      const mine = m.senderId === myId();
      // Money messages stay: the money has moved, so they cannot be recalled.
      const money = m.contentType === 'transfer' || m.contentType === 'redpacket';
      const canRecall =
        mine && !money && !m.recalled && Date.now() - new Date(m.createTime).getTime() < RECALL_WINDOW_MS;
      const actions = [
        m.contentType === 'text' ? { key: 'copy', text: t('common.copy') } : null,
        canRecall ? { key: 'recall', text: t('chat.recall') } : null,
        { key: 'delete', text: t('common.delete'), danger: true },
      ].filter((a) => a !== null);
      const handler = showSheet({
        cancelText: t('common.cancel'),
        // Action items take no data attributes: the test id rides on the text.
        actions: actions.map((a) => ({
          ...a,
          text: <span data-testid={`msg-menu-${a.key}`}>{a.text}</span>,
        })),
        onAction: (a) => {
          handler.close();
          if (a.key === 'copy') void copyText(String(m.content.text ?? ''));
          if (a.key === 'recall') recallMessage(m).catch(toastError);
          if (a.key === 'delete') removeForMe(m).catch(toastError);
        },
      });
    },
    [t, showSheet],
  );

  const toBottom = () => requestAnimationFrame(() => list.current?.toBottom());
  const onText = (text: string) => {
    sendMessage(sessionId, 'text', { text });
    toBottom();
  };
  const onFile = (kind: MediaKind, file: File) => {
    if (kind === 'image') void sendImage(sessionId, file).then(toBottom);
    else sendMedia(sessionId, kind, file);
    toBottom();
  };
  const onVoice = (blob: Blob, seconds: number) => {
    sendVoice(sessionId, blob, seconds);
    toBottom();
  };

  const session = detail.data;
  const group = session?.groupInfo ?? null;
  const members = useMemo(
    () =>
      group
        ? new Map(group.members.map((m) => [m.userId, { avatar: m.avatar, name: m.note || m.nickName }]))
        : undefined,
    [group],
  );
  const title = group ? `${session?.name ?? ''} (${group.memberCount})` : (session?.name ?? '');
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
      <div className="chat-main" data-testid="chat-page" data-session={sessionId}>
        {thread.loaded ? (
          <MessageList
            ref={list}
            items={thread.items}
            myId={me}
            myAvatar={myAvatar}
            theirAvatar={session ? sessionAvatar(session) : ''}
            theirName={session?.type === 'single' ? session.name : ''}
            members={members}
            hasMoreOlder={thread.hasMoreOlder}
            onLoadOlder={onLoadOlder}
            onMenu={onMenu}
            onRetry={onRetry}
          />
        ) : (
          <Loading />
        )}
      </div>
      {group?.dissolved ? (
        <div className="group-notice" data-testid="chat-dissolved">
          {t('group.dissolved')}
        </div>
      ) : (
        <Composer
          onText={onText}
          onFile={onFile}
          onVoice={onVoice}
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
      )}
      <OpenPacket />
    </Page>
  );
};

export default ChatPage;
