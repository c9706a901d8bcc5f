import { CheckList, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { sessionAvatar, sessionTitle } from '../format.ts';
import { useForward } from '../manage.ts';
import { useSessions } from '../queries.ts';

/** The server forwards to at most this many chats at once (messageApi.transmit). */
const MAX_TARGETS = 9;

/** Chooses one or several of my chats and forwards the message there (`message/transmit`). */
export const ForwardPicker = ({ messageId, onClose }: { messageId: number | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const sessions = useSessions().data ?? [];
  const [picked, setPicked] = useState<number[]>([]);
  const forward = useForward();
  const close = () => {
    setPicked([]);
    onClose();
  };
  const send = () => {
    if (messageId === null || picked.length === 0) return;
    forward.mutate(
      { ids: [messageId], sessionIds: picked },
      {
        onSuccess: () => {
          toastSuccess(t('chat.forwarded'));
          close();
        },
        onError: toastError,
      },
    );
  };
  const live = sessions.filter((s) => !s.groupInfo?.dissolved);
  return (
    <Popup visible={messageId !== null} onMaskClick={close} bodyClassName="forward-popup" destroyOnClose>
      <div className="forward-head">
        <span>{t('chat.forwardTo')}</span>
        <Button
          size="small"
          color="primary"
          disabled={picked.length === 0}
          loading={forward.isPending}
          onClick={send}
          data-testid="forward-send"
        >
          {t('chat.forwardSend', { count: picked.length })}
        </Button>
      </div>
      <div className="forward-list" data-testid="forward-list">
        <CheckList multiple value={picked} onChange={(v) => setPicked((v as number[]).slice(0, MAX_TARGETS))}>
          {live.map((s) => (
            <CheckList.Item
              key={s.id}
              value={s.id}
              prefix={<UserAvatar src={sessionAvatar(s)} size={32} />}
              data-testid={`forward-to-${s.id}`}
            >
              {sessionTitle(s) || t('chat.unnamed')}
            </CheckList.Item>
          ))}
        </CheckList>
      </div>
    </Popup>
  );
};
