import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../lib/dialog.tsx';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useClearHistory } from '../manage.ts';
import { useSessionDetail, useSetChat } from '../queries.ts';

/**
 * A chat's own settings (single and group chat info pages): search its history, pin, mute notifications,
 * clear history.
 */
export const ChatSettings = ({ sessionId }: { sessionId: number }) => {
  const { t } = useTranslation();
  const session = useSessionDetail(sessionId).data;
  const setChat = useSetChat();
  const clear = useClearHistory();
  if (!session) return null;
  const clearHistory = async () => {
    if (!(await confirm(t('chat.clearConfirm'), 'chat-clear', t('chat.clear'), true))) return;
    clear.mutate(sessionId, { onSuccess: () => toastSuccess(t('chat.cleared')), onError: toastError });
  };
  return (
    <List className="entry-list" data-testid="chat-settings">
      <List.Item
        onClick={() => navigate({ path: Paths.chatSearch, query: { id: sessionId } })}
        data-testid="chat-setting-search"
      >
        {t('search.chatHistory')}
      </List.Item>
      <List.Item
        extra={
          <Switch
            checked={session.isTop}
            onChange={(on) =>
              setChat.mutate(
                { id: sessionId, action: on ? 'chat.top' : 'chat.untop' },
                { onError: toastError },
              )
            }
            aria-label={t('chat.pin')}
            data-testid="chat-setting-top"
          />
        }
      >
        {t('chat.pin')}
      </List.Item>
      <List.Item
        extra={
          <Switch
            checked={!session.useNotify}
            onChange={(on) =>
              setChat.mutate(
                { id: sessionId, action: on ? 'notify.off' : 'notify.on' },
                { onError: toastError },
              )
            }
            aria-label={t('chat.muteNotifications')}
            data-testid="chat-setting-mute"
          />
        }
      >
        {t('chat.muteNotifications')}
      </List.Item>
      <List.Item onClick={() => void clearHistory()} data-testid="chat-setting-clear">
        {t('chat.clear')}
      </List.Item>
    </List>
  );
};
