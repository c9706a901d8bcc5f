import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useMoment } from '../../features/moments/index.ts';
import { CommentBar, MomentItem, useCommenting } from '../../features/moments/ui.ts';
import { useAuth } from '../../lib/auth.ts';

/** One moment (?id=) with all its likes and comments. */
const MomentDetailPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const moment = useMoment(id);
  const myId = useAuth((s) => s.user?.id ?? 0);
  const commenting = useCommenting();
  return (
    <Page title={t('titles.momentsDetail')} bodyClassName="moments-body">
      {moment.data ? (
        <MomentItem m={moment.data} myId={myId} onComment={commenting.open} linkToDetail={false} />
      ) : moment.isError ? (
        <LoadError error={moment.error} onRetry={() => void moment.refetch()} />
      ) : (
        <Loading />
      )}
      <CommentBar
        target={commenting.target}
        sending={commenting.sending}
        onSend={commenting.send}
        onClose={commenting.close}
      />
    </Page>
  );
};

export default MomentDetailPage;
