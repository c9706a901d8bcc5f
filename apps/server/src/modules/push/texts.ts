import type { Locale, MessageContentType, OrderStatus, TicketKind, TicketStatus } from '@chatpay/shared';

/** Notification texts in the member's language (the subscription's `lang`). */
interface Texts {
  newMessage: string;
  /** Put before the line of a message that @mentions the member. */
  mentioned: string;
  /** A collapsed notification of several messages. */
  messages: (n: number) => string;
  content: Partial<Record<MessageContentType, string>>;
  transfer: (amount: string) => string;
  orderTitle: string;
  order: Record<OrderStatus, string>;
  paySoon: (minutes: number) => string;
  releaseDueSeller: string;
  releaseDueBuyer: string;
  friendTitle: string;
  friendRequest: (name: string) => string;
  walletTitle: string;
  withdrawalDone: (amount: string) => string;
  withdrawalRejected: (amount: string, reason: string) => string;
  ticketTitle: Record<TicketKind, string>;
  ticketAnswered: Record<TicketStatus, string>;
  securityTitle: string;
  /** A sign-in from a device never used before: what it was (`Chrome on Windows`) and from where. */
  newDevice: (device: string, address: string) => string;
  /** The same without the details (previews off). */
  newDeviceHidden: string;
  unknownDevice: string;
  pinChanged: string;
}

const en: Texts = {
  newMessage: 'New message',
  mentioned: '[You were mentioned]',
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
  paySoon: (m) => `Pay within ${m} min or the order is canceled`,
  releaseDueSeller: 'The release time is up: check the payment and release the coins',
  releaseDueBuyer: 'The seller has not released yet: you can now appeal',
  friendTitle: 'Friend request',
  friendRequest: (name) => `${name} wants to be your friend`,
  walletTitle: 'Wallet',
  withdrawalDone: (amount) => `Your withdrawal of ${amount} USDT is completed`,
  withdrawalRejected: (amount, reason) =>
    `Your withdrawal of ${amount} USDT was rejected${reason ? `: ${reason}` : ''}; the amount is back in your balance`,
  ticketTitle: { complain: 'Complaint', feedback: 'Feedback' },
  ticketAnswered: {
    pending: 'Support answered you',
    processing: 'Support answered you: in progress',
    resolved: 'Support answered you: resolved',
    rejected: 'Support answered you: rejected',
  },
  securityTitle: 'Security alert',
  newDevice: (device, address) =>
    `New sign-in from ${device} (${address}). If this was not you, change your password now.`,
  newDeviceHidden: 'New sign-in from a new device. If this was not you, change your password now.',
  unknownDevice: 'an unknown device',
  pinChanged: 'Your payment PIN was changed. If this was not you, contact customer service now.',
};

const zh: Texts = {
  newMessage: '新消息',
  mentioned: '[有人@我]',
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
  paySoon: (m) => `请在 ${m} 分钟内付款，否则订单将被取消`,
  releaseDueSeller: '放币时间已到：请核对收款后放币',
  releaseDueBuyer: '卖家仍未放币：现在可以申诉',
  friendTitle: '好友申请',
  friendRequest: (name) => `${name} 请求添加你为好友`,
  walletTitle: '钱包',
  withdrawalDone: (amount) => `你的 ${amount} USDT 提现已完成`,
  withdrawalRejected: (amount, reason) =>
    `你的 ${amount} USDT 提现被拒绝${reason ? `：${reason}` : ''}，金额已退回余额`,
  ticketTitle: { complain: '投诉', feedback: '反馈' },
  ticketAnswered: {
    pending: '客服已回复你',
    processing: '客服已回复你：处理中',
    resolved: '客服已回复你：已解决',
    rejected: '客服已回复你：已驳回',
  },
  securityTitle: '安全提醒',
  newDevice: (device, address) => `新设备登录：${device}（${address}）。如非本人操作，请立即修改密码。`,
  newDeviceHidden: '你的账号在新设备上登录。如非本人操作，请立即修改密码。',
  unknownDevice: '未知设备',
  pinChanged: '你的支付密码已修改。如非本人操作，请立即联系客服。',
};

const vn: Texts = {
  newMessage: 'Tin nhắn mới',
  mentioned: '[Có người nhắc đến bạn]',
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
  paySoon: (m) => `Hãy thanh toán trong ${m} phút, nếu không đơn hàng sẽ bị hủy`,
  releaseDueSeller: 'Đã đến hạn giải phóng: hãy kiểm tra thanh toán và giải phóng coin',
  releaseDueBuyer: 'Người bán vẫn chưa giải phóng coin: bây giờ bạn có thể khiếu nại',
  friendTitle: 'Lời mời kết bạn',
  friendRequest: (name) => `${name} muốn kết bạn với bạn`,
  walletTitle: 'Ví',
  withdrawalDone: (amount) => `Lệnh rút ${amount} USDT của bạn đã hoàn tất`,
  withdrawalRejected: (amount, reason) =>
    `Lệnh rút ${amount} USDT của bạn bị từ chối${reason ? `: ${reason}` : ''}; số tiền đã được hoàn vào số dư`,
  ticketTitle: { complain: 'Khiếu nại', feedback: 'Góp ý' },
  ticketAnswered: {
    pending: 'Bộ phận hỗ trợ đã trả lời bạn',
    processing: 'Bộ phận hỗ trợ đã trả lời bạn: đang xử lý',
    resolved: 'Bộ phận hỗ trợ đã trả lời bạn: đã giải quyết',
    rejected: 'Bộ phận hỗ trợ đã trả lời bạn: bị từ chối',
  },
  securityTitle: 'Cảnh báo bảo mật',
  newDevice: (device, address) =>
    `Đăng nhập mới từ ${device} (${address}). Nếu không phải bạn, hãy đổi mật khẩu ngay.`,
  newDeviceHidden: 'Đăng nhập mới từ một thiết bị mới. Nếu không phải bạn, hãy đổi mật khẩu ngay.',
  unknownDevice: 'một thiết bị không xác định',
  pinChanged:
    'Mã PIN thanh toán của bạn đã được thay đổi. Nếu không phải bạn, hãy liên hệ bộ phận hỗ trợ ngay.',
};

const jp: Texts = {
  newMessage: '新着メッセージ',
  mentioned: '[あなたへのメンション]',
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
  paySoon: (m) => `${m} 分以内に支払ってください。過ぎると注文はキャンセルされます`,
  releaseDueSeller: 'リリース期限になりました：入金を確認してコインをリリースしてください',
  releaseDueBuyer: '売り手がまだリリースしていません：異議申し立てができます',
  friendTitle: '友だち申請',
  friendRequest: (name) => `${name} さんから友だち申請が届きました`,
  walletTitle: 'ウォレット',
  withdrawalDone: (amount) => `${amount} USDT の出金が完了しました`,
  withdrawalRejected: (amount, reason) =>
    `${amount} USDT の出金は却下されました${reason ? `：${reason}` : ''}。金額は残高に戻りました`,
  ticketTitle: { complain: '苦情', feedback: 'フィードバック' },
  ticketAnswered: {
    pending: 'サポートから返信がありました',
    processing: 'サポートから返信がありました：対応中',
    resolved: 'サポートから返信がありました：解決済み',
    rejected: 'サポートから返信がありました：却下',
  },
  securityTitle: 'セキュリティ通知',
  newDevice: (device, address) =>
    `${device}（${address}）から新しいログインがありました。心当たりがない場合は、すぐにパスワードを変更してください。`,
  newDeviceHidden:
    '新しい端末からログインがありました。心当たりがない場合は、すぐにパスワードを変更してください。',
  unknownDevice: '不明な端末',
  pinChanged: '支払いPINが変更されました。心当たりがない場合は、すぐにカスタマーサービスに連絡してください。',
};

const byLocale: Record<Locale, Texts> = { en, zh, vn, jp };

export const textsFor = (lang: string): Texts => byLocale[lang as Locale] ?? en;

export const PREVIEW_MAX = 120;

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

/**
 * Account notices that are security alerts (docs/design/push.md, "Security alerts"): pushed like a message of
 * their own, also to a device a login elsewhere signed out lately. Other notices are seen in the app only.
 */
const alertTypes = ['security.newDevice', 'security.pinChanged'] as const;
type AlertType = (typeof alertTypes)[number];

export const isAlertType = (type: unknown): type is AlertType =>
  typeof type === 'string' && (alertTypes as readonly string[]).includes(type);

/** The line of a security alert; with previews off, without the device and address. */
export const alertLine = (
  texts: Texts,
  type: AlertType,
  content: Record<string, unknown>,
  preview: boolean,
): string => {
  if (type === 'security.pinChanged') return texts.pinChanged;
  if (!preview) return texts.newDeviceHidden;
  const device = [content.browser, content.os].filter((v) => typeof v === 'string' && v).join(' / ');
  return texts.newDevice(device || texts.unknownDevice, String(content.address ?? ''));
};
