import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { Role } from '../roles.ts';
import { orderStatuses } from './c2c-market.ts';
import { chatMessage } from './chat.ts';
import { porSummary } from './reserves.ts';
import { nickName, password, username } from './user.ts';
import { networks, walletBalance } from './wallet.ts';

/**
 * The operator console and separation of duties: the menu tree, staff accounts, member
 * look-up and incident calls, the maker-checker for ledger adjustments, the audit log, the dashboard.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const reason = z.string().trim().min(1, 'Content cannot be empty').max(200);
const sortOrder = z.enum(['asc', 'desc']).default('desc');

// ---- menu ----------------------------------------------------------------------------------------

/** What a menu entry counts live (the `console` socket event names the same kinds). */
export const consoleBadgeKinds = [
  'appeal',
  'merchant',
  'withdrawal',
  'complain',
  'feedback',
  'service',
  /** Staff money actions of the last 24 hours (docs/security.md, "Separation of duties"). */
  'moneyAction',
  /** Adjustments waiting for a second admin. */
  'adjustment',
  /** Staff requests waiting for a second admin. */
  'staffRequest',
  /** Second-factor resets waiting for another staff member (docs/security.md, "Losing every factor"). */
  'factorReset',
  /** Identity submissions waiting for a reviewer (docs/design/identity.md). */
  'kyc',
] as const;
export type ConsoleBadgeKind = (typeof consoleBadgeKinds)[number];

/**
 * A menu tree item (docs/product.md#console): id, parentId, orderNum, children; `name` is a locale key,
 * `router` a hash path.
 */
export interface ConsoleMenuItem {
  id: number;
  parentId: number | null;
  name: string;
  router: string | null;
  icon: string;
  orderNum: number;
  permission: string | null;
  badge: ConsoleBadgeKind | null;
  children: ConsoleMenuItem[];
}
export const consoleMenuItem: z.ZodType<ConsoleMenuItem> = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  router: z.string().nullable(),
  icon: z.string(),
  orderNum: z.number().int(),
  permission: z.string().nullable(),
  badge: z.enum(consoleBadgeKinds).nullable(),
  get children() {
    return z.array(consoleMenuItem);
  },
});

// ---- staff ---------------------------------------------------------------------------------------

export const staffRoles = [Role.Support, Role.Admin] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  memberId: z.string(),
  role: z.array(z.string()),
  frozen: z.boolean(),
  createTime: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffRoleInfo = z.object({ name: z.enum(staffRoles), permissions: z.array(z.string()) });

/**
 * What a staff request asks (docs/security.md, "Staff requests"): `add` a staff account, set an account's
 * staff `roles`, `resetFactor`: remove every second factor of an account that lost them all. Each kind has
 * its own handler in the server's staff-request service.
 */
export const staffRequestKinds = ['add', 'roles', 'resetFactor'] as const;
export type StaffRequestKind = (typeof staffRequestKinds)[number];
export const staffRequestStatuses = ['pending', 'approved', 'rejected'] as const;

export const staffRequest = z.object({
  id: z.number().int(),
  kind: z.enum(staffRequestKinds),
  /** The account the request changes; null for `add` until it is approved (then the new account). */
  targetUserId: z.number().int().nullable(),
  /** `add`: the new account's user name and nickname; `roles`, `resetFactor`: the target's, for the list. */
  username: z.string(),
  nickName: z.string(),
  /** `add`, `roles`: the staff roles asked for; `resetFactor`: the target's when it was filed (none: a member). */
  roles: z.array(z.enum(staffRoles)),
  /** Why the maker asks (`resetFactor`: how the member's identity was checked); empty for the other kinds. */
  reason: z.string(),
  status: z.enum(staffRequestStatuses),
  makerId: z.number().int(),
  checkerId: z.number().int().nullable(),
  note: z.string(),
  createTime: z.string(),
  decideTime: z.string().nullable(),
});
export type StaffRequest = z.infer<typeof staffRequest>;

/**
 * A staff change took effect (`done`, with the account) or waits for another staff member (`pending`, the
 * request).
 */
export const staffChange = z.object({
  status: z.enum(['done', 'pending']),
  member: staffMember.nullable(),
  request: staffRequest.nullable(),
});
export type StaffChange = z.infer<typeof staffChange>;

// ---- members -------------------------------------------------------------------------------------

export const memberSortFields = ['id', 'createTime', 'username'] as const;

export const adminMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  memberId: z.string(),
  role: z.array(z.string()),
  frozen: z.boolean(),
  createTime: z.string(),
});
export type AdminMember = z.infer<typeof adminMember>;

export const adminMemberDetail = adminMember.extend({
  avatar: z.string(),
  phone: z.string(),
  inviterId: z.number().int().nullable(),
  pinSet: z.boolean(),
  pinLockedUntil: z.string().nullable(),
  pinFailures: z.number().int(),
  balance: walletBalance,
  /** C2C orders as buyer or seller: all, and completed (the completion rate). */
  orders: z.object({ total: z.number().int(), completed: z.number().int() }),
  withdrawals: z.array(
    z.object({
      id: z.number().int(),
      network: z.string(),
      amount: z.string(),
      status: z.string(),
      createTime: z.string(),
    }),
  ),
  audit: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      actorId: z.number().int(),
      reason: z.string(),
      createTime: z.string(),
    }),
  ),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

/** One posting on a member's account (available or frozen), with the entry it belongs to. */
export const memberLedgerItem = z.object({
  postingId: z.number().int(),
  entryId: z.number().int(),
  kind: z.string(),
  account: z.enum(['available', 'frozen']),
  amount: z.string(),
  balanceAfter: z.string(),
  memo: z.string(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  createTime: z.string(),
});

/** A C2C order the member took part in, as buyer or seller. */
export const memberOrderItem = z.object({
  id: z.number().int(),
  type: z.string(),
  side: z.enum(['buyer', 'seller']),
  counterpartyId: z.number().int(),
  amountCoin: z.string(),
  amountFiat: z.string(),
  status: z.enum(orderStatuses),
  createTime: z.string(),
});

/** A login (one refresh-token family) and the devices that take push notifications. */
export const memberSessions = z.object({
  sessions: z.array(
    z.object({
      sessionId: z.string(),
      loginTime: z.string(),
      lastRefresh: z.string(),
      expiresAt: z.string(),
      active: z.boolean(),
    }),
  ),
  devices: z.array(
    z.object({
      deviceId: z.string(),
      deviceName: z.string(),
      lang: z.string(),
      createTime: z.string(),
      updateTime: z.string(),
    }),
  ),
});

// ---- money ---------------------------------------------------------------------------------------

/** `posted`: by its maker alone, under both caps; else `pending` until a second admin decides. */
export const adjustmentStatuses = ['posted', 'pending', 'approved', 'rejected'] as const;
export const adjustmentRequest = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(adjustmentStatuses),
  makerId: z.number().int(),
  checkerId: z.number().int().nullable(),
  entryId: z.number().int().nullable(),
  note: z.string(),
  createTime: z.string(),
  decideTime: z.string().nullable(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

export const auditItem = z.object({
  id: z.number().int(),
  actorId: z.number().int(),
  action: z.string(),
  targetUserId: z.number().int().nullable(),
  amount: z.string().nullable(),
  reason: z.string(),
  createTime: z.string(),
});

export const systemAccountItem = z.object({ code: z.string(), balance: z.string() });

export const consoleDashboard = z.object({
  members: z.number().int(),
  membersToday: z.number().int(),
  openAppeals: z.number().int(),
  pendingMerchants: z.number().int(),
  withdrawalsWaiting: z.number().int(),
  openTickets: z.number().int(),
  ledgerBalanced: z.boolean(),
  /** What `npm run ledger:verify` reports: the first problems found (empty when the books verify). */
  ledgerProblems: z.array(z.string()),
  /**
   * The last scheduled ledger check (LEDGER_CHECK_INTERVAL_MINUTES, docs/operations.md): its result, first
   * problems, when it ran and how long ago in seconds (the database's clock); null until one ran.
   */
  ledgerCheck: z
    .object({
      ok: z.boolean(),
      problems: z.array(z.string()),
      checkTime: z.string(),
      ageSeconds: z.number().int(),
    })
    .nullable(),
  /** Σ member balances (USDT): what the service owes its members. */
  memberLiabilities: z.string(),
  /** Credited deposits and withdrawals sent in the last 24 hours (USDT). */
  deposits24h: z.string(),
  withdrawals24h: z.string(),
  /** The last 7 UTC days, oldest first: deposit and withdrawal volume, new members (the charts). */
  daily: z.array(
    z.object({
      day: z.string(),
      deposits: z.string(),
      withdrawals: z.string(),
      members: z.number().int(),
    }),
  ),
  /** Staff money actions of the last 24 hours, newest first (at most 50; docs/security.md). */
  moneyActions: z.array(auditItem),
  /**
   * The latest proof-of-reserves snapshot (docs/design/reserves.md), null until one was taken: the dashboard
   * turns red when its reserves do not cover its liabilities.
   */
  reserves: porSummary.nullable(),
  /** Per enabled network: the hot wallet's token balance read from the node (null: node not answering). */
  hotWallets: z.array(
    z.object({
      network: z.enum(networks),
      address: z.string().nullable(),
      onChain: z.string().nullable(),
      depositsHeld: z.string(),
      withdrawalsSent: z.string(),
      books: z.string(),
    }),
  ),
});

/** What waits in each console queue now: the menu badges (0 for queues the caller cannot open). */
export const consoleBadges = z.object(
  Object.fromEntries(consoleBadgeKinds.map((k) => [k, z.number().int()])) as Record<
    ConsoleBadgeKind,
    z.ZodNumber
  >,
);

// ---- customer service ----------------------------------------------------------------------------

/** A member's conversation with the shared customer-service account (`session/checkService`). */
export const serviceConversation = z.object({
  sessionId: z.number().int(),
  member: z.object({
    id: z.number().int(),
    username: z.string(),
    nickName: z.string(),
    memberId: z.string(),
    avatar: z.string(),
  }),
  lastMessage: z
    .object({
      contentType: z.string(),
      /** The text of a text message, empty for media (the console shows the type). */
      text: z.string(),
      fromMember: z.boolean(),
      createTime: z.string(),
    })
    .nullable(),
  lastChatTime: z.string().nullable(),
  /** Messages the service account has not read (shared by every staff member). */
  unread: z.number().int(),
  /** The member wrote last: nobody has answered yet. */
  awaitingReply: z.boolean(),
});
export type ServiceConversation = z.infer<typeof serviceConversation>;

/** A message of a service conversation; `staff` is who answered as the service account (console only). */
export const serviceMessage = chatMessage.extend({
  fromMember: z.boolean(),
  staff: z.object({ id: z.number().int(), nickName: z.string() }).nullable(),
});
export type ServiceMessage = z.infer<typeof serviceMessage>;

export const serviceFilters = ['all', 'unread', 'unanswered'] as const;
const serviceErrors = [ErrorCode.SessionNotFound, ErrorCode.ServiceUnavailable];

export const adminServiceApi = {
  page: endpoint({
    method: 'POST',
    path: '/admin/chat/service/page',
    auth: 'user',
    permission: 'chat:service:page',
    summary:
      "Staff: members' customer-service conversations, latest first; filter unread or awaiting a reply, search a member",
    input: pageInput.extend({
      filter: z.enum(serviceFilters).default('all'),
      keyword: z.string().trim().max(64).optional(),
    }),
    output: pageOf(serviceConversation),
    errors: [ErrorCode.ServiceUnavailable],
  }),
  messages: endpoint({
    method: 'POST',
    path: '/admin/chat/service/messages',
    auth: 'user',
    permission: 'chat:service:page',
    summary:
      'Staff: one customer-service conversation, the newest messages or those before `beforeSeq`, with who answered',
    input: z.object({
      sessionId: id,
      beforeSeq: z.coerce.number().int().min(1).optional(),
      size: z.coerce.number().int().min(1).max(100).default(30),
    }),
    output: z.object({
      conversation: serviceConversation,
      list: z.array(serviceMessage),
      hasMore: z.boolean(),
    }),
    errors: serviceErrors,
  }),
  read: endpoint({
    method: 'POST',
    path: '/admin/chat/service/read',
    auth: 'user',
    permission: 'chat:service:reply',
    summary: 'Staff: mark a customer-service conversation read (for every staff member)',
    input: z.object({ sessionId: id }),
    output: ok,
    errors: serviceErrors,
  }),
  send: endpoint({
    method: 'POST',
    path: '/admin/chat/service/send',
    auth: 'user',
    permission: 'chat:service:reply',
    summary:
      'Staff: answer as the customer-service account (text or picture); the reply records which staff member sent it',
    input: z.object({
      sessionId: id,
      clientMsgId: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9_.:-]+$/, 'Letters, digits and _ . : - only'),
      contentType: z.enum(['text', 'image']),
      content: z.record(z.string(), z.unknown()),
    }),
    output: serviceMessage,
    errors: [
      ...serviceErrors,
      ErrorCode.ContentEmpty,
      ErrorCode.MessageTooLong,
      ErrorCode.ContentTooLarge,
      ErrorCode.MalformedContent,
      ErrorCode.InvalidMediaUrl,
      ErrorCode.ClientMsgIdReused,
    ],
  }),
};

// ---- endpoints -----------------------------------------------------------------------------------

export const consoleApi = {
  menu: endpoint({
    method: 'GET',
    path: '/admin/base/menu/list',
    auth: 'user',
    permission: 'base:menu:list',
    summary: "Staff: the console's menu tree (SPEC §3), only the entries the caller's permissions open",
    input: z.object({}),
    output: z.array(consoleMenuItem),
  }),
  badges: endpoint({
    method: 'GET',
    path: '/admin/base/badges',
    auth: 'user',
    permission: 'base:menu:list',
    summary: "Staff: what waits in each console queue (the menu's badges), 0 where the caller has no access",
    input: z.object({}),
    output: consoleBadges,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/admin/base/dashboard',
    auth: 'user',
    permission: 'base:dashboard:info',
    summary: 'Staff: the counts of the console dashboard',
    input: z.object({}),
    output: consoleDashboard,
  }),
  staffPage: endpoint({
    method: 'POST',
    path: '/admin/base/staff/page',
    auth: 'user',
    permission: 'base:staff:page',
    summary: 'Admin: staff accounts (support and admin), newest first',
    input: pageInput.extend({ keyword: z.string().trim().max(64).optional() }),
    output: pageOf(staffMember),
  }),
  staffAdd: endpoint({
    method: 'POST',
    path: '/admin/base/staff/add',
    auth: 'user',
    permission: 'base:staff:add',
    summary:
      'Admin: create a staff account with its roles; a request another admin approves unless the caller is the only admin (audited)',
    input: z.object({
      username,
      password,
      nickName,
      roles: z.array(z.enum(staffRoles)).min(1).max(2),
    }),
    output: staffChange,
    errors: [ErrorCode.UsernameTaken, ErrorCode.WeakPassword],
  }),
  staffRoles: endpoint({
    method: 'POST',
    path: '/admin/base/staff/roles',
    auth: 'user',
    permission: 'base:staff:update',
    summary:
      'Admin: set the staff roles of an account (empty: no longer staff), not your own; a request another admin approves unless the caller is the only admin (audited)',
    input: z.object({ userId: id, roles: z.array(z.enum(staffRoles)).max(2) }),
    output: staffChange,
    errors: [ErrorCode.MemberNotFound, ErrorCode.DutySeparation],
  }),
  staffRequestPage: endpoint({
    method: 'POST',
    path: '/admin/base/staff/request/page',
    auth: 'user',
    permission: 'base:staff:page',
    summary:
      'Admin: staff requests (new staff accounts, role changes, second-factor resets) waiting for (or past) a checker',
    input: pageInput.extend({ status: z.enum(staffRequestStatuses).optional(), order: sortOrder }),
    output: pageOf(staffRequest),
  }),
  staffRequestApprove: endpoint({
    method: 'POST',
    path: '/admin/base/staff/request/approve',
    auth: 'user',
    permission: 'base:staff:approve',
    summary:
      'Admin: approve a pending staff request, which then takes effect; not one you made, about yourself, or from whoever created or promoted you (audited)',
    input: z.object({ id }),
    output: staffRequest,
    errors: [
      ErrorCode.StaffRequestNotFound,
      ErrorCode.StaffRequestNotPending,
      ErrorCode.DutySeparation,
      ErrorCode.UsernameTaken,
      ErrorCode.MemberNotFound,
    ],
  }),
  staffRequestReject: endpoint({
    method: 'POST',
    path: '/admin/base/staff/request/reject',
    auth: 'user',
    permission: 'base:staff:approve',
    summary: 'Admin: reject a pending staff request (not about yourself), with a note (audited)',
    input: z.object({ id, note: reason }),
    output: staffRequest,
    errors: [ErrorCode.StaffRequestNotFound, ErrorCode.StaffRequestNotPending, ErrorCode.DutySeparation],
  }),
  roleList: endpoint({
    method: 'GET',
    path: '/admin/base/role/list',
    auth: 'user',
    permission: 'base:role:list',
    summary: 'Admin: the staff roles and the permissions each holds (admin holds all)',
    input: z.object({}),
    output: z.array(staffRoleInfo),
  }),
  auditPage: endpoint({
    method: 'POST',
    path: '/admin/base/audit/page',
    auth: 'user',
    permission: 'base:audit:page',
    summary: 'Admin: the audit log, filtered by actor, target or action prefix',
    input: pageInput.extend({
      actorId: id.optional(),
      targetUserId: id.optional(),
      action: z.string().trim().max(64).optional(),
      order: sortOrder,
    }),
    output: pageOf(auditItem),
  }),
};

export const adminMemberApi = {
  search: endpoint({
    method: 'POST',
    path: '/admin/user/search',
    auth: 'user',
    permission: 'admin:user:page',
    summary: 'Staff: members by member id, user name or nickname, sorted and filtered on the server',
    input: pageInput.extend({
      keyword: z.string().trim().max(64).optional(),
      frozen: z.boolean().optional(),
      sort: z.enum(memberSortFields).default('id'),
      order: sortOrder,
    }),
    output: pageOf(adminMember),
  }),
  resolve: endpoint({
    method: 'GET',
    path: '/admin/user/resolve',
    auth: 'user',
    permission: 'admin:user:page',
    summary:
      'Staff: the member a console field names, by member id or user name (exact), shown before an action on them',
    input: z.object({ who: z.string().trim().min(1).max(64) }),
    output: adminMember,
    errors: [ErrorCode.MemberNotFound],
  }),
  info: endpoint({
    method: 'GET',
    path: '/admin/user/info',
    auth: 'user',
    permission: 'admin:user:info',
    summary: 'Staff: one member with balances, PIN state and the audit entries about them',
    input: z.object({ id }),
    output: adminMemberDetail,
    errors: [ErrorCode.MemberNotFound],
  }),
  ledger: endpoint({
    method: 'POST',
    path: '/admin/user/ledger',
    auth: 'user',
    permission: 'admin:user:info',
    summary: "Staff: a member's ledger history (postings on their available and frozen accounts), paged",
    input: pageInput.extend({
      userId: id,
      account: z.enum(['all', 'available', 'frozen']).default('all'),
      order: sortOrder,
    }),
    output: pageOf(memberLedgerItem),
    errors: [ErrorCode.MemberNotFound],
  }),
  orders: endpoint({
    method: 'POST',
    path: '/admin/user/orders',
    auth: 'user',
    permission: 'admin:user:info',
    summary: "Staff: a member's C2C orders as buyer or seller, paged, optionally of one status",
    input: pageInput.extend({
      userId: id,
      status: z.enum(['all', ...orderStatuses]).default('all'),
      order: sortOrder,
    }),
    output: pageOf(memberOrderItem),
    errors: [ErrorCode.MemberNotFound],
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/admin/user/sessions',
    auth: 'user',
    permission: 'admin:user:info',
    summary: "Staff: a member's logins (newest first, the last 50) and push-notification devices",
    input: z.object({ id }),
    output: memberSessions,
    errors: [ErrorCode.MemberNotFound],
  }),
  freeze: endpoint({
    method: 'POST',
    path: '/admin/user/freeze',
    auth: 'user',
    permission: 'admin:user:freeze',
    summary:
      'Admin: freeze (no login, no money movement, sessions ended, sockets dropped) or unfreeze an account, with a reason (audited)',
    input: z.object({ userId: id, frozen: z.boolean(), reason }),
    output: adminMember,
    errors: [ErrorCode.MemberNotFound, ErrorCode.DutySeparation],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/admin/user/logout',
    auth: 'user',
    permission: 'admin:user:logout',
    summary: 'Admin: end every session of a member and drop their sockets (audited)',
    input: z.object({ userId: id }),
    output: ok,
    errors: [ErrorCode.MemberNotFound],
  }),
  unlockPin: endpoint({
    method: 'POST',
    path: '/admin/user/pin/unlock',
    auth: 'user',
    permission: 'admin:user:unlockPin',
    summary: "Staff: clear a member's payment PIN lockout, not your own (audited)",
    input: z.object({ userId: id }),
    output: ok,
    errors: [ErrorCode.MemberNotFound, ErrorCode.DutySeparation],
  }),
};

export const adminAdjustApi = {
  page: endpoint({
    method: 'POST',
    path: '/admin/usdt/wallet/adjust/page',
    auth: 'user',
    permission: 'usdt:wallet:adjust',
    summary: 'Admin: ledger adjustment requests waiting for (or past) a second approver',
    input: pageInput.extend({ status: z.enum(adjustmentStatuses).optional(), order: sortOrder }),
    output: pageOf(adjustmentRequest),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/usdt/wallet/adjust/approve',
    auth: 'user',
    permission: 'usdt:wallet:adjust',
    summary:
      'Admin: approve a pending adjustment (not your own request, not of your own account, not from whoever created or promoted you): the entry is posted (audited)',
    input: z.object({ id }),
    output: adjustmentRequest,
    errors: [
      ErrorCode.AdjustmentNotFound,
      ErrorCode.AdjustmentNotPending,
      ErrorCode.DutySeparation,
      ErrorCode.InsufficientBalance,
    ],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/usdt/wallet/adjust/reject',
    auth: 'user',
    permission: 'usdt:wallet:adjust',
    summary: 'Admin: reject a pending adjustment (not of your own account), with a note (audited)',
    input: z.object({ id, note: reason }),
    output: adjustmentRequest,
    errors: [ErrorCode.AdjustmentNotFound, ErrorCode.AdjustmentNotPending, ErrorCode.DutySeparation],
  }),
  systemAccounts: endpoint({
    method: 'GET',
    path: '/admin/usdt/wallet/system',
    auth: 'user',
    permission: 'usdt:wallet:system',
    summary: 'Admin: the system accounts of the books with their balances',
    input: z.object({}),
    output: z.array(systemAccountItem),
  }),
};
