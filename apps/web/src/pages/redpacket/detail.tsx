import type { RedPacketDetail } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { myId } from '../../features/chat/index.ts';
import { isPastExpiry, useRedPacket } from '../../features/redpacket/index.ts';
import { showUsdt, signedMicro } from '../../features/wallet/index.ts';
import '../../features/redpacket/redpacket.css';
import { intlTag } from '../../lib/i18n/locale.ts';

const claimTime = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(intlTag(lang), {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/** "3 red packets, 3.00 USDT in all, 2 opened (1.20 USDT)" and the like, by state. */
const Summary = ({ p }: { p: RedPacketDetail }) => {
  const { t } = useTranslation();
  const values = {
    count: p.count,
    total: showUsdt(p.total),
    claimed: p.claimedCount,
    claimedAmount: showUsdt(p.claimedAmount),
  };
  const expired = p.status === 'expired' || (p.status === 'open' && isPastExpiry(p.expireTime, Date.now()));
  const key =
    p.status === 'finished'
      ? 'redPacket.detail.summaryFinished'
      : expired
        ? 'redPacket.detail.summaryExpired'
        : 'redPacket.detail.summaryOpen';
  return (
    <div className="rp-detail-summary" data-testid="rp-detail-summary" data-status={p.status}>
      {t(key, values)}
    </div>
  );
};

/** A red packet's claim list (WeChat's details page): my share, then who got how much, the luckiest marked. */
const RedPacketPage = () => {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const packet = useRedPacket(id, { fresh: true });
  const me = myId();

  let body: React.ReactNode;
  if (packet.isPending) body = <Loading />;
  else if (packet.error) body = <LoadError error={packet.error} onRetry={() => packet.refetch()} />;
  else {
    const p = packet.data;
    const refunded = signedMicro(p.refundedAmount) > 0n;
    body = (
      <div data-testid="rp-detail" data-packet={p.id}>
        <div className="rp-detail-head">
          <div className="rp-detail-sender">
            <UserAvatar src={p.sender.avatar} size={28} />
            <span>{t('redPacket.from', { name: p.sender.nickName })}</span>
            {p.kind === 'lucky' ? <span className="rp-lucky-badge">{t('redPacket.luckyBadge')}</span> : null}
          </div>
          <div className="rp-detail-greeting">{p.greeting || t('redPacket.defaultGreeting')}</div>
          {p.myAmount !== null ? (
            <>
              <div className="rp-detail-mine" data-testid="rp-detail-mine">
                {showUsdt(p.myAmount)}
                <small>{t('common.usdt')}</small>
              </div>
              <div className="rp-detail-saved">{t('redPacket.savedToWallet')}</div>
            </>
          ) : null}
        </div>
        <Summary p={p} />
        {refunded ? (
          <div className="rp-detail-refund" data-testid="rp-detail-refund">
            {t('redPacket.detail.refunded', { amount: showUsdt(p.refundedAmount), name: p.sender.nickName })}
          </div>
        ) : null}
        <div className="rp-claims" data-testid="rp-claims">
          {p.claims.map((c) => (
            <div
              key={c.userId}
              className={`rp-claim${c.userId === me ? ' me' : ''}`}
              data-testid={`rp-claim-${c.userId}`}
              data-amount={c.amount}
              data-luckiest={c.luckiest ? '1' : '0'}
            >
              <UserAvatar src={c.avatar} size={40} />
              <div className="rp-claim-main">
                <div className="rp-claim-name">{c.nickName}</div>
                <div className="rp-claim-time">{claimTime(c.createTime, i18n.language)}</div>
              </div>
              <div className="rp-claim-side">
                <span className="rp-claim-amount">
                  {t('common.usdtAmount', { amount: showUsdt(c.amount) })}
                </span>
                {c.luckiest ? <span className="rp-best">★ {t('redPacket.detail.best')}</span> : null}
              </div>
            </div>
          ))}
        </div>
      </div>
    );
  }

  return (
    <Page title={t('redPacket.detail.title')} bodyClassName="rp-detail-body">
      {body}
    </Page>
  );
};

export default RedPacketPage;
