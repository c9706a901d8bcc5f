import { t } from '../../lib/i18n/index.ts';

/** "Support answered your complaint #12" in the reader's language. */
export const ticketNoticeText = (content: Record<string, unknown> | null) =>
  t(content?.kind === 'feedback' ? 'chat.notice.feedbackReplied' : 'chat.notice.complaintReplied', {
    id: Number(content?.id) || '',
  });
