import {
  addressBookApi,
  bankApi,
  ErrorCode,
  merchantApi,
  securityApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { bankForm } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUser, setPin, TEST_PIN } from '../helpers/factories.ts';
import {
  enrolPasskey,
  enrolTotp,
  passwordStep,
  SoftPasskey,
  stepUpWithTotp,
  totpCode,
} from '../helpers/factors.ts';

/** Second factors of members (docs/security.md, "Second factors"): enrolment, login, step-up. */
const t = useTestApp();

describe('authenticator app (TOTP)', () => {
  it('is enrolled with a confirming code and gives 10 recovery codes once', async () => {
    const member = await createUser(t);
    const { secret, uri } = await t.ok(securityApi.totpStart, {}, member.token);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    // Not on until a code confirms it: the password alone still logs in.
    expect((await t.ok(securityApi.status, {}, member.token)).hasFactor).toBe(false);
    await t.fails(securityApi.totpConfirm, { code: '000000' }, member.token, ErrorCode.WrongFactorCode);
    const { recoveryCodes } = await t.ok(
      securityApi.totpConfirm,
      { code: totpCode(t, secret) },
      member.token,
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await t.ok(securityApi.status, {}, member.token);
    expect(status).toMatchObject({ hasFactor: true, recoveryCodesLeft: 10, passkeys: [] });
    expect(status.totp).not.toBeNull();
    // One app per member.
    await t.fails(securityApi.totpStart, {}, member.token, ErrorCode.TotpAlreadyEnabled);
  });

  it('turns the password login into a challenge that a code completes, and a code is not accepted twice', async () => {
    const member = await createUser(t);
    const { secret } = await enrolTotp(t, member);
    t.clock.advance(30_000);
    const challenge = await passwordStep(t, member);
    expect(challenge.methods).toEqual(['totp', 'recovery']);
    expect(challenge.passkeyOptions).toBeNull();
    const code = totpCode(t, secret);
    const login = await t.ok(securityApi.loginSecondFactor, { challengeId: challenge.challengeId, code });
    expect((await t.ok(userApi.person, {}, login.token)).id).toBe(member.id);
    // The challenge is spent, and the same code on a new challenge is a replay.
    await t.fails(
      securityApi.loginSecondFactor,
      { challengeId: challenge.challengeId, code },
      null,
      ErrorCode.FactorChallengeExpired,
    );
    const again = await passwordStep(t, member);
    await t.fails(
      securityApi.loginSecondFactor,
      { challengeId: again.challengeId, code },
      null,
      ErrorCode.WrongFactorCode,
    );
    t.clock.advance(30_000);
    await t.ok(securityApi.loginSecondFactor, { challengeId: again.challengeId, code: totpCode(t, secret) });
  });

  it('locks the login after 5 wrong codes in a row, like wrong passwords', async () => {
    const member = await createUser(t);
    const { secret } = await enrolTotp(t, member);
    const { challengeId } = await passwordStep(t, member);
    for (let i = 0; i < 5; i++)
      await t.fails(
        securityApi.loginSecondFactor,
        { challengeId, code: '000000' },
        null,
        ErrorCode.WrongFactorCode,
      );
    t.clock.advance(30_000);
    await t.fails(
      securityApi.loginSecondFactor,
      { challengeId, code: totpCode(t, secret) },
      null,
      ErrorCode.LoginLocked,
    );
  });

  it('expires an unanswered login challenge', async () => {
    const member = await createUser(t);
    const { secret } = await enrolTotp(t, member);
    const { challengeId } = await passwordStep(t, member);
    t.clock.advance(6 * 60_000);
    await t.fails(
      securityApi.loginSecondFactor,
      { challengeId, code: totpCode(t, secret) },
      null,
      ErrorCode.FactorChallengeExpired,
    );
  });

  it('is turned off with a current code; the last factor takes the recovery codes with it', async () => {
    const member = await createUser(t);
    const { secret } = await enrolTotp(t, member);
    await t.fails(
      securityApi.totpDisable,
      { code: totpCode(t, secret) },
      member.token,
      ErrorCode.WrongFactorCode,
    );
    t.clock.advance(30_000);
    await t.ok(securityApi.totpDisable, { code: totpCode(t, secret) }, member.token);
    expect(await t.ok(securityApi.status, {}, member.token)).toMatchObject({
      totp: null,
      hasFactor: false,
      recoveryCodesLeft: 0,
    });
    const login = await t.ok(userApi.loginByName, { username: member.username, password: member.password });
    expect(login.token).toBeTruthy();
  });
});

describe('recovery codes', () => {
  it('complete a login once each, whatever their dashes and case', async () => {
    const member = await createUser(t);
    const { recoveryCodes } = await enrolTotp(t, member);
    const code = recoveryCodes![0]!;
    const first = await passwordStep(t, member);
    await t.ok(securityApi.loginSecondFactor, {
      challengeId: first.challengeId,
      recoveryCode: code.toLowerCase().replaceAll('-', ' '),
    });
    const second = await passwordStep(t, member);
    await t.fails(
      securityApi.loginSecondFactor,
      { challengeId: second.challengeId, recoveryCode: code },
      null,
      ErrorCode.WrongFactorCode,
    );
    await t.ok(securityApi.loginSecondFactor, {
      challengeId: second.challengeId,
      recoveryCode: recoveryCodes![1]!,
    });
  });

  it('are replaced by 10 new ones with a step-up, and the old ones stop working', async () => {
    const member = await createUser(t);
    const { secret, recoveryCodes } = await enrolTotp(t, member);
    await t.fails(securityApi.recoveryRegenerate, {}, member.token, ErrorCode.StepUpRequired);
    const stepUp = await stepUpWithTotp(t, member, secret);
    const fresh = await t.ok(securityApi.recoveryRegenerate, { stepUp }, member.token);
    expect(fresh.recoveryCodes).toHaveLength(10);
    const { challengeId } = await passwordStep(t, member);
    await t.fails(
      securityApi.loginSecondFactor,
      { challengeId, recoveryCode: recoveryCodes![2]! },
      null,
      ErrorCode.WrongFactorCode,
    );
    await t.ok(securityApi.loginSecondFactor, { challengeId, recoveryCode: fresh.recoveryCodes[0]! });
  });

  it('need a second factor', async () => {
    const member = await createUser(t);
    await t.fails(securityApi.recoveryRegenerate, {}, member.token, ErrorCode.SecondFactorNotEnrolled);
  });
});

describe('passkeys', () => {
  it('are enrolled by name, listed, renamed and complete a password login', async () => {
    const member = await createUser(t);
    const { passkey, recoveryCodes } = await enrolPasskey(t, member, 'Phone');
    expect(recoveryCodes).toHaveLength(10);
    const [item] = (await t.ok(securityApi.status, {}, member.token)).passkeys;
    expect(item).toMatchObject({ name: 'Phone', lastUsedAt: null });
    await t.ok(securityApi.passkeyRename, { id: item!.id, name: 'Work phone' }, member.token);
    const challenge = await passwordStep(t, member);
    expect(challenge.methods).toEqual(['passkey', 'recovery']);
    const login = await t.ok(securityApi.loginSecondFactor, {
      challengeId: challenge.challengeId,
      passkey: passkey.get(challenge.passkeyOptions!),
    });
    const [used] = (await t.ok(securityApi.status, {}, login.token)).passkeys;
    expect(used).toMatchObject({ name: 'Work phone' });
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('log a member in alone, with or without the user name; another passkey is refused', async () => {
    const member = await createUser(t);
    const { passkey } = await enrolPasskey(t, member);
    const named = await t.ok(securityApi.passkeyLoginOptions, { username: member.username });
    expect((named.options.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([passkey.id]);
    const login = await t.ok(securityApi.passkeyLogin, {
      challengeId: named.challengeId,
      response: passkey.get(named.options),
    });
    expect((await t.ok(userApi.person, {}, login.token)).id).toBe(member.id);
    const anyone = await t.ok(securityApi.passkeyLoginOptions, {});
    expect(anyone.options.allowCredentials).toEqual([]);
    await t.fails(
      securityApi.passkeyLogin,
      { challengeId: anyone.challengeId, response: new SoftPasskey().get(anyone.options) },
      null,
      ErrorCode.WrongFactorCode,
    );
    // An assertion for another challenge does not verify.
    await t.fails(
      securityApi.passkeyLogin,
      { challengeId: anyone.challengeId, response: passkey.get(named.options) },
      null,
      ErrorCode.WrongFactorCode,
    );
    await t.ok(securityApi.passkeyLogin, {
      challengeId: anyone.challengeId,
      response: passkey.get(anyone.options),
    });
  });

  it('can be several; removing one needs a step-up, and another member cannot touch them', async () => {
    const member = await createUser(t);
    const other = await createUser(t);
    const { passkey } = await enrolPasskey(t, member, 'One');
    // With a factor, adding another needs a step-up.
    await t.fails(securityApi.passkeyOptions, {}, member.token, ErrorCode.StepUpRequired);
    const { challengeId, passkeyOptions } = await t.ok(securityApi.stepUpStart, {}, member.token);
    const { proof } = await t.ok(
      securityApi.stepUpVerify,
      { challengeId, passkey: passkey.get(passkeyOptions!) },
      member.token,
    );
    const second = await enrolPasskey(t, member, 'Two', proof);
    expect(second.recoveryCodes).toBeNull();
    const list = (await t.ok(securityApi.status, {}, member.token)).passkeys;
    expect(list.map((p) => p.name)).toEqual(['One', 'Two']);
    const id = list[0]!.id;
    await t.fails(securityApi.passkeyRename, { id, name: 'Mine' }, other.token, ErrorCode.NotFound);
    await t.fails(securityApi.passkeyRemove, { id }, other.token, ErrorCode.NotFound);
    await t.fails(securityApi.passkeyRemove, { id }, member.token, ErrorCode.StepUpRequired);
    await t.ok(securityApi.passkeyRemove, { id, stepUp: proof }, member.token);
    expect((await t.ok(securityApi.status, {}, member.token)).passkeys.map((p) => p.name)).toEqual(['Two']);
  });
});

describe('step-up', () => {
  it('is needed, once a factor is on, to change the password or the PIN, withdraw, save a withdrawal address, add or change a payment method and rotate a merchant key', async () => {
    const member = await createUser(t, { level: 1 });
    await setPin(t, member);
    const method = await t.ok(bankApi.add, bankForm(), member.token);
    const { secret } = await enrolTotp(t, member);
    const withdrawal = {
      network: 'ERC20' as const,
      address: `0x${'1'.repeat(40)}`,
      amount: '10',
      pin: TEST_PIN,
      requestId: 'withdraw-1',
    };
    const password = { password: member.password, newPassword: 'another-pass-2' };
    await t.fails(userApi.changePassword, password, member.token, ErrorCode.StepUpRequired);
    await t.fails(
      userApi.setPayPassword,
      { oldPin: TEST_PIN, pin: '654321' },
      member.token,
      ErrorCode.StepUpRequired,
    );
    await t.fails(walletApi.withdrawal, withdrawal, member.token, ErrorCode.StepUpRequired);
    const saving = { network: 'ERC20' as const, address: withdrawal.address, label: 'My wallet' };
    await t.fails(addressBookApi.add, saving, member.token, ErrorCode.StepUpRequired);
    await t.fails(bankApi.add, bankForm(), member.token, ErrorCode.StepUpRequired);
    await t.fails(bankApi.update, { ...bankForm(), id: method.id }, member.token, ErrorCode.StepUpRequired);
    await t.fails(merchantApi.apiKey, { pin: TEST_PIN }, member.token, ErrorCode.StepUpRequired);
    // A made-up proof is no proof.
    await t.fails(
      bankApi.add,
      { ...bankForm(), stepUp: 'x'.repeat(43) },
      member.token,
      ErrorCode.StepUpRequired,
    );

    const stepUp = await stepUpWithTotp(t, member, secret);
    await t.ok(bankApi.add, { ...bankForm(), stepUp }, member.token);
    await t.ok(bankApi.update, { ...bankForm({ bankName: 'CMB' }), id: method.id, stepUp }, member.token);
    await t.ok(userApi.setPayPassword, { oldPin: TEST_PIN, pin: '654321', stepUp }, member.token);
    // Past the step-up the action's own rules answer.
    const w = await t.call(walletApi.withdrawal, { ...withdrawal, pin: '654321', stepUp }, member.token);
    expect(w.code).not.toBe(ErrorCode.StepUpRequired);
    const saved = await t.call(addressBookApi.add, { ...saving, stepUp }, member.token);
    expect(saved.code).not.toBe(ErrorCode.StepUpRequired);
    await t.fails(merchantApi.apiKey, { pin: '654321', stepUp }, member.token, ErrorCode.NotMerchant);
    const relogin = await t.ok(userApi.changePassword, { ...password, stepUp }, member.token);
    // The proof belongs to the session it was made in.
    await t.fails(bankApi.add, { ...bankForm(), stepUp }, relogin.token, ErrorCode.StepUpRequired);
  });

  it('lasts a few minutes', async () => {
    const member = await createUser(t);
    const { secret } = await enrolTotp(t, member);
    const stepUp = await stepUpWithTotp(t, member, secret);
    t.clock.advance(5 * 60_000 + 1000);
    await t.fails(bankApi.add, { ...bankForm(), stepUp }, member.token, ErrorCode.StepUpRequired);
  });

  it('is not asked of a member without a second factor', async () => {
    const member = await createUser(t, { level: 1 });
    await t.ok(bankApi.add, bankForm(), member.token);
    await t.fails(securityApi.stepUpStart, {}, member.token, ErrorCode.SecondFactorNotEnrolled);
  });

  it('takes a recovery code, spent like at login, and a challenge of another member is refused', async () => {
    const member = await createUser(t);
    const other = await createUser(t);
    const { recoveryCodes } = await enrolTotp(t, member);
    await enrolTotp(t, other);
    const { challengeId } = await t.ok(securityApi.stepUpStart, {}, member.token);
    await t.fails(
      securityApi.stepUpVerify,
      { challengeId, recoveryCode: recoveryCodes![0]! },
      other.token,
      ErrorCode.FactorChallengeExpired,
    );
    await t.ok(securityApi.stepUpVerify, { challengeId, recoveryCode: recoveryCodes![0]! }, member.token);
    expect((await t.ok(securityApi.status, {}, member.token)).recoveryCodesLeft).toBe(9);
  });
});
