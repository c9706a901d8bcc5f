import { c2cKeys, tradeNotices } from '../features/c2c/index.ts';
import { registerBlockDependent, registerMessageKind, registerNoticeKind } from '../features/chat/index.ts';
import { groupNotices } from '../features/group/index.ts';
import { identityNotices } from '../features/identity/index.ts';
import { redPacketKind } from '../features/redpacket/index.ts';
import { ticketNotices } from '../features/tickets/index.ts';
import { transferKind, walletNotices } from '../features/wallet/index.ts';

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
  registerNoticeKind('kyc', identityNotices);
  // The market hides a blocked trader's ads.
  registerBlockDependent(c2cKeys.all);
};
