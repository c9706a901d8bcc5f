import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useGroups } from '../../features/group/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

/** The groups I am in; a tap opens the group chat. */
const GroupListPage = () => {
  const { t } = useTranslation();
  const groups = useGroups();
  let body: React.ReactNode;
  if (groups.isPending) body = <Loading />;
  else if (groups.isError) body = <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;
  else if (groups.data.length === 0) body = <EmptyState title={t('group.none')} testId="group-list-empty" />;
  else
    body = (
      <List data-testid="group-list">
        {groups.data.map((g) => (
          <List.Item
            key={g.groupId}
            onClick={() => navigate({ path: Paths.chatIndex, query: { id: g.sessionId } })}
            extra={`(${g.memberCount})`}
            data-testid={`group-item-${g.groupId}`}
          >
            {g.name}
          </List.Item>
        ))}
      </List>
    );
  return (
    <Page
      title={t('titles.groupList')}
      right={
        <button
          type="button"
          className="nav-text-button"
          onClick={() => navigate(Paths.groupCreate)}
          data-testid="group-list-create"
        >
          {t('group.new')}
        </button>
      }
    >
      {body}
    </Page>
  );
};

export default GroupListPage;
