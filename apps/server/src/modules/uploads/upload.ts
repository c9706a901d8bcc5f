import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@chatpay/shared';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { uploads } from './tables.ts';

/**
 * What may be uploaded, keyed by the extension `file-type` detects from the bytes, with the MIME type it is
 * recorded as. The stored file gets that extension, so the static server answers a matching Content-Type.
 * Anything else (SVG, HTML, scripts, executables, bytes nobody recognises) is refused: served from our own
 * origin, those could run script or mislead the browser.
 */
export const allowedUploadTypes: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** The client's file name is kept for the record only; NUL and control characters cannot be stored. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const cleanName = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);

const isTooLarge = (err: unknown) => (err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A failure while parsing the request body (no boundary, truncated part, …) is bad input, not a server fault.
 * File-system failures carry `syscall` and stay server errors.
 */
const asInputError = (err: unknown) => {
  if (err instanceof AppError || (err instanceof Error && 'syscall' in err)) return err;
  if (isTooLarge(err)) return new AppError(ErrorCode.UploadTooLarge);
  const message = 'Malformed multipart body';
  return new AppError(ErrorCode.Validation, message, [{ field: 'file', message }]);
};

/** Reads the request's one file part (field `file`); none, or not a multipart request at all → UploadMissing. */
export const readFilePart = async (req: FastifyRequest): Promise<MultipartFile> => {
  if (!req.isMultipart()) throw new AppError(ErrorCode.UploadMissing);
  let part: MultipartFile | undefined;
  try {
    part = await req.file();
  } catch (err) {
    throw asInputError(err);
  }
  if (!part) throw new AppError(ErrorCode.UploadMissing);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError(ErrorCode.UploadMissing, 'The file must be sent in the multipart field `file`');
  }
  return part;
};

/**
 * Stores uploads on local disk under `DATA_DIR/uploads/YYYY-MM-DD/<uuid>.<ext>`: streamed to a temporary file
 * (so the size limit holds without buffering in memory), typed from its bytes, then renamed into place so a
 * half-written file is never served.
 */
export class UploadService {
  private readonly uploadsDir: string;
  private readonly tmpDir: string;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.uploadsDir = path.join(config.dataDir, 'uploads');
    // Beside the uploads, not inside them: the same file system (rename is atomic) but never served.
    this.tmpDir = path.join(config.dataDir, 'tmp');
  }

  /** Bytes the member uploaded since the start of the UTC day. */
  private async usedToday(userId: number): Promise<number> {
    const day = new Date(this.clock.now());
    day.setUTCHours(0, 0, 0, 0);
    const [row] = await this.db
      .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), gte(uploads.createTime, day)));
    return Number(row?.bytes ?? 0);
  }

  /** Saves the part and answers its public URL. */
  async store(userId: number, part: MultipartFile): Promise<string> {
    // UPLOAD_DAILY_QUOTA_MB per member per UTC day: checked before reading the body and again with its size.
    const quota = this.config.UPLOAD_DAILY_QUOTA_MB * 1024 * 1024;
    const used = await this.usedToday(userId);
    if (used >= quota) {
      part.file.resume();
      throw new AppError(ErrorCode.UploadQuotaExceeded);
    }
    await fs.mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${randomUUID()}.part`);
    try {
      try {
        await pipeline(part.file, createWriteStream(tmp, { flags: 'wx' }));
      } catch (err) {
        throw asInputError(err);
      }
      if (part.file.truncated) throw new AppError(ErrorCode.UploadTooLarge);
      const { size } = await fs.stat(tmp);
      if (size === 0) throw new AppError(ErrorCode.UploadMissing, 'The file is empty');
      if (used + size > quota) throw new AppError(ErrorCode.UploadQuotaExceeded);

      const detected = await fileTypeFromFile(tmp);
      const mime = detected ? allowedUploadTypes[detected.ext] : undefined;
      if (!detected || !mime) throw new AppError(ErrorCode.UploadTypeNotAllowed);

      const day = new Date().toISOString().slice(0, 10);
      const relative = `${day}/${randomUUID()}.${detected.ext}`;
      const target = path.join(this.uploadsDir, relative);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
      try {
        await this.db.insert(uploads).values({
          userId,
          path: relative,
          mime,
          size,
          originalName: cleanName(part.filename ?? ''),
          createTime: this.clock.now(),
        });
      } catch (err) {
        await fs.rm(target, { force: true });
        throw err;
      }
      return this.publicUrl(relative);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  private publicUrl(relative: string) {
    const base = this.config.PUBLIC_URL ? this.config.PUBLIC_URL.replace(/\/+$/, '') : '';
    return `${base}/uploads/${relative}`;
  }
}
