import type { Ad, MerchantStats, OrderStatus } from '@chatpay/shared';
import { Tag } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard.ts';
import { durationParts, isKnownStatus } from '../logic.ts';

/** The current time, ticking every `ms` while mounted (live countdowns). */
export const useNow = (ms = 1000) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
};

const statusColor: Record<OrderStatus, string> = {
  pending: 'warning',
  payment: 'primary',
  completed: 'success',
  appealing: 'danger',
  canceled: 'default',
};

/**
 * An order status; anything this client does not know reads "unknown order status" (docs/product.md#errors).
 */
export const StatusTag = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  const known = isKnownStatus(status);
  return (
    <Tag color={known ? statusColor[status] : 'default'} fill="outline" data-testid="order-status-tag">
      {known ? t(`c2c.status.${status}`) : t('c2c.status.unknown')}
    </Tag>
  );
};

/** A duration in minutes and seconds, or a dash. */
export const useDuration = () => {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    const parts = durationParts(seconds);
    if (!parts) return '—';
    return parts.minutes > 0 ? t('c2c.duration.ms', parts) : t('c2c.duration.s', parts);
  };
};

/** 30-day merchant stats in one line (docs/product.md#merchants). */
export const StatsLine = ({ stats, testId }: { stats: MerchantStats; testId?: string }) => {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <div className="c2c-stats-line" data-testid={testId}>
      <span>{t('c2c.stats.orders', { n: stats.completedOrders })}</span>
      {stats.completionRate !== null ? (
        <span>{t('c2c.stats.rate', { rate: stats.completionRate })}</span>
      ) : null}
      {stats.avgReleaseSeconds !== null ? (
        <span>{t('c2c.stats.release', { time: duration(stats.avgReleaseSeconds) })}</span>
      ) : null}
      {stats.positiveRate !== null ? (
        <span data-testid={testId ? `${testId}-positive` : undefined}>
          {t('c2c.stats.positive', {
            rate: stats.positiveRate,
            n: stats.feedbackPositive + stats.feedbackNegative,
          })}
        </span>
      ) : null}
    </div>
  );
};

/** A trader's badges (verified merchant, …). */
export const Badges = ({ badges, testId }: { badges: MerchantStats['badges']; testId?: string }) => {
  const { t } = useTranslation();
  if (badges.length === 0) return null;
  return (
    <span className="c2c-badges" data-testid={testId}>
      {badges.map((b) => (
        <Tag key={b} color="success" fill="solid">
          {t(`c2c.badge.${b}`)}
        </Tag>
      ))}
    </span>
  );
};

/** What an ad asks of its takers, when anything. */
export const Requirements = ({ ad, testId }: { ad: Ad; testId?: string }) => {
  const { t } = useTranslation();
  const { minOrders, minDays, minLevel } = ad.requirements;
  // Level 1 is every order's (docs/design/identity.md): only a higher level is the ad's own requirement.
  if (minOrders === 0 && minDays === 0 && minLevel <= 1) return null;
  return (
    <div className="c2c-muted" data-testid={testId}>
      {t('c2c.requirements.title')}{' '}
      {[
        minLevel > 1 ? t('c2c.requirements.level', { level: minLevel }) : null,
        minOrders > 0 ? t('c2c.requirements.orders', { n: minOrders }) : null,
        minDays > 0 ? t('c2c.requirements.days', { n: minDays }) : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </div>
  );
};

/** A label and a value with a copy button (payee details, ids). */
export const CopyRow = ({ label, value, testId }: { label: string; value: string; testId: string }) => {
  const { t } = useTranslation();
  return (
    <div className="c2c-row">
      <span className="c2c-row-label">{label}</span>
      <span className="c2c-row-value" data-testid={testId}>
        {value}
      </span>
      <button
        type="button"
        className="c2c-copy"
        onClick={() => void copyText(value)}
        aria-label={t('common.copy')}
        data-testid={`${testId}-copy`}
      >
        {t('common.copy')}
      </button>
    </div>
  );
};

/** A label and a value. */
export const Row = ({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) => (
  <div className="c2c-row">
    <span className="c2c-row-label">{label}</span>
    <span className="c2c-row-value" data-testid={testId}>
      {value}
    </span>
  </div>
);

/** Shows an uploaded proof: a picture (a link to the original, named "View picture"), or a video with controls. */
export const Proof = ({ url }: { url: string }) => {
  const { t } = useTranslation();
  return /\.(mp4|webm|mov|m4v|ogv)(\?|$)/i.test(url) ? (
    // biome-ignore lint/a11y/useMediaCaption: user-uploaded proof has no captions
    <video className="c2c-proof" src={url} controls preload="metadata" />
  ) : (
    <a href={url} target="_blank" rel="noreferrer">
      <img className="c2c-proof" src={url} alt={t('chat.viewPicture')} />
    </a>
  );
};

/** A merchant's online mark: green when online now (switch on, within business hours), grey when not. */
export const OnlineDot = ({ online, testId }: { online: boolean; testId: string }) => {
  const { t } = useTranslation();
  return (
    <span
      className={`c2c-online-dot${online ? ' on' : ''}`}
      role="img"
      aria-label={online ? t('trade.online') : t('trade.offline')}
      title={online ? t('trade.online') : t('trade.offline')}
      data-testid={testId}
      data-online={online ? 'true' : 'false'}
    />
  );
};
