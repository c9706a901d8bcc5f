import { randomUUID } from 'node:crypto';
import { chatTransferApi, redPacketApi } from '@chatpay/shared';
import { eq, sql } from 'drizzle-orm';
import { ledgerAccounts, redPackets } from '../../src/db/schema/index.ts';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import type { TestApp } from './app.ts';
import { balanceOf, TEST_PIN, type TestUser } from './factories.ts';

/** Available balances of several members, as decimal strings, in the order given. */
export const availableOf = async (t: TestApp, users: TestUser[]) =>
  Promise.all(users.map(async (u) => (await balanceOf(t, u)).available));

/** The books verify and every balance (members and system) sums to zero. */
export const expectBooksBalanced = async (t: TestApp) => {
  const report = await verifyLedger(t.database.db);
  if (!report.ok) throw new Error(`ledger does not verify: ${JSON.stringify(report).slice(0, 500)}`);
  const [row] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts);
  if (row?.sum !== '0') throw new Error(`accounts sum to ${row?.sum}, not 0`);
};

/** The red packet escrow holds exactly what open packets still hold (finished and expired hold nothing). */
export const expectEscrowMatchesPackets = async (t: TestApp) => {
  const [row] = await t.database.db
    .select({
      open: sql<string>`coalesce(sum(${redPackets.remainingAmount}) filter (where ${redPackets.status} = 'open'), 0)::text`,
      closed: sql<string>`coalesce(sum(${redPackets.remainingAmount}) filter (where ${redPackets.status} <> 'open'), 0)::text`,
    })
    .from(redPackets);
  const escrow = await systemBalance(t, 'redpacket');
  if (BigInt(row!.closed) !== 0n) throw new Error(`closed packets still hold ${row!.closed}`);
  if (escrow !== BigInt(row!.open)) throw new Error(`escrow ${escrow} but open packets hold ${row!.open}`);
};

/** A system account's balance in micro-USDT (0 when it does not exist yet). */
export const systemBalance = async (t: TestApp, code: string) => {
  const [row] = await t.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row?.balance ?? 0n;
};

export const chatTransfer = (
  t: TestApp,
  from: TestUser,
  sessionId: number,
  amount: string,
  extra: Partial<{ pin: string; requestId: string; remark: string }> = {},
) =>
  t.call(
    chatTransferApi.send,
    {
      sessionId,
      amount,
      pin: extra.pin ?? TEST_PIN,
      requestId: extra.requestId ?? randomUUID(),
      ...(extra.remark !== undefined ? { remark: extra.remark } : {}),
    },
    from.token,
  );

type PacketInput = { sessionId: number; kind?: 'equal' | 'lucky'; count?: number; amount: string } & Partial<{
  pin: string;
  requestId: string;
  greeting: string;
}>;

const packetInput = (input: PacketInput) => ({
  sessionId: input.sessionId,
  kind: input.kind ?? 'lucky',
  count: input.count ?? 1,
  amount: input.amount,
  pin: input.pin ?? TEST_PIN,
  requestId: input.requestId ?? randomUUID(),
  ...(input.greeting !== undefined ? { greeting: input.greeting } : {}),
});

export const sendPacket = (t: TestApp, from: TestUser, input: PacketInput) =>
  t.call(redPacketApi.send, packetInput(input), from.token);

/** Sends a packet that must succeed; answers its message and detail. */
export const sendPacketOk = (t: TestApp, from: TestUser, input: Parameters<typeof sendPacket>[2]) =>
  t.ok(redPacketApi.send, packetInput(input), from.token);

export const claim = (t: TestApp, user: TestUser, id: number) =>
  t.call(redPacketApi.claim, { id }, user.token);

/** Moves the deadline clock past a red packet's lifetime (the sweeper and claims then see it expired). */
export const passPacketLifetime = (t: TestApp) =>
  t.clock.advance((t.config.RED_PACKET_TTL_SECONDS + 1) * 1000);
