import { type ConsoleBadgeKind, consoleBadgeKinds } from '@chatpay/shared';

const kinds: readonly string[] = consoleBadgeKinds;
/** A `console` socket event names the queue where something new arrived (the menu's badges count them). */
export const isBadgeKind = (value: unknown): value is ConsoleBadgeKind =>
  typeof value === 'string' && kinds.includes(value);
