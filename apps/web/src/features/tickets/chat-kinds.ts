import { t } from '../../lib/i18n/index.ts';
import type { NoticeKind } from '../chat/index.ts';

/** Support answered a complaint or feedback: the notice in the member's service chat. */
export const ticketNotices: NoticeKind = {
  text: (type, content) =>
    type === 'ticket.replied'
      ? t(content?.kind === 'feedback' ? 'chat.notice.feedbackReplied' : 'chat.notice.complaintReplied', {
          id: Number(content?.id) || '',
        })
      : null,
};
