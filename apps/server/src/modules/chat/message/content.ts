import {
  ErrorCode,
  MESSAGE_CONTENT_MAX_BYTES,
  MESSAGE_TEXT_MAX,
  type MessageContentType,
  messageContent,
  VOICE_MIN_SECONDS,
} from '@chatpay/shared';
import { AppError } from '../../../lib/errors.ts';
import { isOwnUrl } from '../../uploads/index.ts';

/** Transfers and red packets move money: only their own calls write them (never send, forward or auto-reply). */
export const isMoneyContent = (type: string) => type === 'transfer' || type === 'redpacket';
export const MONEY_CONTENT_MESSAGE = 'Transfers and red packets are sent with their own calls';

/**
 * Checks a client's message content and answers the clean object: a JSON string is parsed, the size is
 * limited, the per-type rules apply (docs/product.md#messages: voice under 1 s is "Too short"), and media
 * must be our uploads.
 */
/** The media URLs a clean message content carries (`url`, a video's `poster`). */
export const mediaUrlsOf = (content: Record<string, unknown>): string[] =>
  [content.url, content.poster].filter((u): u is string => typeof u === 'string');

export const parseContent = (
  type: MessageContentType,
  raw: unknown,
  publicUrl: string | undefined,
): Record<string, unknown> => {
  if (type === 'notice') throw new AppError(ErrorCode.NoticeNotAllowed);
  if (isMoneyContent(type)) throw new AppError(ErrorCode.Forbidden, MONEY_CONTENT_MESSAGE);
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError(ErrorCode.MalformedContent, 'The message content is not valid JSON');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError(ErrorCode.MalformedContent, 'The message content must be a JSON object');
  }
  const obj = value as Record<string, unknown>;
  if (type === 'text' && typeof obj.text === 'string') {
    if (obj.text.trim().length > MESSAGE_TEXT_MAX) throw new AppError(ErrorCode.MessageTooLong);
    if (obj.text.trim() === '') throw new AppError(ErrorCode.ContentEmpty);
  }
  if (Buffer.byteLength(JSON.stringify(obj)) > MESSAGE_CONTENT_MAX_BYTES) {
    throw new AppError(ErrorCode.ContentTooLarge);
  }
  if (type === 'voice' && typeof obj.duration === 'number' && obj.duration < VOICE_MIN_SECONDS) {
    throw new AppError(ErrorCode.TooShort);
  }
  const parsed = messageContent[type].safeParse(obj);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      field: ['content', ...i.path.map(String)].join('.'),
      message: i.message,
    }));
    throw new AppError(
      ErrorCode.MalformedContent,
      `The message content is malformed: ${issues.map((i) => i.field).join(', ')}`,
      issues,
    );
  }
  const clean = parsed.data as Record<string, unknown>;
  for (const key of ['url', 'poster']) {
    const url = clean[key];
    if (typeof url === 'string' && !isOwnUrl(url, publicUrl)) throw new AppError(ErrorCode.InvalidMediaUrl);
  }
  return clean;
};
