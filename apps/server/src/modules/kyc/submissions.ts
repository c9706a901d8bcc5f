import { ErrorCode, formatUsdt, type kycSubmitInput, micro } from '@chatpay/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { areUnusedOwnUploads } from '../uploads/index.ts';
import { withdrawalLimits } from './levels.ts';
import { idNumberAt, nextLevel, presentStatus } from './present.ts';
import { kycMembers, kycSubmissions, type SubmissionRow } from './tables.ts';

/** Advisory transaction lock (with the member's id): one member's submissions one at a time. */
const KYC_SUBMIT_LOCK = 72_173_190;

type SubmitForm = z.output<typeof kycSubmitInput>;

/** Statuses of a submission still waiting for a reviewer. */
export const OPEN_STATUSES = ['pending', 'checked'] as const;

/** A document number as compared: letters and digits only, upper case. */
export const normalNumber = (n: string) => n.replace(/[\s-]+/g, '').toUpperCase();

/** The digest that finds one document on several accounts (lib/secret-box.ts `digest`). */
export const documentDigest = (box: SecretBox, country: string, number: string) =>
  box.digest(`${country}:${normalNumber(number)}`, 'kyc-id-number');

/** The member's verified identity (null at level 0) and their latest submission. */
export const memberState = async (exec: Executor, userId: number) => {
  const [[member], [latest]] = await Promise.all([
    exec.select().from(kycMembers).where(eq(kycMembers.userId, userId)),
    exec
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId))
      .orderBy(desc(kycSubmissions.id))
      .limit(1),
  ]);
  return { member: member ?? null, latest: latest ?? null };
};

/** A member's side of identity verification (docs/design/identity.md, "Submitting"). */
export class SubmissionService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly realtime: Realtime,
  ) {}

  async status(userId: number) {
    const { member, latest } = await memberState(this.db, userId);
    const level = member?.level === 1 || member?.level === 2 ? member.level : 0;
    return presentStatus(
      { level, realName: member?.realName ?? null, country: member?.country ?? null },
      latest,
      withdrawalLimits(this.config),
      (v) => formatUsdt(micro(v)),
    );
  }

  /**
   * A new submission of the level the member may send now; one still waiting is replaced (superseded). Its
   * files must be the member's own fresh uploads, used nowhere else; the number is sealed for its row.
   */
  async submit(userId: number, form: SubmitForm) {
    const files = form.level === 1 ? [form.documentUrl, form.selfieUrl] : [form.addressUrl];
    if (new Set(files).size !== files.length) throw new AppError(ErrorCode.KycDocumentReused);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${KYC_SUBMIT_LOCK}, ${userId})`);
      const { member } = await memberState(tx, userId);
      const level = member?.level === 1 || member?.level === 2 ? member.level : 0;
      if (nextLevel(level) !== form.level) throw new AppError(ErrorCode.KycNotAllowed);
      // Checked after the lock: a file of the submission being replaced counts as used by it.
      if (!(await areUnusedOwnUploads(tx, this.config.PUBLIC_URL, userId, files)))
        throw new AppError(ErrorCode.KycDocumentReused);
      await tx
        .update(kycSubmissions)
        .set({ status: 'superseded', updateTime: now })
        .where(and(eq(kycSubmissions.userId, userId), inArray(kycSubmissions.status, [...OPEN_STATUSES])));
      const row =
        form.level === 1
          ? this.identityRow(form, userId, now)
          : await this.addressRow(tx, form, member, userId, now);
      const [created] = await tx.insert(kycSubmissions).values(row).returning();
      if (form.level === 1) await this.sealNumber(tx, created!, form);
    });
    this.realtime.emitToStaff('console', { kind: 'kyc' });
    return this.status(userId);
  }

  private identityRow(form: Extract<SubmitForm, { level: 1 }>, userId: number, now: Date) {
    return {
      userId,
      level: 1,
      realName: form.realName,
      country: form.country,
      idNumberLast4: normalNumber(form.idNumber).slice(-4),
      idNumberDigest: documentDigest(this.box, form.country, form.idNumber),
      documentUrl: form.documentUrl,
      selfieUrl: form.selfieUrl,
      createTime: now,
      updateTime: now,
    };
  }

  /** Level 2 rests on the verified identity: its name, country and number's last digits are shown with it. */
  private async addressRow(
    tx: Executor,
    form: Extract<SubmitForm, { level: 2 }>,
    member: typeof kycMembers.$inferSelect | null,
    userId: number,
    now: Date,
  ) {
    let last4 = '';
    if (member?.identityId) {
      const [identity] = await tx
        .select({ last4: kycSubmissions.idNumberLast4 })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.id, member.identityId));
      last4 = identity?.last4 ?? '';
    }
    return {
      userId,
      level: 2,
      realName: member!.realName,
      country: member!.country,
      idNumberLast4: last4,
      addressUrl: form.addressUrl,
      createTime: now,
      updateTime: now,
    };
  }

  /** The number is sealed for the row's id (its additional data), so the row is written first. */
  private async sealNumber(tx: Executor, row: SubmissionRow, form: Extract<SubmitForm, { level: 1 }>) {
    await tx
      .update(kycSubmissions)
      .set({ idNumberEnc: this.box.seal(form.idNumber, idNumberAt(row.id)) })
      .where(eq(kycSubmissions.id, row.id));
  }
}
