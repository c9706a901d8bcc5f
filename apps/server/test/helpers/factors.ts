import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { type FactorChallenge, securityApi, userApi } from '@chatpay/shared';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

/** The code an authenticator app shows for `secret` at the server's time, `stepsAhead` 30-second steps on. */
export const totpCode = (t: TestApp, secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: t.clock.now().getTime() + stepsAhead * 30_000,
  });

/**
 * A software passkey (an ES256 WebAuthn authenticator without attestation), as a browser at `origin` would
 * answer: the server tests create and use passkeys through the real API with it.
 */
export class SoftPasskey {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly rawId = randomBytes(16);
  private counter = 0;

  constructor(
    readonly origin = 'http://localhost',
    readonly rpId = 'localhost',
  ) {}

  get id() {
    return b64u(this.rawId);
  }

  private coseKey() {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authData(withCredential: boolean) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    // User present and verified, plus "attested credential data" when creating.
    const flags = Buffer.from([withCredential ? 0x45 : 0x05]);
    const parts: Uint8Array[] = [sha256(this.rpId), flags, count];
    if (withCredential) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.rawId.length);
      parts.push(Buffer.alloc(16), length, this.rawId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  create(options: Record<string, unknown>) {
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(true)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', String(options.challenge))),
        attestationObject: b64u(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  get(options: Record<string, unknown>) {
    this.counter++;
    const authData = this.authData(false);
    const clientData = this.clientData('webauthn.get', String(options.challenge));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
      },
      clientExtensionResults: {},
    };
  }
}

/** Turns the member's authenticator app on; answers its secret and the recovery codes it gave. */
export const enrolTotp = async (t: TestApp, user: TestUser, stepUp?: string) => {
  const { secret } = await t.ok(securityApi.totpStart, stepUp ? { stepUp } : {}, user.token);
  const { recoveryCodes } = await t.ok(securityApi.totpConfirm, { code: totpCode(t, secret) }, user.token);
  return { secret, recoveryCodes };
};

/** Adds a software passkey to the member. */
export const enrolPasskey = async (t: TestApp, user: TestUser, name = 'Laptop', stepUp?: string) => {
  const passkey = new SoftPasskey();
  const { challengeId, options } = await t.ok(
    securityApi.passkeyOptions,
    stepUp ? { stepUp } : {},
    user.token,
  );
  const { recoveryCodes } = await t.ok(
    securityApi.passkeyRegister,
    { challengeId, name, response: passkey.create(options) },
    user.token,
  );
  return { passkey, recoveryCodes };
};

/** A password login that must answer SecondFactorRequired: answers its challenge. */
export const passwordStep = async (t: TestApp, user: TestUser): Promise<FactorChallenge> => {
  const refused = await t.fails(
    userApi.loginByName,
    { username: user.username, password: user.password },
    null,
    1140,
  );
  return refused.data as FactorChallenge;
};

/** A step-up proof with the next TOTP code of `secret` (each call moves the clock to a new step). */
export const stepUpWithTotp = async (t: TestApp, user: TestUser, secret: string) => {
  t.clock.advance(30_000);
  const { challengeId } = await t.ok(securityApi.stepUpStart, {}, user.token);
  const { proof } = await t.ok(
    securityApi.stepUpVerify,
    { challengeId, code: totpCode(t, secret) },
    user.token,
  );
  return proof;
};
