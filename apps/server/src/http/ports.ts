import type { ChatSession, TicketTargetKind } from '@chatpay/shared';
import type { Db, Executor } from '../db/connection.ts';
import type { Realtime } from '../realtime/socket.ts';

/**
 * Ports: what a module needs from a module that builds on it, which it cannot import without a cycle
 * (CONTRIBUTING.md, "Modules"). Each port is an interface here; the module above implements it, and the app
 * (app.ts) builds one `Ports` per app and hands it to every module in `AppDeps.ports`. No port lives in a
 * module global, so two apps in one process (the tests) never share one.
 */
export interface Ports {
  /** Chat asks the group module about group sessions. */
  groups: GroupPort;
  /** Modules below chat (user, wallet, app, c2c, pay desk) post account notices through chat. */
  accountNotices: AccountNoticePort;
  /**
   * The wallet's history shows the business records of modules above it (c2c orders, pay-desk orders), by
   * the entry's `ref_type`; the wallet describes its own references (chain, red packets) itself.
   */
  historyRefs: ReadonlyMap<string, RefDescriber>;
  /** Chat asks the market whether two members traded (c2c implements it, `tradedWith`). */
  trades: TradePort;
  /** Complaints name an order, a group or a moment; the owning module checks and names it (docs/product.md#tickets). */
  ticketTargets: TicketTargetPorts;
}

// ---- complaint targets (implemented by c2c, group and moments) -----------------------------------------

/** How a complaint's target of one kind is checked and shown to support. */
export interface TicketTargetPort {
  /**
   * Throws the kind's "not found" (OrderNotFound, GroupNotFound, MomentNotFound) unless `userId` may see the
   * record: a party to the order, a member of the group, the author or a friend of the author of the moment.
   */
  assertVisible(exec: Executor, userId: number, id: number): Promise<void>;
  /** What support sees of each record (order number, group name, the moment's text), by id; gone ones absent. */
  describe(exec: Executor, ids: number[]): Promise<Map<number, string>>;
}

/** The kinds a module above the app area owns; a member target is the app area's own (the user module). */
export type TicketTargetPorts = Readonly<Record<Exclude<TicketTargetKind, 'member'>, TicketTargetPort>>;

// ---- trades (implemented by c2c/history.ts) ----------------------------------------------------------

/** What chat needs to know about trades between members. */
export interface TradePort {
  /** Whether `a` and `b` were ever the two parties of one order. */
  traded(exec: Executor, a: number, b: number): Promise<boolean>;
}

// ---- groups (implemented by group/chat-port.ts) ---------------------------------------------------

/** How a group session looks in a member's session list (name, avatars, group info). */
export interface GroupSessionView {
  name: string;
  headimgs: string;
  groupInfo: NonNullable<ChatSession['groupInfo']>;
}

/** What chat needs to know about group sessions; chat never imports the group module (group builds on chat). */
export interface GroupPort {
  /**
   * Throws unless `userId` may send in the group session: SessionNotFound for a non-member, GroupDissolved,
   * Muted. Locks the group row first (lock order: group, session, members).
   */
  assertCanSend(tx: Executor, sessionId: number, userId: number): Promise<void>;
  /** Name, avatars and group info of the given group sessions, by session id. */
  describe(exec: Executor, sessionIds: number[]): Promise<Map<number, GroupSessionView>>;
  /**
   * Search: the sessions of my groups whose name matches `pattern` (an ILIKE pattern, its wildcards already
   * escaped), at most `limit`.
   */
  sessionsNamed(exec: Executor, userId: number, pattern: string, limit: number): Promise<number[]>;
  /** The session of `groupId` when `userId` is a member of the group, else null. */
  sessionOfMember(exec: Executor, groupId: number, userId: number): Promise<number | null>;
}

// ---- account notices (implemented by chat/account-notices.ts) ---------------------------------------

/** How a module tells a member about a change to their account through chat's in-app notices. */
export interface AccountNoticePort {
  /** Posts `content` as a system notice in the member's customer-service session and delivers it. */
  notify(
    db: Db,
    realtime: Realtime,
    userId: number,
    /** `text` is the fallback; clients show known `type`s in the reader's language from the other fields. */
    content: { type: string; text: string } & Record<string, unknown>,
  ): Promise<void>;
}

// ---- wallet history references (c2c and pay desk implement theirs) -----------------------------------

/** What a history line shows of the business record its entry points to (`ref_type` / `ref_id`). */
export interface RefView {
  /** The number the member sees (C2C and pay-desk order numbers), when the record has one. */
  no: string | null;
  status: string | null;
  counterparty: { memberId: string; nickName: string } | null;
  /** A fee included in the member's movement (withdrawal fee, C2C charge taken from the buyer's coins). */
  fee: bigint | null;
  txHash: string | null;
}

/**
 * Reads the records of one reference type that belong to `userId` (another member's record is simply absent),
 * keyed by the entry's `ref_id`.
 */
export type RefDescriber = (exec: Executor, userId: number, ids: string[]) => Promise<Map<string, RefView>>;
