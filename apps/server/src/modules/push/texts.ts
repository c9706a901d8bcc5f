import type { Locale, MessageContentType, OrderStatus } from '@chatpay/shared';

/** Notification texts in the member's language (the subscription's `lang`). */
interface Texts {
  newMessage: string;
  /** A collapsed notification of several messages. */
  messages: (n: number) => string;
  content: Partial<Record<MessageContentType, string>>;
  transfer: (amount: string) => string;
  orderTitle: string;
  order: Record<OrderStatus, string>;
}

const en: Texts = {
  newMessage: 'New message',
  messages: (n) => `${n} new messages`,
  content: {
    image: '[Image]',
    video: '[Video]',
    voice: '[Voice message]',
    file: '[File]',
    redpacket: '[Red packet]',
    notice: '[Notice]',
  },
  transfer: (amount) => `Sent you a transfer of ${amount} USDT`,
  orderTitle: 'C2C order',
  order: {
    pending: 'New order: waiting for the buyer to pay',
    payment: 'The buyer has paid: check the payment and release the coins',
    completed: 'The order is completed',
    appealing: 'An appeal was opened on the order',
    canceled: 'The order was canceled',
  },
};

const zh: Texts = {
  newMessage: '新消息',
  messages: (n) => `${n} 条新消息`,
  content: {
    image: '[图片]',
    video: '[视频]',
    voice: '[语音]',
    file: '[文件]',
    redpacket: '[红包]',
    notice: '[通知]',
  },
  transfer: (amount) => `向你转账 ${amount} USDT`,
  orderTitle: 'C2C 订单',
  order: {
    pending: '新订单：等待买家付款',
    payment: '买家已付款：请核对收款后放币',
    completed: '订单已完成',
    appealing: '订单已进入申诉',
    canceled: '订单已取消',
  },
};

const vn: Texts = {
  newMessage: 'Tin nhắn mới',
  messages: (n) => `${n} tin nhắn mới`,
  content: {
    image: '[Hình ảnh]',
    video: '[Video]',
    voice: '[Tin nhắn thoại]',
    file: '[Tệp]',
    redpacket: '[Lì xì]',
    notice: '[Thông báo]',
  },
  transfer: (amount) => `Đã chuyển cho bạn ${amount} USDT`,
  orderTitle: 'Đơn hàng C2C',
  order: {
    pending: 'Đơn hàng mới: đang chờ người mua thanh toán',
    payment: 'Người mua đã thanh toán: hãy kiểm tra và giải phóng coin',
    completed: 'Đơn hàng đã hoàn tất',
    appealing: 'Đơn hàng đang được khiếu nại',
    canceled: 'Đơn hàng đã bị hủy',
  },
};

const jp: Texts = {
  newMessage: '新着メッセージ',
  messages: (n) => `新着メッセージ ${n} 件`,
  content: {
    image: '[画像]',
    video: '[動画]',
    voice: '[ボイスメッセージ]',
    file: '[ファイル]',
    redpacket: '[お年玉]',
    notice: '[お知らせ]',
  },
  transfer: (amount) => `${amount} USDT を送金しました`,
  orderTitle: 'C2C 注文',
  order: {
    pending: '新しい注文：買い手の支払い待ち',
    payment: '買い手が支払いました：入金を確認してコインをリリースしてください',
    completed: '注文が完了しました',
    appealing: '注文に異議申し立てがありました',
    canceled: '注文がキャンセルされました',
  },
};

const byLocale: Record<Locale, Texts> = { en, zh, vn, jp };

export const textsFor = (lang: string): Texts => byLocale[lang as Locale] ?? en;

const PREVIEW_MAX = 120;

/** One line describing a message: its text (shortened), or a label of its kind. */
export const messageLine = (
  texts: Texts,
  contentType: string,
  content: Record<string, unknown>,
  preview: boolean,
): string => {
  if (contentType === 'transfer') return texts.transfer(String(content.amount ?? ''));
  if (!preview) return texts.newMessage;
  if (contentType === 'text') {
    const text = String(content.text ?? '').replace(/\s+/g, ' ');
    return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  }
  return texts.content[contentType as MessageContentType] ?? texts.newMessage;
};
