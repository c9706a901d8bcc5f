import { describe, expect, it } from 'vitest';
import { isKick } from './socket.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`;

describe('single-session kick: the event names a session, never a token', () => {
  const mine = jwt({ uid: 1, role: [], permission: [], exp: 9e9, sid: 'session-a' });

  it('logs out when another session became current', () => {
    expect(isKick({ type: 'login', sid: 'session-b' }, mine)).toBe(true);
  });

  it('stays when the announced session is its own', () => {
    expect(isKick({ type: 'login', sid: 'session-a' }, mine)).toBe(false);
  });

  it('logs out when every session was ended, and ignores events without a local token', () => {
    expect(isKick({ type: 'ended', reason: 'frozen' }, mine)).toBe(true);
    expect(isKick({ type: 'login', sid: 'session-b' }, null)).toBe(false);
  });
});
