import { describe, expect, it } from 'vitest';
import { frameHost } from './frame-host.ts';

describe('frameHost', () => {
  it('shows the real host of the framed page, not what its title or user info claim', () => {
    expect(frameHost('https://bank.example.com.evil.io/login?title=Bank')).toEqual({
      host: 'bank.example.com.evil.io',
      secure: true,
    });
    expect(frameHost('https://user:pw@shop.example.com:8443/x')).toEqual({
      host: 'shop.example.com:8443',
      secure: true,
    });
    expect(frameHost('http://xn--80ak6aa92e.com/')).toEqual({ host: 'xn--80ak6aa92e.com', secure: false });
  });
});
