import { ErrorCode } from '@chatpay/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../lib/errors.ts';

/** Where passkeys are bound: the relying party id (a host name) and the origin the browser must report. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * The relying party of this request. With PUBLIC_URL it is that origin (and its host, or WEBAUTHN_RP_ID), so a
 * proxy cannot choose it; production without PUBLIC_URL has no passkeys. Development and tests without
 * PUBLIC_URL take the request's Origin (or Host), so the app works at whatever address it is opened.
 */
export const relyingParty = (
  config: Pick<Config, 'PUBLIC_URL' | 'WEBAUTHN_RP_ID' | 'NODE_ENV' | 'APP_NAME'>,
  req: Pick<FastifyRequest, 'headers' | 'protocol'>,
): RelyingParty => {
  let origin: string;
  if (config.PUBLIC_URL) origin = new URL(config.PUBLIC_URL).origin;
  else if (config.NODE_ENV === 'production') throw new AppError(ErrorCode.PasskeysUnavailable);
  else {
    const header = req.headers.origin;
    origin =
      typeof header === 'string' && header !== 'null' ? header : `${req.protocol}://${req.headers.host}`;
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new AppError(ErrorCode.PasskeysUnavailable);
  }
  return { id: config.WEBAUTHN_RP_ID ?? url.hostname, origin: url.origin, name: config.APP_NAME };
};

/** A stored passkey as the checks need it. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

const descriptor = (p: StoredPasskey) => ({
  id: p.credentialId,
  transports: p.transports as AuthenticatorTransport[],
});

export const creationOptions = (
  rp: RelyingParty,
  user: { id: number; username: string; nickName: string },
  existing: StoredPasskey[],
) =>
  generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.nickName,
    userID: new TextEncoder().encode(`member-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    // A discoverable credential lets the member sign in with the passkey alone, without the user name.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });

export const requestOptions = (rp: RelyingParty, allowed: StoredPasskey[], requireVerification: boolean) =>
  generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map(descriptor),
    userVerification: requireVerification ? 'required' : 'preferred',
  });

/** Checks a new passkey against the challenge; answers what to store, or null when it does not verify. */
export const checkCreation = async (rp: RelyingParty, challenge: string, response: unknown) => {
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified || !registrationInfo) return null;
    const { credential } = registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
};

/** Checks an assertion of `passkey`; answers its new signature counter, or null when it does not verify. */
export const checkAssertion = async (
  rp: RelyingParty,
  challenge: string,
  response: unknown,
  passkey: StoredPasskey,
  requireVerification: boolean,
) => {
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.signCount,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: requireVerification,
    });
    return verified ? authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
};
