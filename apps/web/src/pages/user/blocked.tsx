import type { BlockedUser } from '@chatpay/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useBlockList, useSetBlocked } from '../../features/chat/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

const BlockedItem = ({ user }: { user: BlockedUser }) => {
  const { t } = useTranslation();
  const setBlocked = useSetBlocked();
  const unblock = async () => {
    const name = user.nickName || user.memberId;
    if (!(await confirm(t('block.unblockConfirm', { name }), 'unblock', t('block.unblock')))) return;
    setBlocked.mutate(
      { userId: user.userId, blocked: false },
      { onSuccess: () => toastSuccess(t('block.unblocked')), onError: toastError },
    );
  };
  return (
    <List.Item
      prefix={<UserAvatar src={user.avatar} size={40} />}
      description={t('friends.memberId', { id: user.memberId })}
      onClick={() => navigate({ path: Paths.chatUserDetail, query: { id: user.userId } })}
      data-testid={`blocked-${user.userId}`}
      extra={
        <Button
          size="mini"
          loading={setBlocked.isPending}
          onClick={(e) => {
            e.stopPropagation();
            void unblock();
          }}
          data-testid={`blocked-unblock-${user.userId}`}
        >
          {t('block.unblock')}
        </Button>
      }
    >
      {user.nickName}
    </List.Item>
  );
};

/** Settings → Blocked members: who I blocked, and unblock. */
const BlockedPage = () => {
  const { t } = useTranslation();
  const list = useBlockList();
  return (
    <Page title={t('titles.userBlocked')}>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('block.empty')} description={t('block.emptyHint')} testId="blocked-empty" />
      ) : (
        <List header={t('block.listHint')} data-testid="blocked-list">
          {list.data.map((u) => (
            <BlockedItem key={u.userId} user={u} />
          ))}
        </List>
      )}
    </Page>
  );
};

export default BlockedPage;
