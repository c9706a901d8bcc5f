import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const settings = { algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS } as const;

/** A new 160-bit secret, base32 as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the app's QR code carries. */
export const totpUri = (secret: string, issuer: string, label: string) =>
  new TOTP({ ...settings, issuer, label, secret: Secret.fromBase32(secret) }).toString();

/**
 * The time step of `code` when it is the code of the current step or one step either side (clock drift), else
 * null. The caller refuses a step at or before the last accepted one (replay).
 */
export const totpStep = (secret: string, code: string, now: Date): number | null => {
  const totp = new TOTP({ ...settings, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
};
