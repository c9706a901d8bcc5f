import { i18n, t } from '../../lib/i18n/index.ts';
import { dateTime } from '../../lib/i18n/time.ts';
import type { MessageKind, NoticeKind } from '../chat/index.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A transfer in a chat (op 'add'): an orange card with the amount and remark. */
export const transferKind: MessageKind = {
  preview: () => t('transfer.preview'),
  bare: true,
  Bubble: () => import('./components/TransferBubble.tsx').then((m) => m.TransferBubble),
};

/** Money that arrived by member id, a merchant's refund, a saved withdrawal address: the wallet's notices. */
export const walletNotices: NoticeKind = {
  text: (type, content) => {
    if (type === 'wallet.transferIn')
      return t('wallet.transferIn', {
        amount: str(content?.amount),
        name: str(content?.name) || str(content?.memberId),
      });
    if (type === 'wallet.addressAdded')
      return t('wallet.addressAdded', {
        label: str(content?.label),
        network: str(content?.network),
        address: str(content?.address),
        time: dateTime(str(content?.usableFrom), i18n.language),
      });
    if (type === 'wallet.payRefund')
      return t('wallet.payRefund', { amount: str(content?.amount), name: str(content?.name) });
    return null;
  },
};
