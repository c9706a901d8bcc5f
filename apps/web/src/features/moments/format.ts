import { t } from '../../lib/i18n/index.ts';
import { intlTag } from '../../lib/i18n/locale.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * WeChat-style post time: just now, N minutes ago, N hours ago, yesterday, N days ago (within a week),
 * then the date (with the year only when it is not this year).
 */
export const timeAgo = (iso: string, lang: string, now = new Date()) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const diff = now.getTime() - d.getTime();
  if (diff < MINUTE) return t('moments.time.justNow');
  if (diff < HOUR) return t('moments.time.minutes', { count: Math.floor(diff / MINUTE) });
  if (diff < DAY) return t('moments.time.hours', { count: Math.floor(diff / HOUR) });
  const days = Math.floor(diff / DAY);
  if (days === 1) return t('moments.time.yesterday');
  if (days < 7) return t('moments.time.days', { count: days });
  return d.toLocaleDateString(intlTag(lang), {
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
  });
};
