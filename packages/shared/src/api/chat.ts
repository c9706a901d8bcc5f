import { z } from 'zod';
import { SESSION_PAGE_SIZE } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

const FRIEND = '/app/chat/friend';
const SESSION = '/app/chat/session';
const MESSAGE = '/app/chat/message';

/** Limits of chat content (docs/product.md#messages). */
export const MESSAGE_TEXT_MAX = 4000;
export const MESSAGE_CONTENT_MAX_BYTES = 16 * 1024;
export const FRIEND_GREETING_MAX = 100;
export const RECALL_WINDOW_MS = 2 * 60_000;
/** The sender may edit a text message this long after sending it (docs/product.md#messages). */
export const EDIT_WINDOW_MS = 24 * 60 * 60_000;
/** The row of quick reactions under a message's menu, then the picker's grid (docs/product.md#messages). */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
export const REACTION_EMOJI = [
  ...QUICK_REACTIONS,
  '👎',
  '🔥',
  '🎉',
  '👏',
  '😁',
  '🤔',
  '😡',
  '😱',
  '🤯',
  '🥰',
  '😎',
  '🤝',
  '💯',
  '✅',
  '❌',
  '👀',
  '🙌',
  '💪',
  '🤣',
  '😭',
  '🥳',
  '🤗',
  '💔',
  '⚡',
] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];
/** Who reacted with one emoji: at most this many members are named, `count` counts them all. */
export const REACTION_NAMES_MAX = 50;
export const VOICE_MIN_SECONDS = 1;
/** An auto-reply is sent again in a session after this long even without the owner speaking. */
export const AUTO_REPLY_QUIET_MS = 30 * 60_000;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const seq = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// ---- message content ----------------------------------------------------------------------------

export const messageContentTypes = [
  'text',
  'image',
  'video',
  'voice',
  'file',
  'notice',
  'transfer',
  'redpacket',
] as const;
export type MessageContentType = (typeof messageContentTypes)[number];
/**
 * What a client may send; `notice` is written by the server only, `transfer` and `redpacket` only by their
 * dedicated calls (chatTransferApi.send, redPacketApi.send), which move the money in the same transaction.
 */
export const sendableContentTypes = ['text', 'image', 'video', 'voice', 'file'] as const;
export const autoReplyContentTypes = ['text', 'image', 'video'] as const;
export type AutoReplyContentType = (typeof autoReplyContentTypes)[number];

/** A media URL: an upload of this server (`/uploads/...`) or an absolute URL the server checks against PUBLIC_URL. */
const mediaUrl = z
  .string()
  .trim()
  .max(1024)
  .regex(/^(\/uploads\/|https?:\/\/)[^\s"'<>\\]+$/, 'Must be an uploaded file URL');
const positive = z.number().finite().min(0).max(1e9);

/**
 * A quoted message inside a text reply, as the server copies it when the reply is stored (a client names only
 * `quoteId`; a `quote` it sends is dropped). `text` is the quoted text (shortened), empty for media.
 */
export const messageQuote = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  senderId: z.number().int(),
  contentType: z.string(),
  text: z.string(),
});
export type MessageQuote = z.infer<typeof messageQuote>;
export const QUOTE_TEXT_MAX = 200;
/** The most members one message may @mention. */
export const MENTIONS_MAX = 50;

/** Whether a stored text message @mentions `userId` (by name, or @everyone). */
export const mentionsUser = (content: Record<string, unknown> | null | undefined, userId: number | null) =>
  userId !== null &&
  (content?.mentionAll === true || (Array.isArray(content?.mentions) && content.mentions.includes(userId)));

/** Per-type content rules. Unknown keys are dropped. */
export const messageContent = {
  text: z.object({
    text: z.string().trim().min(1, 'Content cannot be empty').max(MESSAGE_TEXT_MAX),
    /** Reply with a quote of this message of the same session. */
    quoteId: id.optional(),
    /** Group chats: the members @mentioned (notified even when they muted the group). */
    mentions: z.array(id).max(MENTIONS_MAX).optional(),
    /** Group chats: @everyone (the owner and managers only). */
    mentionAll: z.boolean().optional(),
  }),
  image: z.object({ url: mediaUrl, width: positive.optional(), height: positive.optional() }),
  video: z.object({
    url: mediaUrl,
    poster: mediaUrl.optional(),
    duration: positive.optional(),
    width: positive.optional(),
    height: positive.optional(),
  }),
  voice: z.object({ url: mediaUrl, duration: z.number().finite().min(0).max(3600) }),
  file: z.object({ url: mediaUrl, name: z.string().trim().min(1).max(255), size: positive }),
  notice: z.object({ type: z.string(), text: z.string() }).catchall(z.unknown()),
  /**
   * A chat transfer (docs/product.md#transfers): `transferId` is the ledger entry id; received at once (op
   * 'add').
   */
  transfer: z.object({
    op: z.literal('add'),
    transferId: z.number().int(),
    amount: z.string(),
    remark: z.string(),
    receiverId: z.number().int(),
  }),
  /** A red packet; open it with redPacketApi.detail / claim by `packetId`. */
  redpacket: z.object({
    packetId: z.number().int(),
    kind: z.enum(['equal', 'lucky']),
    count: z.number().int(),
    greeting: z.string(),
  }),
} as const satisfies Record<MessageContentType, z.ZodType>;

const contentInput = z.union([z.string().max(64 * 1024), z.record(z.string(), z.unknown())]);

/** One emoji's reactions on a message: how many members, and the first of them with their names. */
export const messageReaction = z.object({
  emoji: z.string(),
  count: z.number().int(),
  users: z.array(z.object({ id: z.number().int(), nickName: z.string() })),
});
export type MessageReaction = z.infer<typeof messageReaction>;

/** A stored message, as page answers and the `message` socket event carry it. */
export const chatMessage = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  seq: z.number().int(),
  clientMsgId: z.string(),
  senderId: z.number().int(),
  contentType: z.enum(messageContentTypes),
  content: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  isAutoReply: z.boolean(),
  recalled: z.boolean(),
  /** The session's change seq of this message's last change (a recall, an edit, a reaction); 0 or absent: never changed. */
  changeSeq: z.number().int().optional(),
  /**
   * Until when (epoch ms, inclusive) the sender may recall this message; null when it can never be recalled
   * (money, an auto-reply, already recalled). The same for every member: only the sender may use
   * it. The server always sends it; absent (a copy a client kept from before) counts as null.
   */
  recallableUntil: z.number().int().nullable().optional(),
  /**
   * Until when (epoch ms, inclusive) the sender may edit this text message; null when it can never be edited
   * (not text, an auto-reply, recalled). The same for every member, like `recallableUntil`.
   */
  editableUntil: z.number().int().nullable().optional(),
  /** When the text was last edited (the "edited" label); null or absent: never edited. */
  editTime: z.string().nullable().optional(),
  /** The reactions, one entry per emoji in the order first used; absent or empty: none. */
  reactions: z.array(messageReaction).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

// ---- users and friends --------------------------------------------------------------------------

/** What anyone may see of a member: never a hash, token, phone or note. */
export const publicUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  memberId: z.string(),
  description: z.string(),
  isFriend: z.boolean(),
  isSelf: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const friendItem = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  memberId: z.string(),
  description: z.string(),
  remark: z.string(),
  sessionId: z.number().int().nullable(),
  createTime: z.string(),
});
export type FriendItem = z.infer<typeof friendItem>;

/** A member on my block list: a stranger's view (no login name) and when I blocked them. */
export const blockedUser = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  memberId: z.string(),
  createTime: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUser>;

export const friendRequestStatus = ['pending', 'accepted', 'rejected'] as const;
export const friendRequest = z.object({
  id: z.number().int(),
  /** The sender of the request. */
  userId: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  memberId: z.string(),
  message: z.string(),
  status: z.enum(friendRequestStatus),
  createTime: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequest>;

const greeting = z.string().trim().max(FRIEND_GREETING_MAX).optional();
const keyword = z.string().trim().min(1).max(64);

export const addFriendResult = z.object({
  /** The request id (the other side's request when adding accepted it). */
  id: z.number().int(),
  status: z.enum(friendRequestStatus),
  /** The single session, once you are friends. */
  sessionId: z.number().int().nullable(),
});

export const friendApi = {
  search: endpoint({
    method: 'GET',
    path: `${FRIEND}/search`,
    auth: 'user',
    summary: 'Find a member by exact user name or exact member id (quota per member and hour)',
    input: z.object({ keyword }),
    output: z.array(publicUser),
  }),
  query: endpoint({
    method: 'GET',
    path: `${FRIEND}/query`,
    auth: 'user',
    summary: 'One member by id, user name, member id or share code (user detail page)',
    input: z
      .object({ userId: id.optional(), keyword: keyword.optional() })
      .refine((v) => v.userId !== undefined || v.keyword !== undefined, 'userId or keyword is required'),
    output: publicUser.extend({
      remark: z.string(),
      sessionId: z.number().int().nullable(),
      requestPending: z.boolean(),
      /** I blocked this member (friendApi.block). */
      blockedByMe: z.boolean(),
    }),
    errors: [ErrorCode.UserNotFound],
  }),
  addFriend: endpoint({
    method: 'POST',
    path: `${FRIEND}/addFriend`,
    auth: 'user',
    summary: 'Send a friend request with a short greeting; accepts theirs if they already asked',
    input: z.object({ userId: id, message: greeting }),
    output: addFriendResult,
    errors: [
      ErrorCode.AlreadyFriends,
      ErrorCode.Blocked,
      ErrorCode.CannotAddSelf,
      ErrorCode.RequestPending,
      ErrorCode.UserNotFound,
    ],
  }),
  addByCode: endpoint({
    method: 'POST',
    path: `${FRIEND}/addByCode`,
    auth: 'user',
    summary: 'Send a friend request to the owner of a share code (QR code)',
    input: z.object({ shareCode: z.string().trim().toUpperCase().min(4).max(16), message: greeting }),
    output: addFriendResult,
    errors: [
      ErrorCode.AlreadyFriends,
      ErrorCode.Blocked,
      ErrorCode.CannotAddSelf,
      ErrorCode.RequestPending,
      ErrorCode.UserNotFound,
    ],
  }),
  requestCount: endpoint({
    method: 'GET',
    path: `${FRIEND}/requestCount`,
    auth: 'user',
    summary: 'How many friend requests wait for me',
    input: z.object({}),
    output: z.number().int(),
  }),
  requestList: endpoint({
    method: 'GET',
    path: `${FRIEND}/requestList`,
    auth: 'user',
    summary: 'Friend requests to me, newest first (pending and recently handled; 100 at most)',
    input: z.object({}),
    output: z.array(friendRequest),
  }),
  confirmFriend: endpoint({
    method: 'POST',
    path: `${FRIEND}/confirmFriend`,
    auth: 'user',
    summary: 'Approve (agree true) or reject a friend request to me',
    input: z.object({ id, agree: z.boolean() }),
    output: z.object({
      id: z.number().int(),
      status: z.enum(friendRequestStatus),
      sessionId: z.number().int().nullable(),
    }),
    errors: [ErrorCode.NotFound, ErrorCode.RequestHandled],
  }),
  delFriend: endpoint({
    method: 'POST',
    path: `${FRIEND}/delFriend`,
    auth: 'user',
    summary: 'Remove a friend (both directions); they can no longer send in your single session',
    input: z.object({ userId: id }),
    output: ok,
    errors: [ErrorCode.NotFriends],
  }),
  setRemark: endpoint({
    method: 'POST',
    path: `${FRIEND}/setRemark`,
    auth: 'user',
    summary: 'Set my private remark (display name) for a friend; empty clears it',
    input: z.object({ userId: id, remark: z.string().trim().max(32) }),
    output: ok,
    errors: [ErrorCode.NotFriends],
  }),
  list: endpoint({
    method: 'POST',
    path: `${FRIEND}/list`,
    auth: 'user',
    summary: 'All my friends',
    input: z.object({}),
    output: z.array(friendItem),
  }),
  block: endpoint({
    method: 'POST',
    path: `${FRIEND}/block`,
    auth: 'user',
    summary:
      'Block a member: no 1:1 messages, friend requests, trade chats or new C2C orders either way; their ads leave my market',
    input: z.object({ userId: id }),
    output: ok,
    errors: [ErrorCode.CannotBlockSelf, ErrorCode.UserNotFound],
  }),
  unblock: endpoint({
    method: 'POST',
    path: `${FRIEND}/unblock`,
    auth: 'user',
    summary: 'Unblock a member I blocked (nothing happens when they are not blocked)',
    input: z.object({ userId: id }),
    output: ok,
  }),
  blockList: endpoint({
    method: 'GET',
    path: `${FRIEND}/blockList`,
    auth: 'user',
    summary: 'The members I blocked, newest first',
    input: z.object({}),
    output: z.array(blockedUser),
  }),
  page: endpoint({
    method: 'POST',
    path: `${FRIEND}/page`,
    auth: 'user',
    summary: 'My friends, a page at a time, optionally filtered by name',
    input: pageInput.extend({ keyword: z.string().trim().max(64).optional() }),
    output: pageOf(friendItem),
  }),
};

// ---- sessions -----------------------------------------------------------------------------------

export const sessionTypes = ['single', 'group'] as const;
export const sessionKinds = ['friend', 'service', 'mcc', 'group'] as const;

/** A group member (userId, note, isMuted; docs/product.md#groups) plus what a member grid shows. */
export const groupMember = z.object({
  userId: z.number().int(),
  note: z.string(),
  isMuted: z.boolean(),
  nickName: z.string(),
  avatar: z.string(),
  role: z.enum(['owner', 'manager', 'member']),
});

/**
 * A session as the list and the chat page see it (docs/product.md#sessions). `id` and `sessionId` are the
 * same.
 */
export const chatSession = z.object({
  sessionId: z.number().int(),
  id: z.number().int(),
  type: z.enum(sessionTypes),
  kind: z.enum(sessionKinds),
  name: z.string(),
  /** The other member of a single session. */
  userId: z.number().int().nullable(),
  content: z.record(z.string(), z.unknown()).nullable(),
  contentType: z.enum(messageContentTypes).nullable(),
  lastChatTime: z.string(),
  updateTime: z.string(),
  lastSeq: z.number().int(),
  readSeq: z.number().int(),
  /** Single sessions (order chats included): how far the peer has read (read receipts); null in groups. */
  peerReadSeq: z.number().int().nullable(),
  unreadCount: z.number().int(),
  isDelete: z.boolean(),
  useNotify: z.boolean(),
  isTop: z.boolean(),
  headimgs: z.string(),
  senderUsername: z.string().nullable(),
  senderNickName: z.string().nullable(),
  senderHeadImg: z.string().nullable(),
  /** An order chat: its order, so the chat is titled `Order #… · name` and marked as a trade chat. */
  trade: z.object({ orderId: z.number().int(), orderNo: z.string() }).nullable(),
  /** Group sessions only: the group, its first members and whether it was dissolved (no sends then). */
  groupInfo: z
    .object({
      groupId: z.number().int(),
      ownerId: z.number().int(),
      memberCount: z.number().int(),
      dissolved: z.boolean(),
      members: z.array(groupMember),
    })
    .nullable(),
});
export type ChatSession = z.infer<typeof chatSession>;

/** Search: a keyword of 1–50 characters, matched anywhere in the text, case-insensitively. */
export const SEARCH_KEYWORD_MAX = 50;
const searchKeyword = z.string().trim().min(1).max(SEARCH_KEYWORD_MAX);

export const setChatActions = ['chat.delete', 'notify.on', 'notify.off', 'chat.top', 'chat.untop'] as const;

export const sessionApi = {
  create: endpoint({
    method: 'POST',
    path: `${SESSION}/create`,
    auth: 'user',
    summary: 'Open the single session with a member (one per pair) or a group session',
    input: z.discriminatedUnion('type', [
      z.object({ type: z.literal('single'), userId: id }),
      z.object({ type: z.literal('group'), groupId: id }),
    ]),
    output: chatSession,
    errors: [ErrorCode.UserNotFound, ErrorCode.GroupNotFound, ErrorCode.CannotChatSelf],
  }),
  find: endpoint({
    method: 'POST',
    path: `${SESSION}/find`,
    auth: 'user',
    summary: 'The single session with a member, or null when there is none',
    input: z.object({ userId: id }),
    output: chatSession.nullable(),
  }),
  detail: endpoint({
    method: 'POST',
    path: `${SESSION}/detail`,
    auth: 'user',
    summary: 'One of my sessions',
    input: z.object({ id }),
    output: chatSession,
    errors: [ErrorCode.SessionNotFound],
  }),
  info: endpoint({
    method: 'GET',
    path: `${SESSION}/info`,
    auth: 'user',
    summary: 'One of my sessions',
    input: z.object({ id }),
    output: chatSession,
    errors: [ErrorCode.SessionNotFound],
  }),
  page: endpoint({
    method: 'POST',
    path: `${SESSION}/page`,
    auth: 'user',
    summary: 'My session list (hidden sessions left out), pinned first, then by lastChatTime',
    input: pageInput.extend({
      size: z.coerce.number().int().min(1).max(100).default(SESSION_PAGE_SIZE),
      order: z.enum(['lastChatTime']).default('lastChatTime'),
      sort: z.enum(['desc', 'asc']).default('desc'),
    }),
    output: pageOf(chatSession),
  }),
  setChat: endpoint({
    method: 'POST',
    path: `${SESSION}/setChat`,
    auth: 'user',
    summary: 'Per-member session settings: chat.delete hides it until a new message; notify on/off; top',
    input: z
      .object({ id: id.optional(), sessionId: id.optional(), action: z.enum(setChatActions) })
      .refine((v) => v.id !== undefined || v.sessionId !== undefined, 'id is required'),
    output: chatSession,
    errors: [ErrorCode.SessionNotFound],
  }),
  checkService: endpoint({
    method: 'GET',
    path: `${SESSION}/checkService`,
    auth: 'user',
    summary: 'Open (or find) my customer-service session',
    input: z.object({}),
    output: chatSession,
  }),
  search: endpoint({
    method: 'POST',
    path: `${SESSION}/search`,
    auth: 'user',
    summary:
      'Search my friends (nickname, remark, member id) and my chats (group name, peer name) by keyword',
    input: z.object({ keyword: searchKeyword }),
    output: z.object({
      /** Up to 20 friends, A-Z. */
      contacts: z.array(friendItem),
      /** Up to 20 sessions, newest chat first. */
      sessions: z.array(chatSession),
    }),
  }),
  toMccId: endpoint({
    method: 'POST',
    path: `${SESSION}/toMccId`,
    auth: 'user',
    summary:
      'Open (or find) the single session with a trade counterparty or friend by public member id; anyone else is NotFriends',
    input: z.object({
      mccId: z
        .string()
        .trim()
        .regex(/^\d{4,16}$/, 'Invalid member id'),
    }),
    output: chatSession,
    errors: [ErrorCode.UserNotFound, ErrorCode.Blocked, ErrorCode.CannotChatSelf, ErrorCode.NotFriends],
  }),
};

// ---- messages -----------------------------------------------------------------------------------

export const sendResult = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  seq: z.number().int(),
  clientMsgId: z.string(),
  createTime: z.string(),
  /**
   * As on the stored message (chatMessage.recallableUntil). Optional for the same reason: an answer without it
   * (a server from before it) is still a stored message, whose own Recall the app then does not offer.
   */
  recallableUntil: z.number().int().nullable().optional(),
});

/** Where a device is in a session's changes: `shared` (recalls, edits) and `mine` (my removals, clears). */
export const changeCursors = z.object({ shared: z.number().int(), mine: z.number().int() });
export type ChangeCursors = z.infer<typeof changeCursors>;

export const messagePage = pageOf(chatMessage).extend({
  /** The session's newest seq and my read seq, for catch-up and unread. */
  lastSeq: z.number().int(),
  readSeq: z.number().int(),
  /** More messages exist in the direction asked (older for beforeSeq/newest, newer for afterSeq). */
  hasMore: z.boolean(),
  /** The change cursors as they were before the messages were read (chat-delivery.md "Changes since"). */
  changes: changeCursors,
});

/** A text message that matched a search, with what a result row shows of its chat. */
export const messageHit = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  seq: z.number().int(),
  senderId: z.number().int(),
  /** My remark for the sender, else their nickname. */
  senderName: z.string(),
  senderAvatar: z.string(),
  text: z.string(),
  createTime: z.string(),
  sessionName: z.string(),
  sessionType: z.enum(sessionTypes),
  /** The chat's avatar (a group's: its first members' avatars, comma-separated). */
  sessionAvatar: z.string(),
});
export type MessageHit = z.infer<typeof messageHit>;

/** The changes of a session after a device's cursors (chat-delivery.md "Changes since"). */
export const messageChanges = z.object({
  /** Messages changed (recalled, edited, reacted to) after `afterShared` that I can see, replace by id. */
  messages: z.array(chatMessage),
  /** Messages I deleted for me after `afterMine`: drop by id. */
  removedIds: z.array(z.number().int()),
  /** My clear point: drop every message at or below it. */
  clearedSeq: z.number().int(),
  changes: changeCursors,
  /** More changes wait after the returned cursors: ask again with them. */
  hasMore: z.boolean(),
});
export type MessageChanges = z.infer<typeof messageChanges>;

export const autoReply = z.object({
  enabled: z.boolean(),
  contentType: z.enum(autoReplyContentTypes),
  content: z.record(z.string(), z.unknown()).nullable(),
});

const ids = z.array(id).min(1).max(100);

export const messageApi = {
  send: endpoint({
    method: 'POST',
    path: `${MESSAGE}/send`,
    auth: 'user',
    summary: 'Store a message (idempotent per clientMsgId) and deliver it to every member',
    input: z.object({
      sessionId: id,
      clientMsgId: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9_.:-]+$/, 'Letters, digits and _ . : - only'),
      // Transfers and red packets are not accepted here (a validation error): only their own calls write them.
      contentType: z.enum([...sendableContentTypes, 'notice']),
      content: contentInput,
    }),
    output: sendResult,
    errors: [
      ErrorCode.ContentEmpty,
      ErrorCode.NotFriends,
      ErrorCode.Blocked,
      ErrorCode.SessionNotFound,
      ErrorCode.MessageTooLong,
      ErrorCode.ContentTooLarge,
      ErrorCode.MalformedContent,
      ErrorCode.InvalidMediaUrl,
      ErrorCode.NoticeNotAllowed,
      ErrorCode.TooShort,
      ErrorCode.Muted,
      ErrorCode.SendTooFast,
      ErrorCode.ClientMsgIdReused,
      ErrorCode.GroupDissolved,
      ErrorCode.MessageNotFound,
      // @everyone from a member who is not the owner or a manager.
      ErrorCode.Forbidden,
    ],
  }),
  page: endpoint({
    method: 'POST',
    path: `${MESSAGE}/page`,
    auth: 'user',
    summary: 'Messages by seq: newest page by default, beforeSeq for history, afterSeq for catch-up',
    input: z.object({
      sessionId: id,
      afterSeq: seq.optional(),
      beforeSeq: seq.optional(),
      size: z.coerce.number().int().min(1).max(200).default(50),
    }),
    output: messagePage,
    errors: [ErrorCode.SessionNotFound],
  }),
  search: endpoint({
    method: 'POST',
    path: `${MESSAGE}/search`,
    auth: 'user',
    summary:
      'Text messages I can see that contain the keyword, newest first, across my chats or in one (sessionId); page with cursor = nextCursor',
    input: z.object({
      keyword: searchKeyword,
      sessionId: id.optional(),
      /** The last message id of the previous page: older hits follow. */
      cursor: id.optional(),
      size: z.coerce.number().int().min(1).max(50).default(20),
    }),
    output: z.object({
      list: z.array(messageHit),
      /** Pass as `cursor` for the next page; null when there is none. */
      nextCursor: z.number().int().nullable(),
    }),
    errors: [ErrorCode.SessionNotFound],
  }),
  changes: endpoint({
    method: 'GET',
    path: `${MESSAGE}/changes`,
    auth: 'user',
    summary:
      'Recalls, edits, reactions, my deletions and my clear point since my change cursors (catch-up after a reconnect)',
    input: z.object({ sessionId: id, afterShared: seq.default(0), afterMine: seq.default(0) }),
    output: messageChanges,
    errors: [ErrorCode.SessionNotFound],
  }),
  read: endpoint({
    method: 'POST',
    path: `${MESSAGE}/read`,
    auth: 'user',
    summary: 'Mark read up to seq (never lowers the read seq)',
    input: z.object({ sessionId: id, seq }),
    output: z.object({
      sessionId: z.number().int(),
      readSeq: z.number().int(),
      unreadCount: z.number().int(),
    }),
    errors: [ErrorCode.SessionNotFound],
  }),
  remove: endpoint({
    method: 'POST',
    path: `${MESSAGE}/remove`,
    auth: 'user',
    summary: 'Delete messages for me only',
    input: z.object({ ids }),
    output: ok,
    errors: [ErrorCode.MessageNotFound],
  }),
  recall: endpoint({
    method: 'POST',
    path: `${MESSAGE}/recall`,
    auth: 'user',
    summary: 'Recall my message within 2 minutes: everyone sees a notice instead',
    input: z.object({ id }),
    output: chatMessage,
    errors: [ErrorCode.MessageNotFound, ErrorCode.RecallExpired, ErrorCode.RecallNotAllowed],
  }),
  edit: endpoint({
    method: 'POST',
    path: `${MESSAGE}/edit`,
    auth: 'user',
    summary:
      'Edit the text of my text message within 24 hours (any number of times): every member gets it again, same id and seq',
    input: z.object({ id, text: messageContent.text.shape.text }),
    output: chatMessage,
    errors: [ErrorCode.MessageNotFound, ErrorCode.EditNotAllowed, ErrorCode.EditExpired],
  }),
  react: endpoint({
    method: 'POST',
    path: `${MESSAGE}/react`,
    auth: 'user',
    summary:
      'Add (active true) or take back (false) my reaction with one emoji on a message I can see; repeating changes nothing',
    input: z.object({ id, emoji: z.enum(REACTION_EMOJI), active: z.boolean() }),
    output: chatMessage,
    errors: [ErrorCode.MessageNotFound],
  }),
  clear: endpoint({
    method: 'POST',
    path: `${MESSAGE}/clear`,
    auth: 'user',
    summary: "Clear a session's history for me",
    input: z.object({ sessionId: id }),
    output: ok,
    errors: [ErrorCode.SessionNotFound],
  }),
  transmit: endpoint({
    method: 'POST',
    path: `${MESSAGE}/transmit`,
    auth: 'user',
    summary: 'Forward copies of messages to other sessions',
    input: z.object({ ids: z.array(id).min(1).max(20), sessionIds: z.array(id).min(1).max(9) }),
    output: z.array(sendResult),
    errors: [
      ErrorCode.Forbidden,
      ErrorCode.SessionNotFound,
      ErrorCode.MessageNotFound,
      ErrorCode.Muted,
      ErrorCode.NotFriends,
      ErrorCode.Blocked,
    ],
  }),
  callback: endpoint({
    method: 'POST',
    path: `${MESSAGE}/callback`,
    auth: 'user',
    summary: 'Acknowledge that a message reached this client',
    input: z.object({ id }),
    output: ok,
    errors: [ErrorCode.MessageNotFound],
  }),
  signPushId: endpoint({
    method: 'POST',
    path: `${MESSAGE}/signPushId`,
    auth: 'user',
    summary: 'Register this device for push notifications',
    input: z.object({
      clientId: z.string().trim().min(1).max(512),
      platform: z.string().trim().min(1).max(32),
      deviceId: z.string().trim().min(1).max(128),
      deviceName: z.string().trim().max(128).default(''),
      deviceModel: z.string().trim().max(128).default(''),
    }),
    output: ok,
  }),
  getReply: endpoint({
    method: 'GET',
    path: `${MESSAGE}/getReply`,
    auth: 'user',
    summary: 'My auto-reply',
    input: z.object({}),
    output: autoReply,
  }),
  setReply: endpoint({
    method: 'POST',
    path: `${MESSAGE}/setReply`,
    auth: 'user',
    summary: 'Set my auto-reply (text, image or video); sent once per conversation burst',
    input: z.object({
      enabled: z.boolean(),
      contentType: z.enum(autoReplyContentTypes),
      content: contentInput,
    }),
    output: autoReply,
    errors: [ErrorCode.ContentEmpty, ErrorCode.InvalidMediaUrl],
  }),
};
