import type { ChatSession } from '@chatpay/shared';
import { t } from '../../lib/i18n/index.ts';
import { clockTime, localDate } from '../../lib/i18n/time.ts';
import { kindPreview, type NameOf, registeredNoticeText } from './kinds.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export type { NameOf } from './kinds.ts';

/** A name lookup over a group's members. */
export const memberNames =
  (members: readonly { userId: number; note: string; nickName: string }[] | undefined): NameOf =>
  (userId) => {
    const m = members?.find((x) => x.userId === userId);
    return m ? m.note || m.nickName : undefined;
  };

/** The one-line preview of a message by content type (session list, notices). */
export const previewText = (
  contentType: string | null,
  content: Record<string, unknown> | null,
  nameOf?: NameOf,
) => {
  switch (contentType) {
    case 'text':
      return str(content?.text);
    case 'image':
      return t('chat.preview.image');
    case 'voice':
      return t('chat.preview.voice');
    case 'video':
      return t('chat.preview.video');
    case 'file':
      return t('chat.preview.file');
    case 'notice':
      return noticeText(content, nameOf);
    default:
      // A feature's own kind (a transfer, a red packet): its registered preview.
      return kindPreview(contentType ?? '', content) ?? '';
  }
};

/** Server notices carry a type; the known ones are shown in the reader's language. */
export const noticeText = (content: Record<string, unknown> | null, nameOf?: NameOf) => {
  const type = str(content?.type);
  if (type === 'recall') return t('chat.notice.recall');
  if (type === 'friend' || type === 'friendConfirm') return t('chat.notice.friend');
  if (type === 'security.pinChanged') return t('security.notice.pinChanged');
  if (type === 'security.newDevice') {
    const device = [str(content?.browser), str(content?.os)].filter(Boolean).join(' · ');
    return t('security.notice.newDevice', {
      device: device || t('devices.unknown'),
      address: str(content?.address),
    });
  }
  // A feature's notices (a wallet's, an order's, a group's): their registered text.
  return registeredNoticeText(type, content, nameOf) || str(content?.text);
};

/** The end of an order number, enough to tell a member's orders apart where room is short. */
export const shortOrderNo = (orderNo: string) => (orderNo.length > 8 ? `…${orderNo.slice(-6)}` : orderNo);

/**
 * An order chat's title: `Order #…518105 · name` (not three identical rows named after the trader).
 * The list and the title bar have room for the end of the number only; the chat's order bar shows all of it.
 */
export const sessionTitle = (s: Pick<ChatSession, 'name' | 'trade'> & Partial<Pick<ChatSession, 'kind'>>) =>
  s.trade
    ? t('trade.chatTitle', { no: shortOrderNo(s.trade.orderNo), name: s.name })
    : s.kind === 'service'
      ? // The shared service account's name is the server's (English) seed: members read it in their language.
        // Staff answer these chats in the console, which names the member instead.
        t('chat.serviceName')
      : s.name;

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Session list time: today HH:mm, yesterday, this week the weekday, else the date. */
export const listTime = (iso: string, lang: string, now = new Date()) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (sameDay(d, now)) return clockTime(d, lang);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(d, yesterday)) return t('chat.yesterday');
  if (now.getTime() - d.getTime() < 6 * 86_400_000) return localDate(d, lang, { weekday: 'short' });
  return localDate(d, lang, { year: '2-digit', month: 'numeric', day: 'numeric' });
};

/** Chat separator time: the list form plus the clock for older days. */
export const separatorTime = (iso: string, lang: string, now = new Date()) => {
  const d = new Date(iso);
  const clock = clockTime(d, lang);
  return sameDay(d, now) ? clock : `${listTime(iso, lang, now)} ${clock}`;
};

/** A time separator goes above a message sent more than 5 minutes after the one before it. */
export const SEPARATOR_GAP_MS = 5 * 60_000;
export const needsSeparator = (prevIso: string | undefined, iso: string) =>
  !prevIso || new Date(iso).getTime() - new Date(prevIso).getTime() > SEPARATOR_GAP_MS;

export const sessionAvatar = (s: Pick<ChatSession, 'headimgs'>) => s.headimgs.split(',')[0] ?? '';

/** The index letter of a name: A-Z, anything else under '#'. */
export const indexLetter = (name: string) => {
  const first = name
    .trim()
    .charAt(0)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
};

/** Friends grouped A-Z (then '#'), each group sorted by name. */
export const groupByLetter = <T>(items: readonly T[], nameOf: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const letter = indexLetter(nameOf(item));
    groups.set(letter, [...(groups.get(letter) ?? []), item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({
      letter,
      items: [...list].sort((x, y) => nameOf(x).localeCompare(nameOf(y))),
    }));
};

export const fileSize = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};
