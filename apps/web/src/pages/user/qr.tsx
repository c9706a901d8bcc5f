import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { usePerson } from '../../features/user/index.ts';
import { copyText } from '../../lib/clipboard.ts';
import { Paths } from '../../lib/router/paths.ts';
import { buildUrl } from '../../lib/router/url.ts';

/** The link a scanner opens: this app's user-detail page for my invite code. */
export const userQrLink = (shareCode: string) =>
  `${window.location.origin}${window.location.pathname}#${buildUrl(Paths.chatUserDetail, { code: shareCode })}`;

/** My QR code: a card with avatar, nickname, member id and the QR of my user-detail link. */
const QrPage = () => {
  const { t } = useTranslation();
  const person = usePerson();
  const user = person.data;
  if (!user) {
    return (
      <Page title={t('titles.userQr')}>
        {person.isError ? (
          <LoadError error={person.error} onRetry={() => void person.refetch()} />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  const link = userQrLink(user.shareCode);
  return (
    <Page title={t('titles.userQr')}>
      <div className="qr-card">
        <div className="qr-head">
          <UserAvatar src={user.avatar} size={56} testId="qr-avatar" />
          <div>
            <div className="profile-name" data-testid="qr-nickname">
              {user.nickName}
            </div>
            <div className="profile-sub" data-testid="qr-member-id">
              {t('qr.memberId', { id: user.memberId })}
            </div>
          </div>
        </div>
        <div className="qr-code" data-testid="qr-code" data-link={link}>
          <QRCodeSVG value={link} size={220} level="M" marginSize={0} title={t('qr.hint')} />
        </div>
        <p className="qr-hint">{t('qr.hint')}</p>
        <p className="qr-share" data-testid="qr-share-code">
          {t('qr.shareCode', { code: user.shareCode })}
        </p>
      </div>
      <div className="page-actions">
        <Button block fill="outline" color="primary" onClick={() => copyText(link)} data-testid="qr-copy">
          {t('qr.copyLink')}
        </Button>
      </div>
    </Page>
  );
};

export default QrPage;
