import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

const GROUP = '/app/chat/group';

/** Limits of groups (the design: docs/design/groups-moments.md). */
export const GROUP_MAX_MEMBERS = 500;
export const GROUP_MIN_INVITEES = 2;
export const GROUP_NAME_MAX = 30;
export const GROUP_ANNOUNCEMENT_MAX = 2000;
export const GROUP_NOTE_MAX = 30;
/** The mute durations the app offers (minutes); `group/mute` without `minutes` mutes until unmuted. */
export const GROUP_MUTE_MINUTES = [10, 60, 12 * 60, 24 * 60, 7 * 24 * 60] as const;
/** The longest timed mute: 30 days. */
export const GROUP_MUTE_MAX_MINUTES = 30 * 24 * 60;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const userIds = z.array(id).min(1).max(100);

export const groupRoles = ['owner', 'manager', 'member'] as const;
export type GroupRole = (typeof groupRoles)[number];

export const groupMemberInfo = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  note: z.string(),
  /** Muted now (a timed mute that has ended is not). */
  isMuted: z.boolean(),
  /** When a timed mute ends; null when not muted or muted until unmuted. */
  mutedUntil: z.string().nullable(),
  role: z.enum(groupRoles),
});
export type GroupMemberInfo = z.infer<typeof groupMemberInfo>;

/** A group as its members see it. `code` is what the group QR code carries. */
export const groupInfo = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  sessionId: z.number().int(),
  name: z.string(),
  announcement: z.string(),
  ownerId: z.number().int(),
  memberCount: z.number().int(),
  code: z.string(),
  dissolved: z.boolean(),
  /** Only the owner and managers may send while it is on. */
  muteAll: z.boolean(),
  myRole: z.enum(groupRoles),
  createTime: z.string(),
  members: z.array(groupMemberInfo),
});
export type GroupInfo = z.infer<typeof groupInfo>;

const groupRef = z.object({ groupId: id });
const memberAction = z.object({ groupId: id, userId: id });

export const groupApi = {
  create: endpoint({
    method: 'POST',
    path: `${GROUP}/create`,
    auth: 'user',
    summary: 'Create a group with at least 2 of my friends; I am the owner',
    input: z.object({
      userIds: z.array(id).min(GROUP_MIN_INVITEES).max(100),
      name: z.string().trim().max(GROUP_NAME_MAX).optional(),
    }),
    output: groupInfo,
    errors: [ErrorCode.NotFriends, ErrorCode.GroupTooSmall],
  }),
  info: endpoint({
    method: 'GET',
    path: `${GROUP}/info`,
    auth: 'user',
    summary: 'A group I am in (by group id or its session id), with its members',
    input: z
      .object({ groupId: id.optional(), sessionId: id.optional() })
      .refine((v) => v.groupId !== undefined || v.sessionId !== undefined, 'groupId is required'),
    output: groupInfo,
    errors: [ErrorCode.GroupNotFound],
  }),
  list: endpoint({
    method: 'POST',
    path: `${GROUP}/list`,
    auth: 'user',
    summary: 'The groups I am in (not dissolved), newest first, without member lists',
    input: z.object({}),
    output: z.array(groupInfo.omit({ members: true })),
  }),
  invite: endpoint({
    method: 'POST',
    path: `${GROUP}/invite`,
    auth: 'user',
    summary: 'Add friends of mine to the group (owner or manager)',
    input: z.object({ groupId: id, userIds }),
    output: groupInfo,
    errors: [ErrorCode.Forbidden, ErrorCode.NotFriends, ErrorCode.GroupNotFound, ErrorCode.GroupDissolved],
  }),
  remove: endpoint({
    method: 'POST',
    path: `${GROUP}/remove`,
    auth: 'user',
    summary: 'Remove members (owner or manager; a manager cannot remove the owner or managers)',
    input: z.object({ groupId: id, userIds }),
    output: groupInfo,
    errors: [
      ErrorCode.Forbidden,
      ErrorCode.GroupNotFound,
      ErrorCode.NotGroupMember,
      ErrorCode.CannotActOnSelf,
    ],
  }),
  quit: endpoint({
    method: 'POST',
    path: `${GROUP}/quit`,
    auth: 'user',
    summary: 'Leave the group (the owner must transfer ownership first)',
    input: groupRef,
    output: ok,
    errors: [ErrorCode.GroupNotFound, ErrorCode.GroupDissolved, ErrorCode.OwnerCannotQuit],
  }),
  dissolve: endpoint({
    method: 'POST',
    path: `${GROUP}/dissolve`,
    auth: 'user',
    summary: 'Dissolve the group (owner only); members keep the history, nobody can send',
    input: groupRef,
    output: ok,
    errors: [ErrorCode.Forbidden, ErrorCode.GroupNotFound, ErrorCode.GroupDissolved],
  }),
  addByCode: endpoint({
    method: 'POST',
    path: `${GROUP}/addByCode`,
    auth: 'user',
    summary: 'Join a group from its QR code',
    input: z.object({ code: z.string().trim().toUpperCase().min(4).max(16) }),
    output: groupInfo,
    errors: [ErrorCode.GroupDissolved, ErrorCode.InvalidGroupCode],
  }),
  setManager: endpoint({
    method: 'POST',
    path: `${GROUP}/setManager`,
    auth: 'user',
    summary: 'Make a member a manager (owner only)',
    input: memberAction,
    output: groupInfo,
    errors: [
      ErrorCode.Forbidden,
      ErrorCode.GroupNotFound,
      ErrorCode.NotGroupMember,
      ErrorCode.CannotActOnSelf,
    ],
  }),
  unsetManager: endpoint({
    method: 'POST',
    path: `${GROUP}/unsetManager`,
    auth: 'user',
    summary: 'Make a manager a plain member again (owner only)',
    input: memberAction,
    output: groupInfo,
    errors: [ErrorCode.Forbidden, ErrorCode.GroupNotFound],
  }),
  mute: endpoint({
    method: 'POST',
    path: `${GROUP}/mute`,
    auth: 'user',
    summary:
      'Mute a member for `minutes` (up to 30 days) or, without it, until unmuted (owner or manager; not the owner or another manager)',
    input: memberAction.extend({
      minutes: z.coerce.number().int().min(1).max(GROUP_MUTE_MAX_MINUTES).optional(),
    }),
    output: groupInfo,
    errors: [
      ErrorCode.Forbidden,
      ErrorCode.GroupNotFound,
      ErrorCode.NotGroupMember,
      ErrorCode.CannotActOnSelf,
    ],
  }),
  unmute: endpoint({
    method: 'POST',
    path: `${GROUP}/unmute`,
    auth: 'user',
    summary: 'Unmute a member (owner or manager; not the owner or another manager)',
    input: memberAction,
    output: groupInfo,
    errors: [ErrorCode.Forbidden, ErrorCode.GroupNotFound],
  }),
  muteAll: endpoint({
    method: 'POST',
    path: `${GROUP}/muteAll`,
    auth: 'user',
    summary:
      'Turn "mute all" on or off: only the owner and managers may send while it is on (owner or manager)',
    input: z.object({ groupId: id, on: z.boolean() }),
    output: groupInfo,
    errors: [ErrorCode.Forbidden, ErrorCode.GroupNotFound, ErrorCode.GroupDissolved],
  }),
  update: endpoint({
    method: 'POST',
    path: `${GROUP}/update`,
    auth: 'user',
    summary: 'Change the group name and/or announcement (owner or manager)',
    input: z
      .object({
        groupId: id,
        name: z.string().trim().max(GROUP_NAME_MAX).optional(),
        announcement: z.string().trim().max(GROUP_ANNOUNCEMENT_MAX).optional(),
      })
      .refine(
        (v) => v.name !== undefined || v.announcement !== undefined,
        'name or announcement is required',
      ),
    output: groupInfo,
    errors: [ErrorCode.Forbidden, ErrorCode.ContentEmpty, ErrorCode.GroupNotFound],
  }),
  transferOwner: endpoint({
    method: 'POST',
    path: `${GROUP}/transferOwner`,
    auth: 'user',
    summary: 'Hand the group to another member (owner only); I become a plain member',
    input: memberAction,
    output: groupInfo,
    errors: [
      ErrorCode.Forbidden,
      ErrorCode.GroupNotFound,
      ErrorCode.NotGroupMember,
      ErrorCode.CannotActOnSelf,
    ],
  }),
  setNote: endpoint({
    method: 'POST',
    path: `${GROUP}/setNote`,
    auth: 'user',
    summary: 'My name in this group (empty: my nick name)',
    input: z.object({ groupId: id, note: z.string().trim().max(GROUP_NOTE_MAX) }),
    output: groupInfo,
    errors: [ErrorCode.GroupNotFound],
  }),
};
