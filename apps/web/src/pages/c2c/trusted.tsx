import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useSetTrusted, useTrustedList } from '../../features/c2c/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { i18n } from '../../lib/i18n/index.ts';
import { dateTime } from '../../lib/i18n/time.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError } from '../../lib/toast.ts';

/** The traders I vouch for: open one's profile, or take them off the list. */
const TrustedPage = () => {
  const { t } = useTranslation();
  const trusted = useTrustedList();
  const setTrusted = useSetTrusted();
  const remove = async (userId: number) => {
    if (!(await confirm(t('c2c.trusted.removeConfirm'), 'trusted-remove', t('common.confirm'), true))) return;
    setTrusted.mutate({ userId, trusted: false }, { onError: toastError });
  };
  return (
    <Page title={t('c2c.trusted.title')}>
      {trusted.isPending ? (
        <Loading />
      ) : trusted.isError ? (
        <LoadError error={trusted.error} onRetry={() => void trusted.refetch()} />
      ) : trusted.data.length === 0 ? (
        <EmptyState
          title={t('c2c.trusted.empty')}
          description={t('c2c.trusted.emptyHint')}
          testId="trusted-empty"
        />
      ) : (
        <List data-testid="trusted-list">
          {trusted.data.map((p) => (
            <List.Item
              key={p.userId}
              prefix={<UserAvatar src={p.avatar} size={40} />}
              description={t('c2c.trusted.since', { time: dateTime(p.createTime, i18n.language) })}
              onClick={() => navigate({ path: Paths.c2cProfile, query: { userId: p.userId } })}
              extra={
                <Button
                  size="mini"
                  fill="outline"
                  onClick={(e) => {
                    e.stopPropagation();
                    void remove(p.userId);
                  }}
                  data-testid={`trusted-remove-${p.userId}`}
                >
                  {t('c2c.trusted.remove')}
                </Button>
              }
              data-testid={`trusted-${p.userId}`}
            >
              {p.name}
            </List.Item>
          ))}
        </List>
      )}
    </Page>
  );
};

export default TrustedPage;
