import type { TokenPayload } from '@chatpay/shared';

/** Reads the payload of a three-part signed token without checking the signature (the server does that). */
export const decodeToken = (token: string | null | undefined): TokenPayload | null => {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenPayload>;
    return {
      uid: Number(payload.uid),
      role: Array.isArray(payload.role) ? payload.role : [],
      permission: Array.isArray(payload.permission) ? payload.permission : [],
      exp: Number(payload.exp),
      ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
    };
  } catch {
    return null;
  }
};
