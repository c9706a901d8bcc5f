import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { allowedUploadTypes, ErrorCode } from '@chatpay/shared';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { cleanImage } from './images.ts';
import type { S3Media } from './s3.ts';
import { uploads } from './tables.ts';

/** Types browsers report for files we record under another allowed type (WebM voice notes, M4A). */
const claimable = new Set([
  ...Object.values(allowedUploadTypes),
  'audio/webm',
  'audio/x-m4a',
  'audio/mp3',
  'audio/x-wav',
  'audio/wave',
]);

/** Pictures, sound or video, or exactly that document type: a claim and the bytes must agree on this. */
const familyOf = (mime: string) =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/') || mime.startsWith('audio/')
      ? 'media'
      : mime;

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
    private readonly s3: S3Media | null = null,
  ) {
    this.uploadsDir = path.join(config.dataDir, 'uploads');
    // Beside the uploads, not inside them: the same file system (rename is atomic) but never served.
    this.tmpDir = path.join(config.dataDir, 'tmp');
  }

  /** Bytes the member uploaded (or was handed a form for) since the start of the UTC day. */
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
      let stored = size;
      const cleaned = await cleanImage(await fs.readFile(tmp), mime).catch(() => null);
      if (cleaned) {
        await fs.writeFile(tmp, cleaned);
        stored = cleaned.length;
      }

      const day = this.clock.now().toISOString().slice(0, 10);
      const relative = `${day}/${randomUUID()}.${detected.ext}`;
      const target = path.join(this.uploadsDir, relative);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
      try {
        await this.db.insert(uploads).values({
          userId,
          path: relative,
          mime,
          size: stored,
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

  private get cloud(): S3Media {
    if (!this.s3) throw new AppError(ErrorCode.UploadMissing, 'This server stores uploads on its disk');
    return this.s3;
  }

  /**
   * Cloud mode, step 1: a presigned POST for one object of this member, size and type. The key follows
   * docs/product.md#uploads (app folder / YYYY-MM-DD / unique id + file name); a `pending` row reserves the
   * quota and records whose key it is.
   */
  async presign(userId: number, input: { fileName: string; contentType: string; size: number }) {
    const s3 = this.cloud;
    if (input.size > this.config.UPLOAD_MAX_MB * 1024 * 1024) throw new AppError(ErrorCode.UploadTooLarge);
    if (!claimable.has(input.contentType)) throw new AppError(ErrorCode.UploadTypeNotAllowed);
    const quota = this.config.UPLOAD_DAILY_QUOTA_MB * 1024 * 1024;
    if ((await this.usedToday(userId)) + input.size > quota)
      throw new AppError(ErrorCode.UploadQuotaExceeded);
    const day = this.clock.now().toISOString().slice(0, 10);
    const safe = input.fileName.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-80) || 'file';
    const key = `${this.config.S3_APP_FOLDER}/${day}/${randomUUID()}-${safe}`;
    await this.db.insert(uploads).values({
      userId,
      path: key,
      mime: input.contentType,
      size: input.size,
      originalName: cleanName(input.fileName),
      status: 'pending',
      createTime: this.clock.now(),
    });
    const post = await s3.presignPost(key, input.contentType, input.size);
    return { url: post.url, fields: post.fields };
  }

  /**
   * Cloud mode, step 2: the member says the file is in the store. Only the member the form was made for may
   * confirm it; the object must have the size asked for, be stored with the Content-Type asked for and, read
   * from its first bytes, be of the type asked for (a store may not enforce the form's policy). Images are turned upright and stripped of metadata. A file
   * that fails is deleted from the store with its row. Answers the URL messages and moments refer to.
   */
  async confirm(userId: number, key: string): Promise<string> {
    const s3 = this.cloud;
    const [row] = await this.db.select().from(uploads).where(eq(uploads.path, key));
    if (!row || row.userId !== userId) throw new AppError(ErrorCode.UploadMissing, 'No such upload');
    if (row.status !== 'pending') return this.publicUrl(key);
    const head = await s3.head(key);
    if (head === null) throw new AppError(ErrorCode.UploadMissing, 'The file has not reached the store');
    const size = head.size;
    const refuse = async (error: AppError) => {
      await s3.remove(key);
      await this.db.delete(uploads).where(eq(uploads.id, row.id));
      return error;
    };
    if (size > row.size) throw await refuse(new AppError(ErrorCode.UploadTooLarge));
    if (size < row.size) throw await refuse(new AppError(ErrorCode.UploadMissing, 'The file is incomplete'));
    // The store serves the object with the Content-Type it was posted with: a file declared a PDF but stored
    // as text/html would open as a page on the store's origin.
    const storedType = head.contentType.split(';')[0]!.trim().toLowerCase();
    if (storedType !== row.mime) throw await refuse(new AppError(ErrorCode.UploadTypeNotAllowed));
    const detected = await fileTypeFromBuffer(await s3.read(key, 4100));
    const mime = detected ? allowedUploadTypes[detected.ext] : undefined;
    if (!mime || familyOf(mime) !== familyOf(row.mime))
      throw await refuse(new AppError(ErrorCode.UploadTypeNotAllowed));
    let stored = size;
    if (mime.startsWith('image/')) {
      const cleaned = await cleanImage(await s3.read(key), mime).catch(() => null);
      if (cleaned) {
        await s3.put(key, cleaned, mime);
        stored = cleaned.length;
      }
    }
    await this.db.update(uploads).set({ status: 'ready', size: stored, mime }).where(eq(uploads.id, row.id));
    return this.publicUrl(key);
  }

  private publicUrl(relative: string) {
    const base = this.config.PUBLIC_URL ? this.config.PUBLIC_URL.replace(/\/+$/, '') : '';
    return `${base}/uploads/${relative}`;
  }
}
