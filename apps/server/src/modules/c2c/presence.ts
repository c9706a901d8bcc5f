import { sql } from 'drizzle-orm';
import { c2cAds, c2cMerchants } from './tables.ts';

/** A merchant's online switch and business hours (UTC minutes of the day, [from, to); null = always). */
export interface Presence {
  online: boolean;
  hoursFrom: number | null;
  hoursTo: number | null;
}

const minuteOf = (now: Date) => now.getUTCHours() * 60 + now.getUTCMinutes();

/** Online now: the switch is on and now is within the hours (hours past midnight wrap: 22:00-06:00). */
export const isOnlineNow = (p: Presence, now: Date) => {
  if (!p.online) return false;
  if (p.hoursFrom === null || p.hoursTo === null) return true;
  const m = minuteOf(now);
  return p.hoursFrom < p.hoursTo ? m >= p.hoursFrom && m < p.hoursTo : m >= p.hoursFrom || m < p.hoursTo;
};

/** The same rule in SQL for an ad's owner, so the market sorts online merchants' ads first. */
export const adOwnerOnlineSql = (now: Date) => {
  const m = minuteOf(now);
  return sql<boolean>`coalesce((select ${c2cMerchants.online} and (${c2cMerchants.hoursFrom} is null or ${c2cMerchants.hoursTo} is null
    or (${c2cMerchants.hoursFrom} < ${c2cMerchants.hoursTo} and ${m}::int >= ${c2cMerchants.hoursFrom} and ${m}::int < ${c2cMerchants.hoursTo})
    or (${c2cMerchants.hoursFrom} > ${c2cMerchants.hoursTo} and (${m}::int >= ${c2cMerchants.hoursFrom} or ${m}::int < ${c2cMerchants.hoursTo})))
    from ${c2cMerchants} where ${c2cMerchants.userId} = ${c2cAds.userId}), false)`;
};
