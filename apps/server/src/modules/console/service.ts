import {
  type ConsoleBadgeKind,
  cents,
  consoleBadgeKinds,
  ErrorCode,
  formatFiat,
  formatUsdt,
  hasPermission,
  micro,
  type OrderStatus,
} from '@chatpay/shared';
import { and, asc, count, desc, eq, gte, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { appTickets } from '../app/index.ts';
import { auditLogs } from '../audit/index.ts';
import { c2cMerchants, c2cOrders } from '../c2c/index.ts';
import { type ChainRuntime, chainStats, chainWithdrawals } from '../chain/index.ts';
import { unreadServiceConversations } from '../chat/index.ts';
import { kycSubmissions } from '../kyc/index.ts';
import {
  lastLedgerCheck,
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  memberBalances,
  verifyLedger,
} from '../ledger/index.ts';
import { pushSubscriptions } from '../push/index.ts';
import { latestSummary } from '../reserves/index.ts';
import { presentMember, refreshTokens, staffRequests, users } from '../user/index.ts';
import { presentBalance, walletAdjustRequests } from '../wallet/index.ts';
import { badgePermissions } from './menu.ts';

/** The dashboard's charts cover this many UTC days. */
const DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;
const joinDay = sql<string>`to_char(${users.createTime} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** The audit actions that are staff money actions (docs/security.md, "Visibility"). */
const MONEY_ACTIONS = [
  'usdt:wallet:adjust',
  'usdt:wallet:adjust-request',
  'usdt:wallet:adjust-reject',
  'usdt:withdrawal:approve',
  'usdt:withdrawal:reject',
];

const presentAudit = (r: typeof auditLogs.$inferSelect) => ({
  id: r.id,
  actorId: r.actorId,
  action: r.action,
  targetUserId: r.targetUserId,
  amount: r.amount === null ? null : formatUsdt(micro(r.amount)),
  reason: r.reason,
  createTime: r.createTime.toISOString(),
});

/** Read-only views across modules for the operator console: the dashboard, a member's file, the audit log. */
export class ConsoleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chain: ChainRuntime,
  ) {}

  /** Staff money actions of the last 24 hours (the audit log's clock is the database's). */
  private moneyActionsSince() {
    return and(
      inArray(auditLogs.action, MONEY_ACTIONS),
      gte(auditLogs.createTime, sql`now() - interval '24 hours'`),
    );
  }

  async dashboard() {
    const now = this.clock.now();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const [
      members,
      membersToday,
      openAppeals,
      pendingMerchants,
      withdrawalsWaiting,
      openTickets,
      ledger,
      lastCheck,
      moneyActions,
      reserves,
    ] = await Promise.all([
      n(this.db.select({ n: count() }).from(users)),
      n(this.db.select({ n: count() }).from(users).where(gte(users.createTime, today))),
      n(this.db.select({ n: count() }).from(c2cOrders).where(eq(c2cOrders.status, 'appealing'))),
      n(this.db.select({ n: count() }).from(c2cMerchants).where(eq(c2cMerchants.status, 'pending'))),
      n(
        this.db.select({ n: count() }).from(chainWithdrawals).where(eq(chainWithdrawals.status, 'reviewing')),
      ),
      n(this.db.select({ n: count() }).from(appTickets).where(eq(appTickets.status, 'pending'))),
      verifyLedger(this.db),
      lastLedgerCheck(this.db),
      this.db.select().from(auditLogs).where(this.moneyActionsSince()).orderBy(desc(auditLogs.id)).limit(50),
      latestSummary(this.db),
    ]);
    const [chain, joined] = await Promise.all([
      chainStats(this.db, this.chain, now, DAYS),
      this.db
        .select({ day: joinDay, n: count() })
        .from(users)
        .where(gte(users.createTime, new Date(today.getTime() - (DAYS - 1) * DAY_MS)))
        .groupBy(joinDay),
    ]);
    return {
      members,
      membersToday,
      openAppeals,
      pendingMerchants,
      withdrawalsWaiting,
      openTickets,
      ledgerBalanced: ledger.ok,
      ledgerProblems: ledger.problems.slice(0, 10),
      ledgerCheck: lastCheck && {
        ok: lastCheck.ok,
        problems: lastCheck.problems.slice(0, 10),
        checkTime: lastCheck.checkTime.toISOString(),
        ageSeconds: Math.round(lastCheck.ageSeconds),
      },
      memberLiabilities: formatUsdt(micro(ledger.memberTotal)),
      deposits24h: chain.deposits24h,
      withdrawals24h: chain.withdrawals24h,
      daily: chain.daily.map((d) => ({ ...d, members: joined.find((j) => j.day === d.day)?.n ?? 0 })),
      moneyActions: moneyActions.map(presentAudit),
      hotWallets: chain.hotWallets,
      reserves,
    };
  }

  /** What waits in each queue now (the menu badges); 0 for a queue the caller may not open. */
  async badges(caller: { role: readonly string[]; permission: readonly string[] }) {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const tickets = (kind: string) =>
      n(
        this.db
          .select({ n: count() })
          .from(appTickets)
          .where(and(eq(appTickets.kind, kind), eq(appTickets.status, 'pending'))),
      );
    const counters: Record<ConsoleBadgeKind, () => Promise<number>> = {
      appeal: () =>
        n(this.db.select({ n: count() }).from(c2cOrders).where(eq(c2cOrders.status, 'appealing'))),
      merchant: () =>
        n(this.db.select({ n: count() }).from(c2cMerchants).where(eq(c2cMerchants.status, 'pending'))),
      withdrawal: () =>
        n(
          this.db
            .select({ n: count() })
            .from(chainWithdrawals)
            .where(eq(chainWithdrawals.status, 'reviewing')),
        ),
      complain: () => tickets('complain'),
      feedback: () => tickets('feedback'),
      service: () => unreadServiceConversations(this.db),
      moneyAction: () => n(this.db.select({ n: count() }).from(auditLogs).where(this.moneyActionsSince())),
      adjustment: () =>
        n(
          this.db
            .select({ n: count() })
            .from(walletAdjustRequests)
            .where(eq(walletAdjustRequests.status, 'pending')),
        ),
      staffRequest: () =>
        n(this.db.select({ n: count() }).from(staffRequests).where(eq(staffRequests.status, 'pending'))),
      factorReset: () =>
        n(
          this.db
            .select({ n: count() })
            .from(staffRequests)
            .where(and(eq(staffRequests.kind, 'resetFactor'), eq(staffRequests.status, 'pending'))),
        ),
      kyc: () =>
        n(
          this.db
            .select({ n: count() })
            .from(kycSubmissions)
            .where(inArray(kycSubmissions.status, ['pending', 'checked'])),
        ),
    };
    const counts = await Promise.all(
      consoleBadgeKinds.map((kind) => {
        const permission = badgePermissions.get(kind);
        return permission && hasPermission(caller, permission) ? counters[kind]() : Promise.resolve(0);
      }),
    );
    return Object.fromEntries(consoleBadgeKinds.map((kind, i) => [kind, counts[i]!])) as Record<
      ConsoleBadgeKind,
      number
    >;
  }

  async member(id: number) {
    const [u] = await this.db.select().from(users).where(eq(users.id, id));
    if (!u) throw new AppError(ErrorCode.MemberNotFound);
    const party = or(eq(c2cOrders.buyerId, id), eq(c2cOrders.sellerId, id));
    const [balance, audit, [orders], [completed], withdrawals] = await Promise.all([
      memberBalances(this.db, id),
      this.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.targetUserId, id))
        .orderBy(desc(auditLogs.id))
        .limit(50),
      this.db.select({ n: count() }).from(c2cOrders).where(party),
      this.db
        .select({ n: count() })
        .from(c2cOrders)
        .where(and(party, eq(c2cOrders.status, 'completed'))),
      this.db
        .select()
        .from(chainWithdrawals)
        .where(eq(chainWithdrawals.userId, id))
        .orderBy(desc(chainWithdrawals.id))
        .limit(10),
    ]);
    return {
      ...presentMember(u),
      avatar: u.avatar,
      phone: u.phone,
      inviterId: u.invitedBy,
      pinSet: u.pinHash !== null,
      pinLockedUntil:
        u.pinLockedUntil && u.pinLockedUntil.getTime() > Date.now() ? u.pinLockedUntil.toISOString() : null,
      pinFailures: u.pinFailures,
      balance: presentBalance(balance),
      orders: { total: orders?.n ?? 0, completed: completed?.n ?? 0 },
      withdrawals: withdrawals.map((w) => ({
        id: w.id,
        network: w.network,
        amount: formatUsdt(micro(w.amount)),
        status: w.status,
        createTime: w.createTime.toISOString(),
      })),
      audit: audit.map((a) => ({
        id: a.id,
        action: a.action,
        actorId: a.actorId,
        reason: a.reason,
        createTime: a.createTime.toISOString(),
      })),
    };
  }

  private async assertMember(id: number) {
    const [u] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!u) throw new AppError(ErrorCode.MemberNotFound);
  }

  /** A member's postings (available and frozen accounts) with their entries, newest first by default. */
  async memberLedger(input: {
    userId: number;
    page: number;
    size: number;
    account: 'all' | 'available' | 'frozen';
    order: 'asc' | 'desc';
  }) {
    await this.assertMember(input.userId);
    const where = and(
      eq(ledgerAccounts.userId, input.userId),
      input.account === 'all' ? undefined : eq(ledgerAccounts.kind, input.account),
    );
    const dir = input.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          postingId: ledgerPostings.id,
          entryId: ledgerEntries.id,
          kind: ledgerEntries.kind,
          account: ledgerAccounts.kind,
          amount: ledgerPostings.amount,
          balanceAfter: ledgerPostings.balanceAfter,
          memo: ledgerEntries.memo,
          refType: ledgerEntries.refType,
          refId: ledgerEntries.refId,
          createTime: ledgerEntries.createTime,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
        .where(where)
        .orderBy(dir(ledgerPostings.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db
        .select({ n: count() })
        .from(ledgerPostings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
        .where(where),
    ]);
    return {
      list: rows.map((r) => ({
        ...r,
        account: r.account as 'available' | 'frozen',
        amount: formatUsdt(micro(r.amount)),
        balanceAfter: formatUsdt(micro(r.balanceAfter)),
        createTime: r.createTime.toISOString(),
      })),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  /** A member's C2C orders as buyer or seller. */
  async memberOrders(input: {
    userId: number;
    page: number;
    size: number;
    status: 'all' | OrderStatus;
    order: 'asc' | 'desc';
  }) {
    await this.assertMember(input.userId);
    const where = and(
      or(eq(c2cOrders.buyerId, input.userId), eq(c2cOrders.sellerId, input.userId)),
      input.status === 'all' ? undefined : eq(c2cOrders.status, input.status),
    );
    const dir = input.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(c2cOrders)
        .where(where)
        .orderBy(dir(c2cOrders.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(c2cOrders).where(where),
    ]);
    return {
      list: rows.map((o) => {
        const buyer = o.buyerId === input.userId;
        return {
          id: o.id,
          type: o.type,
          side: buyer ? ('buyer' as const) : ('seller' as const),
          counterpartyId: buyer ? o.sellerId : o.buyerId,
          amountCoin: formatUsdt(micro(o.amountCoin)),
          amountFiat: formatFiat(cents(o.amountFiat)),
          status: o.status as OrderStatus,
          createTime: o.createTime.toISOString(),
        };
      }),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  /** A member's logins (refresh-token families) and push devices. */
  async memberSessions(id: number) {
    await this.assertMember(id);
    const now = this.clock.now();
    const [families, devices] = await Promise.all([
      this.db
        .select({
          sessionId: sql<string>`min(${refreshTokens.sessionId})`,
          familyId: refreshTokens.familyId,
          loginTime: sql<Date>`min(${refreshTokens.createTime})`.mapWith(refreshTokens.createTime),
          lastRefresh: sql<Date>`max(${refreshTokens.createTime})`.mapWith(refreshTokens.createTime),
          expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
          live: sql<number>`count(*) filter (where ${refreshTokens.usedAt} is null and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > ${now})`.mapWith(
            Number,
          ),
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, id))
        .groupBy(refreshTokens.familyId)
        .orderBy(desc(sql`max(${refreshTokens.createTime})`))
        .limit(50),
      this.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, id))
        .orderBy(desc(pushSubscriptions.updateTime)),
    ]);
    return {
      sessions: families.map((f) => ({
        sessionId: f.sessionId,
        loginTime: f.loginTime.toISOString(),
        lastRefresh: f.lastRefresh.toISOString(),
        expiresAt: f.expiresAt.toISOString(),
        active: f.live > 0,
      })),
      devices: devices.map((d) => ({
        deviceId: d.deviceId,
        deviceName: d.deviceName,
        lang: d.lang,
        createTime: d.createTime.toISOString(),
        updateTime: d.updateTime.toISOString(),
      })),
    };
  }

  async auditPage(input: {
    page: number;
    size: number;
    actorId?: number | undefined;
    targetUserId?: number | undefined;
    action?: string | undefined;
    order: 'asc' | 'desc';
  }) {
    const conditions: SQL[] = [];
    if (input.actorId) conditions.push(eq(auditLogs.actorId, input.actorId));
    if (input.targetUserId) conditions.push(eq(auditLogs.targetUserId, input.targetUserId));
    if (input.action)
      conditions.push(like(auditLogs.action, `${input.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(input.order === 'asc' ? asc(auditLogs.id) : desc(auditLogs.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(auditLogs).where(where),
    ]);
    return {
      list: rows.map(presentAudit),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }
}
