import type { ChatSession } from '@chatpay/shared';
import { i18n, t } from '../../lib/i18n/index.ts';
import { intlTag } from '../../lib/i18n/locale.ts';
import { clockTime, localDate } from '../../lib/i18n/time.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A member's name in a group (their alias there, else their nick name); undefined when not known. */
export type NameOf = (userId: number) => string | undefined;

/** A name lookup over a group's members. */
export const memberNames =
  (members: readonly { userId: number; note: string; nickName: string }[] | undefined): NameOf =>
  (userId) => {
    const m = members?.find((x) => x.userId === userId);
    return m ? m.note || m.nickName : undefined;
  };

/** A mute's length in the reader's language, in its largest whole unit: "1 hour", "7 days", "10 minutes". */
export const muteDuration = (minutes: number, language = i18n.language) => {
  const [unit, count] =
    minutes % 1440 === 0
      ? (['day', minutes / 1440] as const)
      : minutes % 60 === 0
        ? (['hour', minutes / 60] as const)
        : (['minute', minutes] as const);
  return new Intl.NumberFormat(intlTag(language), { style: 'unit', unit, unitDisplay: 'long' }).format(count);
};

/**
 * A group notice in the reader's language, from its type and the members' names; null when the type is not
 * known here or a name is missing (a member who has left), so the server's English text is shown instead.
 */
export const groupNoticeText = (content: Record<string, unknown> | null, nameOf: NameOf) => {
  const type = str(content?.type);
  if (!type.startsWith('group.')) return null;
  const kind = type.slice('group.'.length);
  const cleared = kind === 'announcement' && !str(content?.announcement);
  const key = `chat.notice.group.${cleared ? 'announcementCleared' : kind}`;
  if (!i18n.exists(key)) return null;
  // The names as they were when the notice was posted, for members who have since left the group.
  const then = (content?.names ?? {}) as Record<string, unknown>;
  const name = (id: unknown) =>
    typeof id === 'number' ? (nameOf(id) ?? (str(then[String(id)]) || undefined)) : undefined;
  const a = name(content?.operatorId);
  const ids = Array.isArray(content?.userIds) ? content.userIds : [];
  const names = ids.map(name);
  if (!a || names.some((n) => !n)) return null;
  return t(key, {
    a,
    b: names.join(t('chat.notice.separator')),
    name: str(content?.name),
    // The announcement itself is posted into the chat with the notice (empty: it was cleared).
    announcement: str(content?.announcement),
    duration: typeof content?.minutes === 'number' ? muteDuration(content.minutes) : '',
  });
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
    case 'transfer':
      return t('transfer.preview');
    case 'redpacket': {
      const greeting = str(content?.greeting);
      return `${t('redPacket.preview')} ${greeting || t('redPacket.defaultGreeting')}`;
    }
    default:
      return '';
  }
};

/** Server notices carry a type; the known ones are shown in the reader's language. */
export const noticeText = (content: Record<string, unknown> | null, nameOf?: NameOf) => {
  const type = str(content?.type);
  if (type === 'recall') return t('chat.notice.recall');
  if (type === 'friend' || type === 'friendConfirm') return t('chat.notice.friend');
  if (type === 'security.pinChanged') return t('security.notice.pinChanged');
  if (type === 'wallet.transferIn')
    return t('wallet.transferIn', {
      amount: str(content?.amount),
      name: str(content?.name) || str(content?.memberId),
    });
  if (type === 'wallet.payRefund')
    return t('wallet.payRefund', { amount: str(content?.amount), name: str(content?.name) });
  if (type.startsWith('c2c.')) {
    const trade = tradeNoticeText(type, content);
    if (trade) return trade;
  }
  if (type === 'ticket.replied')
    return t(content?.kind === 'feedback' ? 'chat.notice.feedbackReplied' : 'chat.notice.complaintReplied', {
      id: Number(content?.id) || '',
    });
  return (nameOf && groupNoticeText(content, nameOf)) || str(content?.text);
};

/**
 * Order chat and merchant notices in the reader's language: who appealed and why, what support decided,
 * the order's start, terms and payment details. Null for a type not known here.
 */
const tradeNoticeText = (type: string, content: Record<string, unknown> | null) => {
  const no = str(content?.orderNo);
  const text = str(content?.text);
  switch (type) {
    case 'c2c.order':
      return no ? t('trade.notice.started', { no }) : null;
    case 'c2c.appeal': {
      const code = str(content?.reasonCode);
      const reason = code ? t(`c2c.appeal.reasons.${code}`, { defaultValue: code }) : '';
      const said = [reason, text].filter(Boolean).join(' · ');
      return t(content?.by === 'buyer' ? 'trade.notice.buyerAppealed' : 'trade.notice.sellerAppealed', {
        reason: said,
      });
    }
    case 'c2c.resolve':
      return t(
        content?.result === 'completed' ? 'trade.notice.decidedRelease' : 'trade.notice.decidedCancel',
        {
          note: text,
        },
      );
    case 'c2c.terms':
      return t('trade.notice.terms', { terms: str(content?.terms) });
    case 'c2c.payee':
      return t('trade.notice.payee');
    case 'c2c.merchantApproved':
      return t('trade.notice.merchantApproved');
    case 'c2c.merchantRejected':
      return t('trade.notice.merchantRejected', { note: str(content?.note) || '-' });
    default:
      return null;
  }
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
