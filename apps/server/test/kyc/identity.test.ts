import {
  adminKycApi,
  advertisingApi,
  bankApi,
  ErrorCode,
  type KycSubmitInput,
  kycApi,
  merchantApi,
  testKycApi,
  transactionApi,
  userApi,
} from '@chatpay/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, kycMembers, kycSubmissions, uploads } from '../../src/db/schema/index.ts';
import { SecretBox } from '../../src/lib/secret-box.ts';
import { bankForm, createAd, createMerchant, createTrader, expectBooks } from '../c2c/factories.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import {
  adminToken,
  balanceOf,
  createUser,
  type TestUser,
  uniqueName,
  verify,
} from '../helpers/factories.ts';
import { mediaCookie, uploadPicture } from '../helpers/media.ts';
import { addStaffAtOnce, addStaffChecked, type StaffUser } from '../helpers/staff.ts';

/**
 * Identity verification (docs/design/identity.md): the levels and what they unlock, submitting and
 * resubmitting, the review with its separation of duties, the documents' privacy, the sealed number, the
 * retention job, and the market's use of the verified name.
 */
const t = useTestApp();

let colour = 0;
/** A fresh picture each time (the server keeps every upload as its own file). */
const photo = async (app: TestApp, who: TestUser) => {
  colour = (colour + 37) % 255;
  const bytes = await sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: colour, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  return uploadPicture(app, bytes, who.token);
};

const identityForm = async (app: TestApp, who: TestUser, overrides: Partial<KycSubmitInput> = {}) =>
  ({
    level: 1,
    realName: 'Wang Fang',
    idNumber: 'E12345678',
    country: 'cn',
    documentUrl: await photo(app, who),
    selfieUrl: await photo(app, who),
    ...overrides,
  }) as KycSubmitInput;

const fetchAs = async (app: TestApp, url: string, token: string | null) =>
  app.app.inject({ method: 'GET', url, headers: token ? { cookie: await mediaCookie(app, token) } : {} });

/**
 * Staff for the review: a support member (no identity permission), and admins A (seeded), B (added by A
 * alone), C (asked for by B, approved by A) and D (asked for by A, approved by C). B and C are associates
 * (B made C), so are A and B, and A and D.
 */
interface Staff {
  support: StaffUser;
  a: { id: number; token: string };
  b: StaffUser;
  c: StaffUser;
  d: StaffUser;
}
let staff: Staff;
beforeAll(async () => {
  const aToken = await adminToken(t);
  const support = await addStaffAtOnce(t, aToken, ['support']);
  const b = await addStaffAtOnce(t, aToken, ['admin']);
  const c = await addStaffChecked(t, b.token, aToken, ['admin']);
  const d = await addStaffChecked(t, aToken, c.token, ['admin']);
  const aId = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'base:staff:add')))[0]!
    .actorId;
  staff = { support, a: { id: aId, token: aToken }, b, c, d };
});

describe('levels and what they unlock', () => {
  it('a new member is level 0 with the limits of each level, and may send level 1', async () => {
    const m = await createUser(t);
    const status = await t.ok(kycApi.status, {}, m.token);
    expect(status).toMatchObject({ level: 0, realName: null, submission: null, canSubmit: 1 });
    expect(status.levels).toEqual([
      { level: 0, withdrawalDaily: '500.00', c2c: false, merchant: false },
      { level: 1, withdrawalDaily: '20000.00', c2c: true, merchant: false },
      { level: 2, withdrawalDaily: '100000.00', c2c: true, merchant: true },
    ]);
  });

  it('orders need level 1: a level 0 member can neither quote nor start, and nothing moves', async () => {
    const merchant = await createMerchant(t);
    const ad = await createAd(t, merchant);
    const m = await createUser(t);
    const before = await balanceOf(t, merchant);
    for (const call of [
      () => t.call(transactionApi.quote, { adId: ad.id, amountCoin: '10' }, m.token),
      () => t.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, m.token),
    ]) {
      const res = await call();
      expect(res.code).toBe(ErrorCode.VerificationRequired);
      expect(res.data).toEqual({ required: 1, actual: 0 });
    }
    expect(await balanceOf(t, merchant)).toEqual(before);
    await verify(t, m, 1);
    expect((await t.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, m.token)).status).toBe(
      'pending',
    );
    await expectBooks(t);
  });

  it('a merchant application needs level 2', async () => {
    const m = await createUser(t, { level: 1 });
    const res = await t.call(merchantApi.apply, { name: 'Shop' }, m.token);
    expect(res.code).toBe(ErrorCode.VerificationRequired);
    expect(res.data).toEqual({ required: 2, actual: 1 });
    await verify(t, m, 2);
    expect((await t.ok(merchantApi.apply, { name: 'Shop' }, m.token)).status).toBe('pending');
  });
});

describe('submitting and reviewing', () => {
  it('level 1: submit, replace while waiting, rejected with a reason, resubmit, approved', async () => {
    const m = await createUser(t);
    const first = await t.ok(kycApi.submit, await identityForm(t, m), m.token);
    expect(first.submission).toMatchObject({
      level: 1,
      status: 'pending',
      realName: 'Wang Fang',
      country: 'CN',
      idNumberMasked: '****5678',
    });
    // A waiting submission may be replaced: the first is superseded, one waits.
    const second = await t.ok(kycApi.submit, await identityForm(t, m, { idNumber: 'E1234-9999' }), m.token);
    expect(second.submission!.idNumberMasked).toBe('****9999');
    const [old] = await t.database.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.id, first.submission!.id));
    expect(old!.status).toBe('superseded');

    const queue = await t.ok(adminKycApi.page, {}, staff.a.token);
    expect(queue.list.filter((s) => s.userId === m.id).map((s) => s.id)).toEqual([second.submission!.id]);

    const rejected = await t.ok(
      adminKycApi.review,
      { id: second.submission!.id, approve: false, reasonCode: 'unreadable', note: 'glare on the photo' },
      staff.a.token,
    );
    expect(rejected).toMatchObject({ status: 'rejected', reasonCode: 'unreadable', mayReview: false });
    const told = await t.ok(kycApi.status, {}, m.token);
    expect(told).toMatchObject({ level: 0, canSubmit: 1 });
    expect(told.submission).toMatchObject({
      status: 'rejected',
      reasonCode: 'unreadable',
      note: 'glare on the photo',
    });
    await t.fails(
      adminKycApi.review,
      { id: second.submission!.id, approve: true },
      staff.c.token,
      ErrorCode.KycNotReviewable,
    );

    const third = await t.ok(kycApi.submit, await identityForm(t, m), m.token);
    await t.ok(adminKycApi.review, { id: third.submission!.id, approve: true }, staff.a.token);
    expect(await t.ok(kycApi.status, {}, m.token)).toMatchObject({
      level: 1,
      realName: 'Wang Fang',
      country: 'CN',
      canSubmit: 2,
      submission: { status: 'approved' },
    });
    // Level 1 cannot be sent again.
    await t.fails(kycApi.submit, await identityForm(t, m), m.token, ErrorCode.KycNotAllowed);
  });

  it('level 2 needs two different, independent reviewers; then the member may apply as a merchant', async () => {
    const m = await createUser(t);
    await t.fails(
      kycApi.submit,
      { level: 2, addressUrl: await photo(t, m) },
      m.token,
      ErrorCode.KycNotAllowed,
    );
    const identity = await t.ok(kycApi.submit, await identityForm(t, m), m.token);
    await t.ok(adminKycApi.review, { id: identity.submission!.id, approve: true }, staff.b.token);
    const sent = await t.ok(kycApi.submit, { level: 2, addressUrl: await photo(t, m) }, m.token);
    const id = sent.submission!.id;
    const view = await t.ok(adminKycApi.info, { id }, staff.a.token);
    // The reviewer sees the identity this level rests on, with its number and files.
    expect(view.identity).toMatchObject({ realName: 'Wang Fang', idNumber: 'E12345678' });
    expect(view.identity!.documentUrl).toMatch(/^\/uploads\//);
    const checked = await t.ok(adminKycApi.review, { id, approve: true }, staff.a.token);
    expect(checked).toMatchObject({ status: 'checked', checkedBy: { id: staff.a.id }, mayReview: false });
    expect((await t.ok(kycApi.status, {}, m.token)).level).toBe(1);
    // Not the same reviewer twice, nor one the first reviewer made (B was added by A).
    await t.fails(adminKycApi.review, { id, approve: true }, staff.a.token, ErrorCode.DutySeparation);
    await t.fails(adminKycApi.review, { id, approve: true }, staff.b.token, ErrorCode.DutySeparation);
    expect((await t.ok(adminKycApi.info, { id }, staff.c.token)).mayReview).toBe(true);
    expect(await t.ok(adminKycApi.review, { id, approve: true }, staff.c.token)).toMatchObject({
      status: 'approved',
      reviewedBy: { id: staff.c.id },
    });
    expect(await t.ok(kycApi.status, {}, m.token)).toMatchObject({ level: 2, canSubmit: null });
    expect((await t.ok(merchantApi.apply, { name: 'Fang shop' }, m.token)).status).toBe('pending');
  });

  it('a reviewer never decides their own submission or an associate’s', async () => {
    // B submits as a member: B cannot review it, nor A (who added B), nor C (whom B asked for); D can.
    const bAsMember = { ...staff.b, memberId: '', shareCode: '', refreshToken: '' } as TestUser;
    const sent = await t.ok(kycApi.submit, await identityForm(t, bAsMember), staff.b.token);
    const id = sent.submission!.id;
    for (const reviewer of [staff.b, staff.a, staff.c]) {
      await t.fails(adminKycApi.review, { id, approve: true }, reviewer.token, ErrorCode.DutySeparation);
      expect((await t.ok(adminKycApi.info, { id }, reviewer.token)).mayReview).toBe(false);
    }
    // A rejection is a decision too.
    await t.fails(
      adminKycApi.review,
      { id, approve: false, reasonCode: 'other' },
      staff.a.token,
      ErrorCode.DutySeparation,
    );
    expect((await t.ok(adminKycApi.review, { id, approve: true }, staff.d.token)).status).toBe('approved');
  });

  it('every decision and every staff view is in the audit log', async () => {
    const m = await createUser(t);
    const sent = await t.ok(kycApi.submit, await identityForm(t, m), m.token);
    const id = sent.submission!.id;
    await t.ok(adminKycApi.info, { id }, staff.c.token);
    await t.ok(adminKycApi.info, { id }, staff.c.token);
    await t.ok(adminKycApi.review, { id, approve: false, reasonCode: 'expired' }, staff.c.token);
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetUserId, m.id));
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['kyc:submission:view', staff.c.id],
      ['kyc:submission:view', staff.c.id],
      ['kyc:submission:reject', staff.c.id],
    ]);
    expect(rows[2]!.reason).toContain('(expired)');
  });

  it('support without the identity permission sees no queue, no submission, no decision', async () => {
    const m = await createUser(t);
    const sent = await t.ok(kycApi.submit, await identityForm(t, m), m.token);
    const id = sent.submission!.id;
    for (const [e, input] of [
      [adminKycApi.page, {}],
      [adminKycApi.info, { id }],
      [adminKycApi.review, { id, approve: true }],
    ] as const)
      await t.fails(e as never, input as never, staff.support.token, ErrorCode.Forbidden);
    await t.fails(adminKycApi.info, { id }, m.token, ErrorCode.Forbidden);
    await t.fails(adminKycApi.info, { id: 2_000_000 }, staff.a.token, ErrorCode.KycSubmissionNotFound);
  });
});

describe('privacy', () => {
  it('documents are read by their member and the reviewers only: 404 for everyone else', async () => {
    const m = await createUser(t);
    const other = await createUser(t);
    const form = await identityForm(t, m);
    await t.ok(kycApi.submit, form, m.token);
    const files = [(form as { documentUrl: string }).documentUrl, (form as { selfieUrl: string }).selfieUrl];
    for (const url of files) {
      expect((await fetchAs(t, url, m.token)).statusCode).toBe(200);
      expect((await fetchAs(t, url, staff.a.token)).statusCode).toBe(200);
      expect((await fetchAs(t, url, other.token)).statusCode).toBe(404);
      expect((await fetchAs(t, url, null)).statusCode).toBe(404);
      // Support reads private chat pictures, but not identity documents.
      expect((await fetchAs(t, url, staff.support.token)).statusCode).toBe(404);
      // Nor a thumbnail of one.
      expect((await fetchAs(t, `${url}?w_=40`, staff.support.token)).statusCode).toBe(404);
      const thumb = await fetchAs(t, `${url}?w_=40`, m.token);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['cache-control']).toMatch(/^private/);
    }
    // Nor can the member publish one (as an avatar) or send it into a chat by mistake.
    await t.fails(
      userApi.setUser,
      { dataKey: 'avatar', dataValue: files[0]! },
      m.token,
      ErrorCode.InvalidMediaUrl,
    );
    expect((await fetchAs(t, files[0]!, other.token)).statusCode).toBe(404);
  });

  it('the number is sealed for its row; members see it masked, reviewers in full', async () => {
    const m = await createUser(t);
    const sent = await t.ok(kycApi.submit, await identityForm(t, m, { idNumber: 'G9988-7766' }), m.token);
    const id = sent.submission!.id;
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
    expect(row!.idNumberEnc).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(JSON.stringify(row)).not.toContain('G9988');
    expect(JSON.stringify(row)).not.toContain('99887766');
    const box = new SecretBox(t.config.C2C_SECRET ?? t.config.JWT_SECRET!);
    expect(box.open(row!.idNumberEnc!, { table: 'kyc_submissions', column: 'id_number_enc', row: id })).toBe(
      'G9988-7766',
    );
    // Copied to another row it does not open.
    expect(() =>
      box.open(row!.idNumberEnc!, { table: 'kyc_submissions', column: 'id_number_enc', row: id + 1 }),
    ).toThrow();
    expect(JSON.stringify(await t.ok(kycApi.status, {}, m.token))).not.toContain('G9988');
    expect((await t.ok(adminKycApi.info, { id }, staff.a.token)).idNumber).toBe('G9988-7766');
  });

  it('the same document on another account is shown to the reviewer', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    await t.ok(kycApi.submit, await identityForm(t, first, { idNumber: 'K 5550 1234' }), first.token);
    const sent = await t.ok(
      kycApi.submit,
      await identityForm(t, second, { idNumber: 'k5550-1234' }),
      second.token,
    );
    const view = await t.ok(adminKycApi.info, { id: sent.submission!.id }, staff.a.token);
    expect(view.sameDocument).toEqual([
      expect.objectContaining({ userId: first.id, memberId: expect.any(String), status: 'pending' }),
    ]);
  });

  it('a document must be a fresh upload of the member, used nowhere else', async () => {
    const m = await createUser(t);
    const other = await createUser(t);
    const foreign = await photo(t, other);
    await t.fails(
      kycApi.submit,
      await identityForm(t, m, { documentUrl: foreign }),
      m.token,
      ErrorCode.InvalidMediaUrl,
    );
    await t.fails(
      kycApi.submit,
      await identityForm(t, m, { documentUrl: 'https://example.com/id.png' }),
      m.token,
      ErrorCode.InvalidMediaUrl,
    );
    const same = await photo(t, m);
    await t.fails(
      kycApi.submit,
      await identityForm(t, m, { documentUrl: same, selfieUrl: same }),
      m.token,
      ErrorCode.KycDocumentReused,
    );
    // A picture already used as the avatar is public: refused.
    const avatar = await photo(t, m);
    await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: avatar }, m.token);
    await t.fails(
      kycApi.submit,
      await identityForm(t, m, { selfieUrl: avatar }),
      m.token,
      ErrorCode.KycDocumentReused,
    );
  });
});

describe('in the market', () => {
  it('a payment method’s account holder must be the verified name', async () => {
    const m = await createUser(t);
    await t.fails(bankApi.add, bankForm({ name: 'Zhao Min' }), m.token, ErrorCode.VerificationRequired);
    await verify(t, m, 1, 'Zhao Min');
    const res = await t.call(bankApi.add, bankForm({ name: 'Li Lei' }), m.token);
    expect(res.code).toBe(ErrorCode.NameMismatch);
    expect(res.data).toEqual({ verifiedName: 'Zhao Min' });
    await t.fails(
      bankApi.add,
      { type: 'alipay', name: 'Someone Else', account: 'a@example.com' },
      m.token,
      ErrorCode.NameMismatch,
    );
    // Case and spaces do not matter.
    const ok = await t.ok(bankApi.add, bankForm({ name: 'zhao  MIN' }), m.token);
    await t.fails(
      bankApi.update,
      { ...bankForm({ name: 'Li Lei' }), id: ok.id },
      m.token,
      ErrorCode.NameMismatch,
    );
    // A card provider's account is named by the provider: any name, once verified.
    await t.ok(
      bankApi.add,
      { type: 'card', name: 'Fang Trading Ltd', publishKey: 'pk_1', secretKey: 'sk_1234' },
      m.token,
    );
  });

  it('the seller sees the buyer’s verified name on the order', async () => {
    const merchant = await createMerchant(t);
    const ad = await createAd(t, merchant);
    const buyer = await createUser(t, { level: 1, realName: 'Chen Jing' });
    const started = await t.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token);
    expect(started.buyerRealName).toBe('Chen Jing');
    const seen = await t.ok(transactionApi.detail, { id: started.orderId }, merchant.token);
    expect(seen).toMatchObject({ role: 'seller', buyerRealName: 'Chen Jing' });
    const listed = await t.ok(transactionApi.page, { status: 'all' }, merchant.token);
    expect(listed.list.find((o) => o.orderId === started.orderId)!.buyerRealName).toBe('Chen Jing');
    await expectBooks(t);
  });

  it('an ad may ask takers for level 2, on quote and start', async () => {
    const merchant = await createMerchant(t);
    const ad = await createAd(t, merchant, { takerMinLevel: 2 });
    expect(ad.requirements).toEqual({ minOrders: 0, minDays: 0, minLevel: 2 });
    const plain = await createAd(t, merchant);
    expect(plain.requirements.minLevel).toBe(1);
    const taker = await createTrader(t);
    for (const call of [
      () => t.call(transactionApi.quote, { adId: ad.id, amountCoin: '10' }, taker.token),
      () => t.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, taker.token),
    ]) {
      const res = await call();
      expect(res.code).toBe(ErrorCode.TakerRequirementNotMet);
      expect(res.data).toEqual({ rule: 'takerLevel', required: 2, actual: 1 });
    }
    const unverified = await createUser(t);
    await t.fails(
      transactionApi.start,
      { adId: ad.id, amountCoin: '10' },
      unverified.token,
      ErrorCode.VerificationRequired,
    );
    await verify(t, taker, 2);
    await t.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, taker.token);
    const shown = await t.ok(advertisingApi.detail, { id: ad.id }, taker.token);
    expect(shown.requirements.minLevel).toBe(2);
    await expectBooks(t);
  });
});

describe('bad input', () => {
  it('names the field and changes nothing', async () => {
    const m = await createUser(t);
    const good = await identityForm(t, m);
    for (const [patch, field] of [
      [{ realName: '' }, 'realName'],
      [{ realName: 'x'.repeat(61) }, 'realName'],
      [{ realName: 'Robert"); DROP' }, 'realName'],
      [{ idNumber: '12' }, 'idNumber'],
      [{ idNumber: 'AB<script>' }, 'idNumber'],
      [{ country: 'CHN' }, 'country'],
      [{ country: '1' }, 'country'],
      [{ documentUrl: '' }, 'documentUrl'],
      [{ level: 3 }, 'level'],
    ] as const) {
      const res = await t.call(kycApi.submit, { ...good, ...patch } as never, m.token);
      expect(res.code, JSON.stringify(patch)).toBe(ErrorCode.Validation);
      expect((res.data as { field: string }[]).map((i) => i.field)).toContain(field);
    }
    const res = await t.call(adminKycApi.review, { id: 1, approve: false }, staff.a.token);
    expect(res.code).toBe(ErrorCode.Validation);
    expect((res.data as { field: string }[]).map((i) => i.field)).toContain('reasonCode');
    await t.fails(
      adminKycApi.review,
      { id: 1, approve: false, reasonCode: 'bored' } as never,
      staff.a.token,
      ErrorCode.Validation,
    );
    await t.fails(adminKycApi.page, { status: 'lost' } as never, staff.a.token, ErrorCode.Validation);
    await t.fails(adminKycApi.info, { id: 'me' } as never, staff.a.token, ErrorCode.Validation);
    expect((await t.ok(kycApi.status, {}, m.token)).submission).toBeNull();
  });
});

describe('retention', () => {
  // Its own server: the test moves the clock and counts what the job did.
  const r = useTestApp({ KYC_RETENTION_DAYS: '30' });

  it('deletes a rejected or replaced submission’s files and number after the period, never an approved one’s', async () => {
    const admin = await adminToken(r);
    const reviewer = await addStaffAtOnce(r, admin, ['admin']);
    const m = await createUser(r);
    await r.ok(kycApi.submit, await identityForm(r, m), m.token);
    const rejected = await r.ok(kycApi.submit, await identityForm(r, m), m.token);
    await r.ok(
      adminKycApi.review,
      { id: rejected.submission!.id, approve: false, reasonCode: 'expired' },
      reviewer.token,
    );
    const approved = await r.ok(kycApi.submit, await identityForm(r, m), m.token);
    await r.ok(adminKycApi.review, { id: approved.submission!.id, approve: true }, reviewer.token);
    const rows = async () =>
      r.database.db
        .select()
        .from(kycSubmissions)
        .where(eq(kycSubmissions.userId, m.id))
        .orderBy(kycSubmissions.id);
    const before = await rows();
    const gone = before.slice(0, 2).flatMap((s) => [s.documentUrl!, s.selfieUrl!]);
    const kept = [before[2]!.documentUrl!, before[2]!.selfieUrl!];

    r.clock.advance(29 * 24 * 3600_000);
    expect(await r.jobs.runNow('kyc-retention')).toBe(0);
    r.clock.advance(2 * 24 * 3600_000);
    expect(await r.jobs.runNow('kyc-retention')).toBe(2);
    expect(await r.jobs.runNow('kyc-retention')).toBe(0);

    // A month passed: both sign in again.
    const signIn = async (u: { username: string; password: string }) =>
      (await r.ok(userApi.loginByName, { username: u.username, password: u.password })).token;
    const memberToken = await signIn(m);
    const after = await rows();
    for (const s of after.slice(0, 2)) {
      expect(s).toMatchObject({
        documentUrl: null,
        selfieUrl: null,
        idNumberEnc: null,
        idNumberDigest: null,
      });
      expect(s.purgeTime).not.toBeNull();
      // What the decision needs to be understood later stays.
      expect(s.realName).toBe('Wang Fang');
    }
    expect(after[1]).toMatchObject({ status: 'rejected', reasonCode: 'expired' });
    expect(after[2]).toMatchObject({ status: 'approved', documentUrl: kept[0], selfieUrl: kept[1] });
    for (const url of gone) {
      expect((await fetchAs(r, url, memberToken)).statusCode).toBe(404);
      const key = url.slice('/uploads/'.length);
      expect(await r.database.db.select().from(uploads).where(eq(uploads.path, key))).toEqual([]);
    }
    for (const url of kept) expect((await fetchAs(r, url, memberToken)).statusCode).toBe(200);
    // The orphan sweep a day later keeps the approved documents (they are referenced).
    r.clock.advance(2 * 24 * 3600_000);
    await r.jobs.runNow('upload-cleanup');
    const reviewerToken = await signIn(reviewer);
    for (const url of kept) expect((await fetchAs(r, url, reviewerToken)).statusCode).toBe(200);
    const [member] = await r.database.db.select().from(kycMembers).where(eq(kycMembers.userId, m.id));
    expect(member).toMatchObject({ level: 1, identityId: approved.submission!.id });
    const audit = await r.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetUserId, m.id), eq(auditLogs.action, 'kyc:submission:approve')));
    expect(audit).toHaveLength(1);
  });
});

describe('the test grant', () => {
  it('is an admin call, refused to members', async () => {
    const m = await createUser(t, { username: uniqueName('g') });
    await t.fails(testKycApi.grant, { userId: m.id, level: 1 }, m.token, ErrorCode.Forbidden);
    await t.fails(testKycApi.grant, { userId: 2_000_000, level: 1 }, staff.a.token, ErrorCode.MemberNotFound);
  });
});
