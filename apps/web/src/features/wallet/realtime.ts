import { type WalletPayload, walletPayload } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { t } from '../../lib/i18n/index.ts';
import { onServerEvent, onSocketConnect } from '../../lib/socket.ts';
import { onChatMessage } from '../chat/index.ts';
import { showUsdt } from './amount.ts';
import { balanceEvents, messageMovesBalance, refreshBalanceAfter } from './balance-events.ts';
import { walletKeys } from './keys.ts';

let started = false;

/**
 * Listens once, for the whole session: whatever page is open, every balance on screen follows the money that
 * moves (`balance-events.ts`), and a member who receives money is told who sent it.
 */
/** The toast layer pulls in antd-mobile: loaded on first use, so this module stays light (and testable). */
const toastLater = (text: string) => void import('../../lib/toast.ts').then(({ toast }) => toast(text));

export const startWalletRealtime = (client: QueryClient, say: (text: string) => void = toastLater) => {
  if (started) return;
  started = true;
  for (const event of Object.keys(balanceEvents) as (keyof typeof balanceEvents)[]) {
    onServerEvent(event, (raw) => refreshBalanceAfter(client, event, raw));
  }
  // A transfer or a red packet in a chat is received at once: the wallet shows it without a refresh.
  onChatMessage((m) => {
    if (messageMovesBalance(m)) void client.invalidateQueries({ queryKey: walletKeys.all });
  });
  // Events sent while the socket was down are not sent again: after a (re)connect the balance is read again.
  onSocketConnect(() => void client.invalidateQueries({ queryKey: walletKeys.all }));
  // Money moved without a chat message of its own: say why.
  onServerEvent('wallet', (raw) => {
    const parsed = walletPayload.safeParse(raw);
    if (!parsed.success) return;
    say(walletEventText(parsed.data));
  });
};

/** What the toast says of a balance change that came without a chat message. */
export const walletEventText = (e: WalletPayload) => {
  switch (e.kind) {
    case 'transferIn':
      return t('wallet.transferIn', { amount: showUsdt(e.amount), name: e.from.nickName || e.from.memberId });
    case 'payRefund':
      return t('wallet.payRefund', { amount: showUsdt(e.amount), name: e.merchant.name });
    case 'adjusted':
      return e.amount.startsWith('-')
        ? t('wallet.adjustedOut', { amount: showUsdt(e.amount.slice(1)) })
        : t('wallet.adjustedIn', { amount: showUsdt(e.amount) });
    case 'payIn':
      return t('wallet.payIn', { amount: showUsdt(e.amount), orderNo: e.orderNo });
  }
};
