import { intlTag } from './locale.ts';

/**
 * The one way the app writes a time (order pages wrote 12-hour, chats 24-hour): the reader's
 * language, a 24-hour clock everywhere, dates with the year. Chats, orders, the wallet, tickets and the
 * console all go through these.
 */
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/**
 * One formatter per language and shape: `toLocale…String` builds a new `Intl.DateTimeFormat` on every call,
 * which is most of the cost of rendering a chat page's times.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (lang: string, options: Intl.DateTimeFormatOptions) => {
  const tag = intlTag(lang);
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formatters.set(key, format);
  }
  return format;
};

/** A date in the reader's language, in the shape `options` asks for (`toLocaleDateString`, cached). */
export const localDate = (date: Date, lang: string, options: Intl.DateTimeFormatOptions) =>
  formatter(lang, options).format(date);

/** "14:05" in the reader's language. */
export const clockTime = (date: Date, lang: string) => formatter(lang, CLOCK).format(date);

/** Date and clock: "11/24/2026, 14:05" (en), "2026/11/24 14:05" (zh); '—' for no time. */
export const dateTime = (iso: string | null | undefined, lang: string, opts: { seconds?: boolean } = {}) => {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return formatter(lang, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...CLOCK,
    ...(opts.seconds ? { second: '2-digit' } : {}),
  }).format(d);
};
