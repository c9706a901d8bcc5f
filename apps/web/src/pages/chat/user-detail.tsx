import { FRIEND_GREETING_MAX } from '@chatpay/shared';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import {
  useAddFriend,
  useDelFriend,
  useOpenChat,
  useSetBlocked,
  useSetRemark,
  useUserQuery,
} from '../../features/chat/index.ts';
import { ChatSettings } from '../../features/chat/ui.ts';
import { usePerson } from '../../features/user/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

/** A member's card: ?id=<userId> or ?code=<shareCode> (the QR link). Add, message or remove them. */
const UserDetailPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = Number(params.get('id')) || undefined;
  const code = params.get('code')?.trim() || undefined;
  const user = useUserQuery(userId ? { userId } : { keyword: code });
  const me = usePerson().data;
  const [greeting, setGreeting] = useState(() =>
    me ? t('friends.greetingDefault', { name: me.nickName }) : '',
  );
  const add = useAddFriend();
  const remove = useDelFriend();
  const openChat = useOpenChat();
  const setRemark = useSetRemark();
  const setBlocked = useSetBlocked();
  const [remark, setRemarkDraft] = useState<string | null>(null);

  if (!user.data) {
    return (
      <Page title={t('titles.userDetail')}>
        {user.isError ? <LoadError error={user.error} onRetry={() => void user.refetch()} /> : <Loading />}
      </Page>
    );
  }
  const u = user.data;
  const sendMessage = async () => {
    if (u.sessionId) {
      navigate({ path: Paths.chatIndex, query: { id: u.sessionId } });
      return;
    }
    openChat.mutate(u.userId, {
      onSuccess: (s) => navigate({ path: Paths.chatIndex, query: { id: s.id } }),
      onError: toastError,
    });
  };
  const addFriend = () =>
    add.mutate(
      { userId: u.userId, message: greeting.trim() || undefined },
      {
        onSuccess: (r) => {
          toastSuccess(r.status === 'accepted' ? t('friends.nowFriends') : t('friends.requestSent'));
          void user.refetch();
        },
        onError: toastError,
      },
    );
  const saveRemark = () =>
    setRemark.mutate(
      { userId: u.userId, remark: (remark ?? u.remark).trim() },
      {
        onSuccess: () => {
          toastSuccess(t('friends.remarkSaved'));
          setRemarkDraft(null);
          void user.refetch();
        },
        onError: toastError,
      },
    );
  const removeFriend = async () => {
    if (
      !(await confirm(
        t('friends.removeConfirm', { name: u.nickName }),
        'friend-remove',
        t('friends.remove'),
        true,
      ))
    )
      return;
    remove.mutate(u.userId, {
      onSuccess: () => {
        toastSuccess(t('friends.removed'));
        void user.refetch();
      },
      onError: toastError,
    });
  };

  const toggleBlock = async () => {
    const blocked = !u.blockedByMe;
    const name = u.remark || u.nickName || u.memberId;
    const ok = blocked
      ? await confirm(t('block.blockConfirm', { name }), 'block', t('block.block'), true)
      : await confirm(t('block.unblockConfirm', { name }), 'unblock', t('block.unblock'));
    if (!ok) return;
    setBlocked.mutate(
      { userId: u.userId, blocked },
      {
        onSuccess: () => toastSuccess(blocked ? t('block.blocked') : t('block.unblocked')),
        onError: toastError,
      },
    );
  };

  return (
    <Page title={t('titles.userDetail')}>
      <div className="user-card" data-testid="user-card">
        <UserAvatar src={u.avatar} size={64} />
        <div className="user-card-text">
          <div className="profile-name" data-testid="user-nickname">
            {u.remark || u.nickName || u.username}
          </div>
          {u.remark ? <div className="profile-sub">{t('friends.nickname', { name: u.nickName })}</div> : null}
          <div className="profile-sub" data-testid="user-member-id">
            {t('friends.memberId', { id: u.memberId })}
          </div>
          {u.description ? <div className="profile-status">{u.description}</div> : null}
        </div>
      </div>
      {u.isSelf ? null : u.isFriend ? (
        <>
          <List header={t('friends.remark')}>
            <List.Item
              extra={
                <Button
                  size="small"
                  color="primary"
                  fill="none"
                  onClick={saveRemark}
                  loading={setRemark.isPending}
                  disabled={remark === null || remark.trim() === u.remark}
                  data-testid="user-remark-save"
                >
                  {t('common.save')}
                </Button>
              }
            >
              <TextInput
                value={remark ?? u.remark}
                onChange={setRemarkDraft}
                maxLength={32}
                testId="user-remark"
                placeholder={t('friends.remarkPlaceholder')}
              />
            </List.Item>
          </List>
          <div className="page-actions">
            <Button
              block
              color="primary"
              onClick={sendMessage}
              loading={openChat.isPending}
              data-testid="user-send"
            >
              {t('friends.sendMessage')}
            </Button>
            <Button block fill="outline" color="danger" onClick={removeFriend} data-testid="user-remove">
              {t('friends.remove')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <List header={t('friends.greeting')}>
            <List.Item>
              <TextInput
                value={greeting}
                onChange={setGreeting}
                maxLength={FRIEND_GREETING_MAX}
                testId="user-greeting"
                placeholder={t('friends.greetingPlaceholder')}
              />
            </List.Item>
          </List>
          <div className="page-actions">
            <Button
              block
              color="primary"
              onClick={addFriend}
              loading={add.isPending}
              disabled={u.requestPending}
              data-testid="user-add"
            >
              {u.requestPending ? t('friends.requestSent') : t('friends.add')}
            </Button>
          </div>
        </>
      )}
      {!u.isSelf && u.sessionId ? <ChatSettings sessionId={u.sessionId} /> : null}
      {u.isSelf ? null : (
        <List className="entry-list">
          <List.Item
            onClick={() => void toggleBlock()}
            description={u.blockedByMe ? t('block.blockedHint') : undefined}
            data-testid={u.blockedByMe ? 'user-unblock' : 'user-block'}
          >
            {u.blockedByMe ? t('block.unblock') : t('block.block')}
          </List.Item>
          <List.Item
            onClick={() => navigate({ path: Paths.complainSubmit, query: { userId: u.userId } })}
            data-testid="user-complain"
          >
            {t('friends.complain')}
          </List.Item>
        </List>
      )}
    </Page>
  );
};

export default UserDetailPage;
