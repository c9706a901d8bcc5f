import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Page } from '../../components/Page.tsx';
import { useJoinGroup } from '../../features/group/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { orToast } from '../../lib/toast.ts';

/** Opened from a scanned group QR code: join after confirming, then open the group chat. */
const GroupJoinPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const joinGroup = useJoinGroup();
  const join = async () => {
    const g = await orToast(joinGroup.mutateAsync(code));
    if (g) navigate({ path: Paths.chatIndex, query: { id: g.sessionId }, mode: 'redirectTo' });
  };
  return (
    <Page title={t('group.joinTitle')}>
      <EmptyState title={t('group.joinConfirm')} description={code} testId="group-join" />
      <div className="group-actions">
        <Button
          block
          color="primary"
          loading={joinGroup.isPending}
          disabled={!code}
          onClick={() => void join()}
          data-testid="group-join-confirm"
        >
          {t('group.join')}
        </Button>
      </div>
    </Page>
  );
};

export default GroupJoinPage;
