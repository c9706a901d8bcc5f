import { t } from '../../lib/i18n/index.ts';
import type { MessageKind } from '../chat/index.ts';

/** A red packet in a chat: a red card with its greeting, opened with a tap. */
export const redPacketKind: MessageKind = {
  preview: (content) => {
    const greeting = typeof content?.greeting === 'string' ? content.greeting : '';
    return `${t('redPacket.preview')} ${greeting || t('redPacket.defaultGreeting')}`;
  },
  bare: true,
  Bubble: () => import('./components/RedPacketBubble.tsx').then((m) => m.RedPacketBubble),
};
