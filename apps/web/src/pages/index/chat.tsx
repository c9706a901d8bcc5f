import type { ChatSession } from '@chatpay/shared';
import { Popover, PullToRefresh } from 'antd-mobile';
import { AddCircleOutline, ScanningOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useSessions, useSetChat } from '../../features/chat/index.ts';
import { SearchEntry, SessionItem } from '../../features/chat/ui.ts';
import { PushOffer } from '../../features/push/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { PULL_REFRESH_THRESHOLD } from '../../lib/pull.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError } from '../../lib/toast.ts';
import { useSheet } from '../../lib/use-sheet.ts';

/** The "+" menu of the chat and contacts tabs: new group chat, add a friend, scan a QR code. */
export const PlusMenu = ({ testId = 'chat-plus' }: { testId?: string }) => {
  const { t } = useTranslation();
  return (
    <Popover.Menu
      placement="bottom-end"
      trigger="click"
      mode="dark"
      actions={[
        { key: 'group', text: t('group.new'), icon: <TeamOutline /> },
        { key: 'add', text: t('chat.addFriend'), icon: <UserAddOutline /> },
        { key: 'scan', text: t('chat.scan'), icon: <ScanningOutline /> },
      ]}
      onAction={(a) => {
        if (a.key === 'group') navigate(Paths.groupCreate);
        else navigate(a.key === 'add' ? { path: Paths.friendRequests, query: { search: 1 } } : Paths.scanQr);
      }}
    >
      <button type="button" className="nav-icon" data-testid={testId} aria-label={t('chat.more')}>
        <AddCircleOutline />
      </button>
    </Popover.Menu>
  );
};

/** Chat tab: my sessions, newest first, with unread badges, pull-to-refresh and a long-press menu. */
const ChatTab = () => {
  const { t } = useTranslation();
  const sessions = useSessions();
  const setChat = useSetChat();
  const showSheet = useSheet();

  const openMenu = (s: ChatSession) => {
    const handler = showSheet({
      cancelText: t('common.cancel'),
      actions: [
        {
          key: 'top',
          text: s.isTop ? t('chat.unpin') : t('chat.pin'),
          onClick: () => {
            handler.close();
            setChat.mutate(
              { id: s.id, action: s.isTop ? 'chat.untop' : 'chat.top' },
              { onError: toastError },
            );
          },
        },
        {
          key: 'mute',
          text: s.useNotify ? t('chat.mute') : t('chat.unmute'),
          onClick: () => {
            handler.close();
            setChat.mutate(
              { id: s.id, action: s.useNotify ? 'notify.off' : 'notify.on' },
              { onError: toastError },
            );
          },
        },
        {
          key: 'delete',
          text: t('chat.deleteChat'),
          danger: true,
          onClick: async () => {
            handler.close();
            if (await confirm(t('chat.deleteConfirm'), 'session-delete', t('common.delete'), true)) {
              setChat.mutate({ id: s.id, action: 'chat.delete' }, { onError: toastError });
            }
          },
        },
      ].map((a) => ({ ...a, text: <span data-testid={`session-menu-${a.key}`}>{a.text}</span> })),
    });
  };

  let body: React.ReactNode;
  if (sessions.isPending) body = <Loading />;
  else if (sessions.isError && !sessions.data)
    body = <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  else if ((sessions.data ?? []).length === 0)
    body = <EmptyState title={t('chat.empty')} description={t('chat.emptyHint')} testId="chat-empty" />;
  else
    body = (
      <div className="session-list" data-testid="session-list">
        {(sessions.data ?? []).map((s) => (
          <SessionItem
            key={s.id}
            session={s}
            onOpen={() => navigate({ path: Paths.chatIndex, query: { id: s.id } })}
            onMenu={() => openMenu(s)}
          />
        ))}
      </div>
    );

  return (
    <Page title={t('tabs.chat')} back={false} right={<PlusMenu />}>
      <PullToRefresh
        threshold={PULL_REFRESH_THRESHOLD}
        onRefresh={async () => {
          await sessions.refetch();
        }}
        pullingText={t('chat.pull.pulling')}
        canReleaseText={t('chat.pull.release')}
        refreshingText={t('chat.pull.refreshing')}
        completeText={t('chat.pull.done')}
      >
        <div className="pull-area">
          <SearchEntry testId="chat-search-entry" />
          <PushOffer />
          {body}
        </div>
      </PullToRefresh>
    </Page>
  );
};

export default ChatTab;
