import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useSetTrusted, useTradeConfig, useTraderProfile } from '../../features/c2c/index.ts';
import { AdCard, Badges, OnlineDot, useDuration } from '../../features/c2c/ui.ts';
import { useAuth } from '../../lib/auth.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { intlTag } from '../../lib/i18n/locale.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';

const DAY = 86_400_000;

/** A trader's public profile: stats, badges, registration age, live ads and feedback received. */
const ProfilePage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId')) || 0;
  const profile = useTraderProfile(userId);
  const fiat = useTradeConfig().data?.fiat ?? '';
  const me = useAuth((s) => s.user?.id);
  const duration = useDuration();
  const setTrusted = useSetTrusted();

  if (profile.isPending) return <Page title={t('c2c.titles.profile')}>{<Loading />}</Page>;
  if (profile.isError)
    return (
      <Page title={t('c2c.titles.profile')}>
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      </Page>
    );
  const p = profile.data;
  const s = p.stats;
  const registered = s.registerTime;
  const tiles: [string, string, string][] = [
    ['stat-orders30', t('c2c.profile.orders30d'), String(s.orders30d)],
    ['stat-completion', t('c2c.my.completionRate'), s.completionRate ? `${s.completionRate}%` : '—'],
    ['stat-positive', t('c2c.profile.positiveRate'), s.positiveRate ? `${s.positiveRate}%` : '—'],
    ['stat-release', t('c2c.my.avgRelease'), duration(s.avgReleaseSeconds)],
  ];
  return (
    <Page title={t('c2c.titles.profile')}>
      <div className="c2c-card" data-testid="profile">
        <div className="c2c-ad-head">
          <UserAvatar src={p.avatar} size={40} />
          <span className="c2c-ad-merchant" data-testid="profile-name">
            {p.name}
          </span>
          <Badges badges={s.badges} testId="profile-badges" />
          {p.isMerchant ? (
            <span
              className="c2c-muted"
              data-testid="profile-online"
              data-online={p.online ? 'true' : 'false'}
            >
              <OnlineDot online={p.online} testId="profile-online-dot" />
              {p.online ? t('trade.online') : t('trade.offline')}
            </span>
          ) : null}
        </div>
        {me !== undefined && me !== p.userId ? (
          <Button
            size="small"
            color="primary"
            fill={p.trusted ? 'outline' : 'solid'}
            loading={setTrusted.isPending}
            onClick={() =>
              setTrusted.mutate(
                { userId: p.userId, trusted: !p.trusted },
                {
                  onSuccess: () => toast(t(p.trusted ? 'trade.trustedRemoved' : 'trade.trustedAdded')),
                  onError: toastError,
                },
              )
            }
            data-testid="profile-trust"
            data-trusted={p.trusted ? 'true' : 'false'}
          >
            {p.trusted ? t('trade.untrust') : t('trade.trust')}
          </Button>
        ) : null}
        {p.intro ? <div className="c2c-muted">{p.intro}</div> : null}
        {registered ? (
          <div className="c2c-muted" data-testid="profile-registered">
            {t('c2c.profile.registered', {
              date: new Date(registered).toLocaleDateString(intlTag(i18n.language)),
              n: Math.max(0, Math.floor((Date.now() - Date.parse(registered)) / DAY)),
            })}
          </div>
        ) : null}
        <div className="c2c-tiles" data-testid="profile-stats">
          {tiles.map(([id, label, value]) => (
            <div className="c2c-tile" key={id}>
              <div className="c2c-tile-value" data-testid={id}>
                {value}
              </div>
              <div className="c2c-tile-label">{label}</div>
            </div>
          ))}
        </div>
        <div className="c2c-muted" data-testid="profile-feedback-count">
          {t('c2c.profile.feedbackCount', { positive: s.feedbackPositive, negative: s.feedbackNegative })}
        </div>
      </div>

      <div className="c2c-card-title c2c-section-title">{t('c2c.profile.ads')}</div>
      {p.ads.length === 0 ? (
        <Empty description={t('c2c.profile.noAds')} />
      ) : (
        p.ads.map((ad) => (
          <AdCard
            key={ad.id}
            ad={ad}
            fiat={fiat}
            mine={ad.merchant.userId === me}
            onTrade={() => void navigate({ path: Paths.c2cTrans, query: { id: ad.id } })}
          />
        ))
      )}

      <div className="c2c-card" data-testid="profile-feedback">
        <div className="c2c-card-title">
          {t('c2c.profile.feedback')}
          {p.feedback.length > 0 ? (
            <button
              type="button"
              className="c2c-link"
              onClick={() => navigate({ path: Paths.c2cFeedback, query: { userId } })}
              data-testid="profile-feedback-all"
            >
              {t('c2c.profile.allFeedback')}
            </button>
          ) : null}
        </div>
        {p.feedback.length === 0 ? (
          <div className="c2c-muted">{t('c2c.profile.noFeedback')}</div>
        ) : (
          p.feedback.map((f) => (
            <div key={f.id} className="c2c-feedback-item" data-testid={`profile-feedback-${f.id}`}>
              <b className={f.positive ? 'c2c-feedback-positive' : 'c2c-feedback-negative'}>
                {t(f.positive ? 'c2c.feedback.positive' : 'c2c.feedback.negative')}
              </b>{' '}
              <span className="c2c-muted">{f.fromName}</span>
              {f.comment ? <div>{f.comment}</div> : null}
            </div>
          ))
        )}
      </div>
    </Page>
  );
};

export default ProfilePage;
