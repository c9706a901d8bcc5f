import type { WalletEntry } from '@chatpay/shared';
import type { TFunction } from 'i18next';
import { showUsdtUnit } from './amount.ts';

/** `c2c-sell` → `c2cSell`: the key of an action's label. */
const camel = (text: string) => text.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());

/** Freezes and unfreezes move my own coins: shown apart, in a neutral colour, never as + or −. */
export const isNeutral = (entry: WalletEntry) => entry.flow === 'freeze' || entry.flow === 'unfreeze';

/** The other member as a line names them: nickname, else member id. */
const nameOf = (entry: WalletEntry) => entry.counterparty?.nickName || entry.counterparty?.memberId || '';

/** What the member did: "Sold USDT", "Transfer to Bob", "Withdrawal"… */
export const entryTitle = (t: TFunction, entry: WalletEntry) => {
  const name = nameOf(entry);
  const key = `wallet.action.${camel(entry.action)}`;
  const withName = `${key}Named`;
  return name && t(withName, { defaultValue: '' }) ? t(withName, { name }) : t(key);
};

/** The business record a line belongs to: "Order #…" for C2C and store orders, "Ad #…" for an ad's freeze. */
export const entryReference = (t: TFunction, entry: WalletEntry) => {
  const ref = entry.reference;
  if (!ref) return '';
  if (ref.type === 'c2c-order' || ref.type === 'pay-order')
    return t('wallet.ref.order', { no: ref.no ?? ref.id });
  if (ref.type === 'c2c-ad') return t('wallet.ref.ad', { no: ref.id });
  if (ref.type === 'chain-withdrawal' || ref.type === 'chain-deposit')
    return t('wallet.ref.chain', { no: ref.id });
  return '';
};

/** The amount as the line shows it: "+9.99 USDT", "-65.06 USDT", or "Frozen 10.00 USDT" for a freeze. */
export const entryAmount = (t: TFunction, entry: WalletEntry, showSigned: (text: string) => string) =>
  isNeutral(entry)
    ? t(`wallet.flow.${entry.flow}`, { amount: showUsdtUnit(entry.moved) })
    : `${showSigned(entry.amount)} USDT`;

/** An entry's state in words; a ledger entry without a business record is final. */
export const entryStatus = (t: TFunction, entry: WalletEntry) =>
  entry.status
    ? t(`wallet.status.${camel(entry.status)}`, { defaultValue: entry.status })
    : t('wallet.status.done');
