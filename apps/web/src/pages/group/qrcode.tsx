import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { groupJoinLink, useGroupInfo } from '../../features/group/index.ts';
import { copyText } from '../../lib/clipboard.ts';

/** The group QR code: a link to this app's join page for the group's code. */
const GroupQrPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const info = useGroupInfo(Number(params.get('id')) || 0);
  const g = info.data;
  if (!g) {
    return (
      <Page title={t('group.qr')}>
        {info.isError ? <LoadError error={info.error} onRetry={() => void info.refetch()} /> : <Loading />}
      </Page>
    );
  }
  const link = groupJoinLink(g.code);
  return (
    <Page title={t('group.qr')}>
      <div className="qr-card">
        <div className="profile-name" data-testid="group-qr-name">
          {g.name}
        </div>
        <div className="qr-code" data-testid="group-qr-code" data-link={link}>
          <QRCodeSVG value={link} size={220} level="M" marginSize={0} title={t('group.qrHint')} />
        </div>
        <p className="qr-hint">{t('group.qrHint')}</p>
        <Button size="small" onClick={() => void copyText(link)} data-testid="group-qr-copy">
          {t('group.copyLink')}
        </Button>
      </div>
    </Page>
  );
};

export default GroupQrPage;
