import { groupApi } from '@chatpay/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Page } from '../../components/Page.tsx';
import { useGroupRun } from '../../features/chat/groups.ts';
import { call } from '../../lib/request.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

/** Opened from a scanned group QR code: join after confirming, then open the group chat. */
const GroupJoinPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const run = useGroupRun();
  const [busy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    const g = await run(() => call(groupApi.addByCode, { code }));
    setBusy(false);
    if (g) navigate({ path: Paths.chatIndex, query: { id: g.sessionId }, mode: 'redirectTo' });
  };
  return (
    <Page title={t('group.joinTitle')}>
      <EmptyState title={t('group.joinConfirm')} description={code} testId="group-join" />
      <div className="group-actions">
        <Button
          block
          color="primary"
          loading={busy}
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
