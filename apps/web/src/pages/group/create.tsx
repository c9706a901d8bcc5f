import { GROUP_MIN_INVITEES } from '@chatpay/shared';
import { Checkbox, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useFriends } from '../../features/chat/index.ts';
import { useCreateGroup, useGroupInfo, useInvite } from '../../features/group/index.ts';
import { back, navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { orToast } from '../../lib/toast.ts';

/** Pick friends: a new group (at least 2), or with `?id=<sessionId>` friends to invite into that group. */
const GroupCreatePage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const group = useGroupInfo(sessionId);
  const friends = useFriends();
  const invite = useInvite(sessionId);
  const create = useCreateGroup();
  const [picked, setPicked] = useState<number[]>([]);
  const busy = invite.isPending || create.isPending;
  const inGroup = new Set((group.data?.members ?? []).map((m) => m.userId));
  const list = (friends.data ?? []).filter((f) => !inGroup.has(f.userId));
  const min = sessionId ? 1 : GROUP_MIN_INVITEES;

  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  const submit = async () => {
    const g = group.data;
    const result = await orToast(
      g
        ? invite.mutateAsync({ groupId: g.groupId, userIds: picked })
        : create.mutateAsync({ userIds: picked }),
    );
    if (!result) return;
    if (g) back();
    else navigate({ path: Paths.chatIndex, query: { id: result.sessionId }, mode: 'redirectTo' });
  };

  const title = sessionId ? t('group.invite') : t('titles.groupCreate');
  return (
    <Page
      title={title}
      right={
        <button
          type="button"
          className="nav-text-button"
          disabled={picked.length < min || busy}
          onClick={() => void submit()}
          data-testid="group-create-submit"
        >
          {t('group.done', { count: picked.length })}
        </button>
      }
    >
      {friends.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <EmptyState title={t('contact.empty')} testId="group-pick-empty" />
      ) : (
        <List data-testid="group-pick-list">
          {list.map((f) => (
            <List.Item
              key={f.userId}
              prefix={
                <span className="group-pick-prefix">
                  <Checkbox checked={picked.includes(f.userId)} />
                  <UserAvatar src={f.avatar} size={36} />
                </span>
              }
              onClick={() => toggle(f.userId)}
              arrowIcon={false}
              data-testid={`group-pick-${f.userId}`}
            >
              {f.remark || f.nickName || f.username}
            </List.Item>
          ))}
        </List>
      )}
      {!sessionId && <p className="group-hint">{t('group.pickHint', { count: GROUP_MIN_INVITEES })}</p>}
    </Page>
  );
};

export default GroupCreatePage;
