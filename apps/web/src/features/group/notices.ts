import { i18n, t } from '../../lib/i18n/index.ts';
import { intlTag } from '../../lib/i18n/locale.ts';
import type { NameOf, NoticeKind } from '../chat/index.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

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

/** A group's notices (members, mutes, name, announcement) need its members' names: without them, none. */
export const groupNotices: NoticeKind = {
  text: (_type, content, nameOf) => (nameOf ? groupNoticeText(content, nameOf) : null),
};
