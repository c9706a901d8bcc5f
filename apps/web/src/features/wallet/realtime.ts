import { walletPayload } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { t } from '../../lib/i18n/index.ts';
import { onServerEvent } from '../../lib/socket.ts';
import { onChatMessage } from '../chat/index.ts';
import { showUsdt } from './amount.ts';
import { walletKeys } from './keys.ts';

let started = false;

/** Listens once: money that arrives shows in an open wallet at once, and its member is told who sent it. */
export const startWalletRealtime = (client: QueryClient) => {
  if (started) return;
  started = true;
  // A transfer to me is received at once: the wallet shows it without a refresh.
  onChatMessage((m) => {
    if (m.contentType === 'transfer') void client.invalidateQueries({ queryKey: walletKeys.all });
  });
  // Money arrived by member id or a merchant's refund.
  onServerEvent('wallet', (raw) => {
    const parsed = walletPayload.safeParse(raw);
    if (!parsed.success) return;
    void client.invalidateQueries({ queryKey: walletKeys.all });
    const e = parsed.data;
    const text =
      e.kind === 'transferIn'
        ? t('wallet.transferIn', { amount: showUsdt(e.amount), name: e.from.nickName || e.from.memberId })
        : t('wallet.payRefund', { amount: showUsdt(e.amount), name: e.merchant.name });
    // The toast layer pulls in antd-mobile: loaded on first use, so this module stays light (and testable).
    void import('../../lib/toast.ts').then(({ toast }) => toast(text));
  });
};
