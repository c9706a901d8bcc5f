import { GROUP_MUTE_MINUTES, type GroupInfo, type GroupMemberInfo } from '@chatpay/shared';
import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { myId } from '../../features/chat/index.ts';
import { ChatSettings } from '../../features/chat/ui.ts';
import {
  muteDuration,
  useDissolveGroup,
  useGroupInfo,
  useMuteAll,
  useMuteMember,
  useQuitGroup,
  useRemoveMembers,
  useSetManager,
  useTransferOwner,
  useUnmuteMember,
  useUnsetManager,
} from '../../features/group/index.ts';
import { MemberGrid } from '../../features/group/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { orToast } from '../../lib/toast.ts';
import { useSheet } from '../../lib/use-sheet.ts';

type Action = 'setManager' | 'unsetManager' | 'mute' | 'unmute' | 'remove' | 'transfer' | 'profile';

/** What I may do to a member: the owner everything, a manager only to plain members. */
const actionsFor = (g: GroupInfo, m: GroupMemberInfo, me: number | null): Action[] => {
  const list: Action[] = ['profile'];
  if (m.userId === me || m.role === 'owner' || g.dissolved) return list;
  const owner = g.myRole === 'owner';
  if (owner) list.push(m.role === 'manager' ? 'unsetManager' : 'setManager');
  if (owner || (g.myRole === 'manager' && m.role === 'member')) {
    list.push(m.isMuted ? 'unmute' : 'mute', 'remove');
  }
  if (owner) list.push('transfer');
  return list;
};

/** Group settings: members, name, announcement, QR code, quit or dissolve. */
const GroupDetailPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const info = useGroupInfo(sessionId);
  const setManager = useSetManager(sessionId);
  const unsetManager = useUnsetManager(sessionId);
  const mute = useMuteMember(sessionId);
  const unmute = useUnmuteMember(sessionId);
  const muteAll = useMuteAll(sessionId);
  const remove = useRemoveMembers(sessionId);
  const transferOwner = useTransferOwner(sessionId);
  const dissolveGroup = useDissolveGroup(sessionId);
  const quit = useQuitGroup(sessionId);
  const showSheet = useSheet();
  const me = myId();
  const g = info.data;
  if (!g) {
    return (
      <Page title={t('titles.groupDetail')}>
        {info.isError ? <LoadError error={info.error} onRetry={() => void info.refetch()} /> : <Loading />}
      </Page>
    );
  }
  const canManage = !g.dissolved && (g.myRole === 'owner' || g.myRole === 'manager');
  const ref = (userId: number) => ({ groupId: g.groupId, userId });

  const act = async (a: Action, m: GroupMemberInfo) => {
    if (a === 'profile') return navigate({ path: Paths.chatUserDetail, query: { id: m.userId } });
    if (a === 'setManager') await orToast(setManager.mutateAsync(ref(m.userId)));
    if (a === 'unsetManager') await orToast(unsetManager.mutateAsync(ref(m.userId)));
    if (a === 'mute') pickMuteLength(m);
    if (a === 'unmute') await orToast(unmute.mutateAsync(ref(m.userId)));
    if (
      a === 'remove' &&
      (await confirm(t('group.removeConfirm'), 'group-remove-dialog', t('common.delete'), true))
    )
      await orToast(remove.mutateAsync({ groupId: g.groupId, userIds: [m.userId] }));
    if (a === 'transfer' && (await confirm(t('group.transferConfirm'), 'group-transfer-dialog')))
      await orToast(transferOwner.mutateAsync(ref(m.userId)));
  };

  /** How long to mute: the usual lengths, or until unmuted. */
  const pickMuteLength = (m: GroupMemberInfo) => {
    const lengths: (number | null)[] = [...GROUP_MUTE_MINUTES, null];
    const handler = showSheet({
      cancelText: t('common.cancel'),
      extra: t('group.muteHow'),
      actions: lengths.map((minutes) => ({
        key: minutes ?? 'forever',
        text: (
          <span data-testid={`mute-for-${minutes ?? 'forever'}`}>
            {minutes ? muteDuration(minutes) : t('group.muteForever')}
          </span>
        ),
        onClick: () => {
          handler.close();
          void orToast(mute.mutateAsync({ ...ref(m.userId), ...(minutes ? { minutes } : {}) }));
        },
      })),
    });
  };

  const onMember = (m: GroupMemberInfo) => {
    const handler = showSheet({
      cancelText: t('common.cancel'),
      actions: actionsFor(g, m, me).map((a) => ({
        key: a,
        danger: a === 'remove',
        text: <span data-testid={`member-action-${a}`}>{t(`group.action.${a}`)}</span>,
        onClick: () => {
          handler.close();
          void act(a, m);
        },
      })),
    });
  };

  const onRemovePick = () => {
    const removable = g.members.filter((m) => actionsFor(g, m, me).includes('remove'));
    const handler = showSheet({
      cancelText: t('common.cancel'),
      actions: removable.map((m) => ({
        key: m.userId,
        text: <span data-testid={`remove-pick-${m.userId}`}>{m.note || m.nickName}</span>,
        onClick: () => {
          handler.close();
          void act('remove', m);
        },
      })),
    });
  };

  const leave = async (dissolve: boolean) => {
    const ok = await confirm(
      t(dissolve ? 'group.dissolveConfirm' : 'group.quitConfirm'),
      dissolve ? 'group-dissolve-dialog' : 'group-quit-dialog',
      t('common.confirm'),
      true,
    );
    if (!ok) return;
    const done = await orToast((dissolve ? dissolveGroup : quit).mutateAsync({ groupId: g.groupId }));
    if (done !== null && !dissolve) navigate({ path: Paths.root, mode: 'reLaunch' });
  };

  const edit = (field: 'name' | 'announcement') =>
    canManage ? () => navigate({ path: Paths.groupEdit, query: { id: sessionId, field } }) : undefined;

  return (
    <Page title={t('group.detailTitle', { count: g.memberCount })}>
      <MemberGrid
        members={g.members}
        canInvite={canManage}
        canRemove={canManage}
        onMember={onMember}
        onInvite={() => navigate({ path: Paths.groupCreate, query: { id: sessionId } })}
        onRemove={onRemovePick}
      />
      <List>
        <List.Item
          onClick={edit('name')}
          extra={<span className="group-row-value">{g.name}</span>}
          data-testid="group-name-row"
        >
          {t('group.name')}
        </List.Item>
        <List.Item
          onClick={edit('announcement')}
          description={g.announcement || t('common.notSet')}
          data-testid="group-announcement-row"
        >
          {t('group.announcement')}
        </List.Item>
        {g.dissolved ? null : (
          <List.Item
            onClick={() => navigate({ path: Paths.groupEdit, query: { id: sessionId, field: 'note' } })}
            extra={
              <span className="group-row-value" data-testid="group-note-value">
                {g.members.find((m) => m.userId === me)?.note || t('common.notSet')}
              </span>
            }
            data-testid="group-note-row"
          >
            {t('group.myNote')}
          </List.Item>
        )}
        {canManage && (
          <List.Item
            description={t('group.muteAllHint')}
            extra={
              <Switch
                checked={g.muteAll}
                onChange={(on) => void orToast(muteAll.mutateAsync({ groupId: g.groupId, on }))}
                aria-label={t('group.muteAll')}
                data-testid="group-mute-all"
              />
            }
          >
            {t('group.muteAll')}
          </List.Item>
        )}
        <List.Item
          onClick={() => navigate({ path: Paths.groupQr, query: { id: sessionId } })}
          data-testid="group-qr-row"
        >
          {t('group.qr')}
        </List.Item>
        <List.Item
          onClick={() =>
            navigate({
              path: Paths.complainSubmit,
              query: { targetKind: 'group', targetId: g.groupId, label: g.name },
            })
          }
          data-testid="group-complain"
        >
          {t('group.complain')}
        </List.Item>
      </List>
      <ChatSettings sessionId={sessionId} />
      <div className="group-actions">
        {g.dissolved ? (
          <p className="group-notice" data-testid="group-dissolved">
            {t('group.dissolved')}
          </p>
        ) : (
          <Button
            block
            color="danger"
            fill="outline"
            onClick={() => void leave(g.myRole === 'owner')}
            data-testid={g.myRole === 'owner' ? 'group-dissolve' : 'group-quit'}
          >
            {t(g.myRole === 'owner' ? 'group.dissolve' : 'group.quit')}
          </Button>
        )}
      </div>
    </Page>
  );
};

export default GroupDetailPage;
