import { adminC2cApi, ErrorCode, mccApi, merchantApi, userApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, type TestUser } from '../helpers/factories.ts';
import { createApplicant, createMerchant } from './factories.ts';

/**
 * Every process remembers the token's user row, roles included, for AUTH_CACHE_SECONDS (modules/user/tokens.ts).
 * The market grants and takes the merchant role without ending the member's session, so it must make every
 * process forget the row: with a 30-second memory, the change must still show on the very next call.
 */
const t = useTestApp({ AUTH_CACHE_SECONDS: '30' });

const createGuest = (member: TestUser) => t.call(mccApi.createGuest, {}, member.token);
const rolesOf = async (member: TestUser) => (await t.ok(userApi.person, {}, member.token)).role;

describe('a merchant role changed by the market shows on the next call of the same token', () => {
  it('an approval: merchant actions work at once', async () => {
    const member = await createApplicant(t);
    await t.ok(merchantApi.apply, { name: 'Corner Shop' }, member.token);
    // Remembered as a plain member.
    expect((await createGuest(member)).code).toBe(ErrorCode.Forbidden);
    expect((await createGuest(member)).code).toBe(ErrorCode.Forbidden);
    await t.ok(adminC2cApi.merchantReview, { userId: member.id, approve: true }, await adminToken(t));
    expect((await createGuest(member)).code).toBe(ErrorCode.Success);
    expect(await rolesOf(member)).toContain('merchant');
  });

  it('a revocation: merchant actions are refused at once', async () => {
    const merchant = await createMerchant(t);
    // Remembered as a merchant.
    expect((await createGuest(merchant)).code).toBe(ErrorCode.Success);
    expect((await createGuest(merchant)).code).toBe(ErrorCode.Success);
    await t.ok(adminC2cApi.merchantRevoke, { userId: merchant.id, note: 'complaints' }, await adminToken(t));
    expect((await createGuest(merchant)).code).toBe(ErrorCode.Forbidden);
    expect(await rolesOf(merchant)).not.toContain('merchant');
  });

  it('a rejected application changes nothing', async () => {
    const member = await createApplicant(t);
    await t.ok(merchantApi.apply, { name: 'Other Shop' }, member.token);
    expect((await createGuest(member)).code).toBe(ErrorCode.Forbidden);
    await t.ok(adminC2cApi.merchantReview, { userId: member.id, approve: false }, await adminToken(t));
    expect((await createGuest(member)).code).toBe(ErrorCode.Forbidden);
  });
});
