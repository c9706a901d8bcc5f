import {
  type Ad,
  cents,
  coinFor,
  feeOf,
  fiatFor,
  floatingPrice,
  formatFiat,
  formatUsdt,
  type MerchantCard,
  micro,
  type OrderReminderPayload,
  type OrderStatus,
  orderStatuses,
  type PricedAd,
  type PricingResult,
  parseFiat,
  parseUsdt,
  percentToBp,
  priceOrder,
} from '@chatpay/shared';

/** Pure market rules the pages share: units, countdowns, card names. What an order offers is its `actions`. */

const tryParse = <T>(fn: () => T): T | null => {
  try {
    return fn();
  } catch {
    return null;
  }
};

/** A fiat decimal string in cents, or null when it is not one. */
export const fiatCents = (text: string) => tryParse(() => parseFiat(text.trim()));
/** A USDT decimal string in micro-units, or null when it is not one. */
export const usdtMicro = (text: string) => tryParse(() => parseUsdt(text.trim()));

/** An ad as the market shows it (decimal strings) in the units of the shared pricing rules; null if unreadable. */
export const pricedAdOf = (ad: Pick<Ad, 'price' | 'remaining' | 'minLimit' | 'maxLimit' | 'useShare'>) => {
  const price = fiatCents(ad.price);
  const remaining = usdtMicro(ad.remaining);
  const minLimit = fiatCents(ad.minLimit);
  const maxLimit = fiatCents(ad.maxLimit);
  if (price === null || remaining === null || minLimit === null || maxLimit === null) return null;
  return { price, remaining, minLimit, maxLimit, useShare: ad.useShare } satisfies PricedAd;
};

export type TakeMode = 'fiat' | 'coin';

export interface OrderPreview {
  /** The coins and fiat: the typed side as typed, the other converted (null while the input is unreadable). */
  amountCoin: string | null;
  amountFiat: string | null;
  fee: string | null;
  /** What the buyer receives: the coins less the fee. */
  receive: string | null;
  /** The shared rules' verdict (null while the amount is not a positive number). */
  verdict: PricingResult | null;
}

/**
 * What the order page shows while an amount is typed into `ad` by fiat or by coins: the conversion, the fee
 * and the verdict of the same rules the server applies (packages/shared pricing.ts).
 */
export const previewOrder = (
  ad: Pick<Ad, 'price' | 'remaining' | 'minLimit' | 'maxLimit' | 'useShare'>,
  mode: TakeMode,
  text: string,
  feePercent: string,
): OrderPreview => {
  const priced = pricedAdOf(ad);
  const coin = mode === 'coin' ? usdtMicro(text) : null;
  const fiat = mode === 'fiat' ? fiatCents(text) : null;
  const coins = coin ?? (fiat !== null && priced ? coinFor(fiat, priced.price) : null);
  const fiats = fiat ?? (coin !== null && priced ? fiatFor(coin, priced.price) : null);
  const fee = coins === null ? null : tryParse(() => feeOf(coins, feePercent.trim()));
  const amount = coin !== null ? { coin } : fiat !== null ? { fiat } : null;
  const positive = coins !== null && fiats !== null && coins > 0n;
  return {
    amountCoin: mode === 'coin' ? text : coins === null ? null : formatUsdt(coins),
    amountFiat: mode === 'fiat' ? text : fiats === null ? null : formatFiat(fiats),
    fee: fee === null ? null : formatUsdt(fee),
    receive: coins === null || fee === null ? null : formatUsdt(micro(coins - fee)),
    verdict: priced && amount && positive ? priceOrder(priced, amount, feePercent.trim()) : null,
  };
};

/** Seconds from `now` until `deadline` (ISO), never below zero. */
export const secondsUntil = (deadline: string | null, now: number): number => {
  if (!deadline) return 0;
  const ms = Date.parse(deadline) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
};

const two = (n: number) => String(n).padStart(2, '0');

/** A countdown as mm:ss, or h:mm:ss from one hour on; zero and below show 00:00. */
export const formatCountdown = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
};

/** A duration for stats ("avg release 3m 20s"): parts as numbers so the page can translate the units. */
export const durationParts = (seconds: number | null) => {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const s = Math.max(0, Math.round(seconds));
  return { minutes: Math.floor(s / 60), seconds: s % 60 };
};

// ---- cards (docs/product.md#payment-methods)
// ----------------------------------------------------------------------------

export interface CardMeta {
  childType: string;
  name: string;
  bankName: string;
  cardNumber: string;
  account: string;
  publishKey: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Card metadata arrives as a JSON string (or already parsed); anything unreadable is empty. */
export const parseCardMeta = (metadata: unknown): CardMeta => {
  let raw: unknown = metadata;
  if (typeof metadata === 'string') raw = tryParse(() => JSON.parse(metadata) as unknown);
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    childType: str(o.childType),
    name: str(o.name),
    bankName: str(o.bankName),
    cardNumber: str(o.cardNumber),
    account: str(o.account),
    publishKey: str(o.publishKey),
  };
};

/**
 * A card's name (docs/product.md#payment-methods): a card without a name gets one from its metadata. Bank →
 * `name(bankName)` with the card number; Alipay and WeChat → name with the account; any other type →
 * `Stripe(name)` with publishKey.
 */
export const cardLabel = (card: Pick<MerchantCard, 'name' | 'code' | 'metadata'>) => {
  const meta = parseCardMeta(card.metadata);
  if (card.name) return { name: card.name, code: card.code, type: meta.childType, meta };
  const [name, code] =
    meta.childType === 'bank'
      ? [`${meta.name}(${meta.bankName})`, meta.cardNumber]
      : meta.childType === 'alipay' || meta.childType === 'wechat'
        ? [meta.name, meta.account]
        : [`Stripe(${meta.name})`, meta.publishKey];
  return { name, code: card.code || code, type: meta.childType, meta };
};

// ---- orders (docs/product.md#orders)
// ---------------------------------------------------------------------------

export const isKnownStatus = (status: unknown): status is OrderStatus =>
  typeof status === 'string' && (orderStatuses as readonly string[]).includes(status);

/** The order list's status tabs (docs/product.md#orders). */
export const ORDER_TABS = ['all', 'pending', 'payment', 'completed', 'appealing', 'canceled'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Whether two page paths (with optional queries) name the same page: same path, same query pairs. */
export const samePage = (a: string, b: string): boolean => {
  const norm = (p: string) => {
    const [path = '', query = ''] = p.split('?');
    const pairs = [...new URLSearchParams(query)].map(([k, v]) => `${k}=${v}`).sort();
    return `${path.replace(/\/+$/, '')}?${pairs.join('&')}`;
  };
  return norm(a) === norm(b);
};

/**
 * What an order status event does on the current page: nothing when its page is open; `open` its page when
 * the member is on a page of the same order (an `id` query on a market page equal to the order's); else a
 * `banner` offering it, so a new order never takes a member away from a chat or another flow
 * (docs/product.md#navigation).
 */
export const orderEventLanding = (page: string, current: string): 'stay' | 'open' | 'banner' => {
  if (samePage(page, current)) return 'stay';
  const idOf = (p: string) => new URLSearchParams(p.split('?')[1] ?? '').get('id');
  const onMarketPage = current.startsWith('/pages/c2c/');
  return onMarketPage && idOf(current) !== null && idOf(current) === idOf(page) ? 'open' : 'banner';
};

/**
 * Where a countdown reminder shows: it never takes the member anywhere (docs/product.md#navigation). On the
 * order's own page (which counts down already) a toast says it; anywhere else the order banner, with a tap to
 * open the order.
 */
export const reminderLanding = (page: string, current: string): 'toast' | 'banner' =>
  samePage(page, current) ? 'toast' : 'banner';

/** The text key of a reminder: pay within N minutes (buyer), release now (seller) or appeal now (buyer). */
export const reminderKey = (r: Pick<OrderReminderPayload, 'kind' | 'role'>) =>
  r.kind === 'payment-soon'
    ? 'c2c.reminder.paySoon'
    : r.role === 'seller'
      ? 'c2c.reminder.releaseSeller'
      : 'c2c.reminder.releaseBuyer';

/** The price a floating ad would have now ("7.31"), or a dash while the percent is not valid. */
export const floatPreview = (rate: string, percent: string) => {
  const rateCents = fiatCents(rate);
  if (rateCents === null || !/^\d{1,3}(\.\d{1,2})?$/.test(percent)) return '—';
  return formatFiat(cents(floatingPrice(rateCents, percentToBp(percent))));
};

const DAY_MINUTES = 1440;
const pad = (n: number) => String(n).padStart(2, '0');

/** UTC minutes of the day as this device's local "HH:MM" (the server keeps hours in UTC). */
export const localClock = (utcMinutes: number, offset = new Date().getTimezoneOffset()) => {
  const m = (((utcMinutes - offset) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};

/** A local "HH:MM" as UTC minutes of the day; null when it is not a time. */
export const utcMinutes = (clock: string, offset = new Date().getTimezoneOffset()) => {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) return null;
  const local = Number(match[1]) * 60 + Number(match[2]);
  return (((local + offset) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
};
