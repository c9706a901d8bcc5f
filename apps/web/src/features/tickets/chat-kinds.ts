import type { NoticeKind } from '../chat/index.ts';
import { ticketNoticeText } from './notice-text.ts';

/** Support answered a complaint or feedback: the notice in the member's service chat opens the ticket. */
export const ticketNotices: NoticeKind = {
  text: (type, content) => (type === 'ticket.replied' ? ticketNoticeText(content) : null),
  cards: {
    'ticket.replied': () => import('./components/TicketReplyNotice.tsx').then((m) => m.TicketReplyNotice),
  },
};
