import { adminC2cApi, adminMemberApi, ErrorCode, merchantApi, standingApi, userApi } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, verify } from '../helpers/factories.ts';
import { addStaffAtOnce, type StaffUser } from '../helpers/staff.ts';

/** Staff never act on their own account or application (docs/security.md, "Own account or application"). */
const t = useTestApp();

let admin: string;
let mine: StaffUser;
let other: StaffUser;
beforeAll(async () => {
  admin = await adminToken(t);
  mine = await addStaffAtOnce(t, admin, ['support']);
  other = await addStaffAtOnce(t, admin, ['support']);
});

describe('own account or application', () => {
  it('merchant review and revocation of one’s own application are refused', async () => {
    await verify(t, mine, 2);
    await t.ok(merchantApi.apply, { name: 'My shop' }, mine.token);
    for (const approve of [true, false])
      await t.fails(
        adminC2cApi.merchantReview,
        { userId: mine.id, approve },
        mine.token,
        ErrorCode.DutySeparation,
      );
    const reviewed = await t.ok(adminC2cApi.merchantReview, { userId: mine.id, approve: true }, other.token);
    expect(reviewed.status).toBe('approved');
    await t.fails(
      adminC2cApi.merchantRevoke,
      { userId: mine.id, note: 'mine' },
      mine.token,
      ErrorCode.DutySeparation,
    );
  });

  it('PIN unlock and lifting a trading suspension of one’s own account are refused', async () => {
    await t.fails(adminMemberApi.unlockPin, { userId: mine.id }, mine.token, ErrorCode.DutySeparation);
    await t.ok(adminMemberApi.unlockPin, { userId: mine.id }, other.token);
    await t.fails(standingApi.lift, { userId: mine.id, note: 'me' }, mine.token, ErrorCode.DutySeparation);
    expect(await t.ok(standingApi.lift, { userId: mine.id, note: 'checked' }, other.token)).toMatchObject({
      suspended: false,
    });
  });

  it('an admin cannot freeze or unfreeze itself', async () => {
    const me = await t.ok(userApi.person, {}, admin);
    for (const frozen of [true, false])
      await t.fails(
        adminMemberApi.freeze,
        { userId: me.id, frozen, reason: 'me' },
        admin,
        ErrorCode.DutySeparation,
      );
  });
});
