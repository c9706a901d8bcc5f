import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

export const TICKET_TEXT_MAX = 2000;
export const TICKET_IMAGES_MAX = 6;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const uploadUrl = z
  .string()
  .trim()
  .max(1024)
  .regex(/^(\/uploads\/|https?:\/\/)[^\s"'<>\\]+$/, 'Must be an uploaded file URL');

export const ticketStatuses = ['pending', 'processing', 'resolved', 'rejected'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketKinds = ['complain', 'feedback'] as const;
export type TicketKind = (typeof ticketKinds)[number];
/** What a complaint may be about (docs/product.md#tickets): a member, a C2C order, a group or a moment. */
export const ticketTargetKinds = ['member', 'order', 'group', 'moment'] as const;
export type TicketTargetKind = (typeof ticketTargetKinds)[number];
/** The record a complaint is about, by kind and id (a user id, a C2C order id, a group id, a moment id). */
export const ticketTarget = z.object({ kind: z.enum(ticketTargetKinds), id: z.number().int() });
export type TicketTarget = z.infer<typeof ticketTarget>;

/** A complaint or a piece of feedback with the support reply (docs/product.md#tickets). */
export const ticket = z.object({
  id: z.number().int(),
  /** A value of the `complainType` / `feedbackType` dictionary. */
  type: z.string(),
  text: z.string(),
  images: z.array(z.string()),
  contact: z.string(),
  /** The member complained about, also when named through `target` (older clients read this). */
  targetUserId: z.number().int().nullable(),
  /**
   * What the complaint is about, named: a member's nickname, an order's number, a group's name, a moment's
   * text (its start); the label is empty when the record is gone.
   */
  target: ticketTarget.extend({ label: z.string() }).nullable(),
  status: z.enum(ticketStatuses),
  reply: z.string(),
  replyTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Ticket = z.infer<typeof ticket>;
export const adminTicket = ticket.extend({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
});
export type AdminTicket = z.infer<typeof adminTicket>;

const submitInput = z.object({
  type: z.string().trim().min(1).max(32),
  text: z.string().trim().min(1, 'Content cannot be empty').max(TICKET_TEXT_MAX),
  images: z.array(uploadUrl).max(TICKET_IMAGES_MAX).default([]),
  contact: z.string().trim().max(100).default(''),
});
const ticketPageInput = pageInput.extend({ status: z.enum(ticketStatuses).optional() });

const ticketApi = <S extends z.ZodRawShape>(
  kind: TicketKind,
  what: string,
  extra: S,
  errors: ErrorCode[] = [],
) => ({
  submit: endpoint({
    method: 'POST',
    path: `/app/app/${kind}/submit`,
    auth: 'user',
    summary: `Submit ${what}`,
    input: submitInput.extend(extra),
    output: ticket,
    errors: [ErrorCode.InvalidMediaUrl, ErrorCode.InvalidTicketType, ...errors],
  }),
  page: endpoint({
    method: 'POST',
    path: `/app/app/${kind}/page`,
    auth: 'user',
    summary: `My ${what} list, newest first`,
    input: ticketPageInput,
    output: pageOf(ticket),
  }),
  info: endpoint({
    method: 'GET',
    path: `/app/app/${kind}/info`,
    auth: 'user',
    summary: `One ${what} of mine with the support reply`,
    input: z.object({ id }),
    output: ticket,
    errors: [ErrorCode.TicketNotFound],
  }),
});

/**
 * A complaint names at most one target: `targetKind` with `targetId`, or `targetUserId` (a member, as older
 * clients send it). The complainer must be able to see it, else it is the kind's "not found".
 */
export const appComplainApi = ticketApi(
  'complain',
  'complaints',
  { targetUserId: id.optional(), targetKind: z.enum(ticketTargetKinds).optional(), targetId: id.optional() },
  [ErrorCode.UserNotFound, ErrorCode.OrderNotFound, ErrorCode.GroupNotFound, ErrorCode.MomentNotFound],
);
export const appFeedbackApi = ticketApi('feedback', 'feedback', {});

const adminTicketApi = (kind: TicketKind, what: string) => ({
  page: endpoint({
    method: 'POST',
    path: `/admin/app/${kind}/page`,
    auth: 'user',
    permission: `app:${kind}:page`,
    summary: `All ${what}, newest first (support)`,
    input: ticketPageInput.extend({
      userId: id.optional(),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    output: pageOf(adminTicket),
  }),
  reply: endpoint({
    method: 'POST',
    path: `/admin/app/${kind}/reply`,
    auth: 'user',
    permission: `app:${kind}:reply`,
    summary: `Answer ${what} and set its status (support)`,
    input: z.object({
      id,
      reply: z.string().trim().min(1, 'Content cannot be empty').max(TICKET_TEXT_MAX),
      status: z.enum(ticketStatuses).default('resolved'),
    }),
    output: adminTicket,
    errors: [ErrorCode.TicketNotFound],
  }),
});

export const adminComplainApi = adminTicketApi('complain', 'complaints');
export const adminFeedbackApi = adminTicketApi('feedback', 'feedback');

// ---- version ------------------------------------------------------------------------------------

export const appPlatforms = ['web', 'android', 'ios'] as const;
export type AppPlatform = (typeof appPlatforms)[number];
const versionString = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4}){0,3}$/, 'A version like 4.3.3');

export const appVersion = z.object({
  platform: z.enum(appPlatforms),
  version: z.string(),
  versionCode: z.number().int(),
  downloadUrl: z.string(),
  forced: z.boolean(),
  notes: z.string(),
  releaseTime: z.string(),
});
export type AppVersion = z.infer<typeof appVersion>;

export const appVersionApi = {
  check: endpoint({
    method: 'GET',
    path: '/app/app/version/check',
    auth: 'none',
    summary: 'The latest version for a platform and whether it is newer than mine (forced: must update)',
    input: z.object({
      platform: z.enum(appPlatforms),
      version: versionString.optional(),
      versionCode: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    }),
    output: z.object({ latest: appVersion.nullable(), hasUpdate: z.boolean(), forced: z.boolean() }),
  }),
};

export const adminVersionApi = {
  publish: endpoint({
    method: 'POST',
    path: '/admin/app/version/publish',
    auth: 'user',
    permission: 'app:version:publish',
    summary: 'Publish a version for a platform (admin)',
    input: z.object({
      platform: z.enum(appPlatforms),
      version: versionString,
      versionCode: z.number().int().min(1).max(2_147_483_647),
      downloadUrl: z.string().trim().max(1024).default(''),
      forced: z.boolean().default(false),
      notes: z.string().trim().max(4000).default(''),
    }),
    output: appVersion,
    errors: [ErrorCode.VersionExists],
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/admin/app/version/withdraw',
    auth: 'user',
    permission: 'app:version:publish',
    summary:
      'Withdraw a published version (admin): a wrong one, a forced one above every build, stops counting',
    input: z.object({
      platform: z.enum(appPlatforms),
      versionCode: z.number().int().min(1).max(2_147_483_647),
    }),
    output: appVersion,
    errors: [ErrorCode.VersionNotFound],
  }),
};
