import { t } from '../../lib/i18n/index.ts';
import type { NoticeKind } from '../chat/index.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Order chat and merchant notices in the reader's language: who appealed and why, what support decided,
 * the order's start, its terms and the seller's payment details. Null for a type not known here.
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

/** An order chat's notices; the seller's payment details are a card of their own. */
export const tradeNotices: NoticeKind = {
  text: (type, content) => tradeNoticeText(type, content),
  cards: {
    'c2c.payee': () => import('./components/TradeNotice.tsx').then((m) => m.PayeeNotice),
  },
};
