import type { MerchantCard, PaymentMethod, PaymentType } from '@chatpay/shared';
import { mask } from './crypto.ts';
import type { c2cPaymentMethods } from './tables.ts';

export type MethodRow = typeof c2cPaymentMethods.$inferSelect;

/**
 * The card view (docs/product.md#payment-methods): bank → `name(bankName)` with the card number; Alipay and
 * WeChat → name with the account; a card provider → `Stripe(name)` with the publishKey. `masked` hides card
 * numbers and accounts from others.
 */
export const presentCard = (m: MethodRow, masked = false): MerchantCard => {
  const hide = (s: string) => (masked ? mask(s.replace(/\s/g, '')) : s);
  const cardNumber = hide(m.cardNumber);
  const account = hide(m.account);
  const metadata = {
    childType: m.type,
    name: m.name,
    bankName: m.bankName,
    cardNumber,
    account,
    publishKey: m.publishKey,
  };
  const [name, code] =
    m.type === 'bank'
      ? [`${m.name}(${m.bankName})`, cardNumber]
      : m.type === 'alipay' || m.type === 'wechat'
        ? [m.name, account]
        : [`Stripe(${m.name})`, m.publishKey];
  return { id: m.id, type: m.type, name, code, metadata: JSON.stringify(metadata) };
};

/** The owner's view of a payment method: everything but the secret key (masked). */
export const presentMethod = (m: MethodRow, secretTail: string): PaymentMethod => ({
  id: m.id,
  type: m.type as PaymentType,
  name: m.name,
  account: m.account,
  qrCode: m.qrCode,
  bankName: m.bankName,
  cardNumber: m.cardNumber,
  branch: m.branch,
  iban: m.iban,
  publishKey: m.publishKey,
  secretKeyMasked: mask(secretTail),
  dailyMaxOrders: m.dailyMaxOrders,
  card: presentCard(m),
  createTime: m.createTime.toISOString(),
});

/** What an order copies of the seller's method: what the buyer needs to pay, never a secret. */
export const payeeOf = (m: MethodRow): Record<string, string> => {
  const all: Record<string, string> = {
    type: m.type,
    name: m.name,
    account: m.account,
    qrCode: m.qrCode,
    bankName: m.bankName,
    cardNumber: m.cardNumber,
    branch: m.branch,
    iban: m.iban,
    publishKey: m.publishKey,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== ''));
};
