import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@chatpay/shared';
import { describe, expect, it } from 'vitest';

/**
 * Every member-facing server call has its place in the app, or is named here with why it has
 * none; the README's "Calls without a screen" lists the same. A new call without a screen fails this test
 * until it gets one or a reason; a listed call that gained a screen fails it too, so the list stays true.
 */
const WITHOUT_A_SCREEN: Record<string, string> = {
  'adminUserApi.page':
    "superseded in the console by the member search (consoleApi), kept for SPEC §7's admin API",
  'baseApi.eps': 'SPEC §7: the route table for API clients, not a page',
  'friendApi.addByCode': 'for native clients: the web app adds a scanned contact through its member page',
  'friendApi.page': 'the contacts tab loads the whole list (friend/list) to group it by letter',
  'healthApi.health': "the load balancer's probe",
  'healthApi.ready': "the load balancer's readiness probe (docs/design/faults.md)",

  'mccApi.transfer': "the MCC API for a merchant's guest accounts (wallet/transfer is the app's call)",
  'mccApi.balance': "the MCC API for a merchant's guest accounts (wallet/info is the app's call)",
  'merchantOpenApi.balance': "the merchant's own server, signed (HMAC)",
  'merchantOpenApi.orderPage': "the merchant's own server, signed (HMAC)",
  'merchantOpenApi.orderInfo': "the merchant's own server, signed (HMAC)",
  'merchantPayApi.create': "the merchant's own server creates checkouts, signed (HMAC)",
  'merchantPayApi.info': "the merchant's own server, signed (HMAC)",
  'merchantPayApi.refund': "the merchant's own server, signed (HMAC)",
  'messageApi.callback': 'delivery receipts of native clients; the web app reports reading (message/read)',
  'messageApi.signPushId': 'native push ids; the web app registers Web Push subscriptions (push/subscribe)',
  'sessionApi.find': 'for API clients; the app opens a chat with session/create, which finds it first',
  'sessionApi.info': 'for API clients; the chat page reads session/detail',
  'testClockApi.advance': 'tests only (TEST_CLOCK=true), refused in production',
  'testKycApi.grant':
    'tests only (TEST_KYC_GRANT=true): verified members without a review; refused in production',
  'userApi.verifyPayPassword': 'every money call checks the PIN itself; there is no separate step',
};

/** How the app names a call of a group it reaches through another name (the tickets share one screen). */
const ALIASES: Record<string, string[]> = {
  appComplainApi: ['ticketApis.complain', 'ticketApis[kind]'],
  appFeedbackApi: ['ticketApis.feedback', 'ticketApis[kind]'],
};

const appSources = () => {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !name.includes('.test.')) out.push(fs.readFileSync(file, 'utf8'));
    }
  };
  walk(import.meta.dirname);
  return out.join('\n');
};

const endpointsOf = () =>
  Object.entries(contract).flatMap(([group, value]) =>
    group.endsWith('Api') && value && typeof value === 'object'
      ? Object.entries(value as Record<string, { path?: unknown }>)
          .filter(([, endpoint]) => typeof endpoint?.path === 'string')
          .map(([name]) => ({ group, name }))
      : [],
  );

describe('every server call has a screen or a reason', () => {
  const source = appSources();
  const used = ({ group, name }: { group: string; name: string }) =>
    [group, ...(ALIASES[group] ?? [])].some((prefix) => source.includes(`${prefix}.${name}`));

  it('each call without a screen is listed with why', () => {
    const missing = endpointsOf()
      .filter((e) => !e.group.startsWith('console') && !used(e))
      .map((e) => `${e.group}.${e.name}`)
      .filter((key) => !(key in WITHOUT_A_SCREEN));
    expect(missing).toEqual([]);
  });

  it('the list names only calls that exist and still have no screen', () => {
    const all = new Map(endpointsOf().map((e) => [`${e.group}.${e.name}`, e]));
    const stale = Object.keys(WITHOUT_A_SCREEN).filter((key) => {
      const e = all.get(key);
      return !e || used(e);
    });
    expect(stale).toEqual([]);
  });
});
