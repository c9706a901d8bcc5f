import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

const MOMENTS = '/app/moments';

export const MOMENT_TEXT_MAX = 2000;
export const MOMENT_IMAGES_MAX = 9;
export const MOMENT_COMMENT_MAX = 500;

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Our own uploads only; the server checks the prefix again (as for chat content). */
const mediaUrl = z
  .string()
  .trim()
  .max(1024)
  .regex(/^(\/uploads\/|https?:\/\/)[^\s"'<>\\]+$/, 'Must be an uploaded file URL');

export const momentVideo = z.object({
  url: mediaUrl,
  poster: mediaUrl.optional(),
  duration: z.number().finite().min(0).max(36_000).optional(),
});

export const momentLike = z.object({ userId: z.number().int(), nickName: z.string(), avatar: z.string() });
export const momentComment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  text: z.string(),
  replyToId: z.number().int().nullable(),
  replyToUserId: z.number().int().nullable(),
  replyToNickName: z.string().nullable(),
  createTime: z.string(),
});
export type MomentComment = z.infer<typeof momentComment>;

/** A moment as one viewer sees it: likes and comments only from the viewer's friends, the viewer and the author. */
export const moment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  text: z.string(),
  images: z.array(z.string()),
  video: momentVideo.nullable(),
  createTime: z.string(),
  isMine: z.boolean(),
  liked: z.boolean(),
  likes: z.array(momentLike),
  comments: z.array(momentComment),
});
export type Moment = z.infer<typeof moment>;

const momentRef = z.object({ id });

export const momentsApi = {
  post: endpoint({
    method: 'POST',
    path: `${MOMENTS}/post`,
    auth: 'user',
    summary: 'Post a moment: text with up to 9 images or one video (uploads of this server)',
    input: z.object({
      text: z.string().trim().max(MOMENT_TEXT_MAX).default(''),
      images: z.array(mediaUrl).max(MOMENT_IMAGES_MAX).default([]),
      video: momentVideo.optional(),
    }),
    output: moment,
    errors: [ErrorCode.ContentEmpty, ErrorCode.InvalidMediaUrl, ErrorCode.MomentMediaMixed],
  }),
  page: endpoint({
    method: 'POST',
    path: `${MOMENTS}/page`,
    auth: 'user',
    summary: "The feed: my moments and my friends', newest first (userId: one member's moments)",
    input: pageInput.extend({ userId: id.optional() }),
    output: pageOf(moment),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${MOMENTS}/detail`,
    auth: 'user',
    summary: "One moment of mine or a friend's",
    input: momentRef,
    output: moment,
    errors: [ErrorCode.MomentNotFound],
  }),
  delete: endpoint({
    method: 'POST',
    path: `${MOMENTS}/delete`,
    auth: 'user',
    summary: 'Delete my moment with its likes and comments',
    input: momentRef,
    output: ok,
    errors: [ErrorCode.Forbidden, ErrorCode.MomentNotFound],
  }),
  like: endpoint({
    method: 'POST',
    path: `${MOMENTS}/like`,
    auth: 'user',
    summary: 'Like a moment (once per member)',
    input: momentRef,
    output: moment,
    errors: [ErrorCode.MomentNotFound],
  }),
  unlike: endpoint({
    method: 'POST',
    path: `${MOMENTS}/unlike`,
    auth: 'user',
    summary: 'Take my like back',
    input: momentRef,
    output: moment,
    errors: [ErrorCode.MomentNotFound],
  }),
  comment: endpoint({
    method: 'POST',
    path: `${MOMENTS}/comment`,
    auth: 'user',
    summary: 'Comment on a moment, optionally replying to a comment',
    input: z.object({
      id,
      text: z.string().trim().min(1, 'Content cannot be empty').max(MOMENT_COMMENT_MAX),
      replyToId: id.optional(),
    }),
    output: moment,
    errors: [ErrorCode.MomentNotFound, ErrorCode.CommentNotFound],
  }),
  deleteComment: endpoint({
    method: 'POST',
    path: `${MOMENTS}/deleteComment`,
    auth: 'user',
    summary: 'Delete my comment, or any comment on my moment',
    input: momentRef,
    output: ok,
    errors: [ErrorCode.Forbidden, ErrorCode.CommentNotFound],
  }),
};
