import { RightOutline } from 'antd-mobile-icons';
import '../tickets.css';
import { navigate } from '../../../lib/router/navigate.ts';
import { ticketPaths } from '../kinds.ts';
import { ticketNoticeText } from '../notice-text.ts';

/** "Support answered your complaint #12", tappable: it opens the ticket with the reply (docs/product.md#tickets). */
export const TicketReplyNotice = ({ content }: { content: Record<string, unknown> }) => {
  const id = Number(content.id) || 0;
  const kind = content.kind === 'feedback' ? 'feedback' : 'complain';
  return (
    <button
      type="button"
      className="msg-notice ticket-reply-notice"
      disabled={!id}
      onClick={() => navigate({ path: ticketPaths[kind].detail, query: { id } })}
      data-testid={`ticket-reply-notice-${id}`}
    >
      {ticketNoticeText(content)}
      <RightOutline />
    </button>
  );
};
