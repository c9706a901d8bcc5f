import { tradeNotices } from '../features/c2c/chat-kinds.ts';
import { c2cKeys } from '../features/c2c/keys.ts';
import { registerBlockDependent } from '../features/chat/blocking.ts';
import { registerMessageKind, registerNoticeKind } from '../features/chat/kinds.ts';
import { groupNotices } from '../features/group/notices.ts';
import { redPacketKind } from '../features/redpacket/chat-kinds.ts';
import { ticketNotices } from '../features/tickets/chat-kinds.ts';
import { transferKind, walletNotices } from '../features/wallet/chat-kinds.ts';

/**
 * Wires the features into chat, as the server's `app.ts` wires its modules: every kind of message and notice
 * a feature posts into chats, and what a block changes. Chat imports none of them: it looks them up.
 * `main.tsx` calls this before the first render. Only previews and notice texts load here (the session list
 * shows them on the first screen); bubbles and cards load with the pages that show messages (routes.tsx).
 * The features' socket handlers start with the realtime engine (`app/realtime.ts`), which only a session
 * loads. Registering twice changes nothing.
 */
export const registerPlugins = () => {
  registerMessageKind('transfer', transferKind);
  registerMessageKind('redpacket', redPacketKind);
  registerNoticeKind('wallet', walletNotices);
  registerNoticeKind('c2c', tradeNotices);
  registerNoticeKind('ticket', ticketNotices);
  registerNoticeKind('group', groupNotices);
  // The market hides a blocked trader's ads.
  registerBlockDependent(c2cKeys.all);
};
