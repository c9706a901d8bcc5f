import { t } from '../../lib/i18n/index.ts';
import type { NoticeKind } from '../chat/index.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The review's outcome in the member's customer-service chat, in the reader's language: approved, or not
 * accepted with the reason (`identity.reason.*`) and the reviewer's note.
 */
export const identityNotices: NoticeKind = {
  text: (type, content) => {
    const level = Number(content?.level) || 1;
    if (type === 'kyc.approved') return t('identity.notice.approved', { level });
    if (type === 'kyc.rejected') {
      const code = str(content?.reasonCode) || 'other';
      const note = str(content?.note);
      return t('identity.notice.rejected', {
        level,
        reason: [t(`identity.reason.${code}`, { defaultValue: code }), note].filter(Boolean).join(' · '),
      });
    }
    return null;
  },
};
