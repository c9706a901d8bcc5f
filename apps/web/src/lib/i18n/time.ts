import { intlTag } from './locale.ts';

/**
 * The one way the app writes a time (issue 17: order pages wrote 12-hour, chats 24-hour): the reader's
 * language, a 24-hour clock everywhere, dates with the year. Chats, orders, the wallet, tickets and the
 * console all go through these.
 */
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** "14:05" in the reader's language. */
export const clockTime = (date: Date, lang: string) => date.toLocaleTimeString(intlTag(lang), CLOCK);

/** Date and clock: "11/24/2026, 14:05" (en), "2026/11/24 14:05" (zh); '—' for no time. */
export const dateTime = (iso: string | null | undefined, lang: string, opts: { seconds?: boolean } = {}) => {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString(intlTag(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...CLOCK,
    ...(opts.seconds ? { second: '2-digit' } : {}),
  });
};
