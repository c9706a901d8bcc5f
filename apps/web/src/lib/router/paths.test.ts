import { describe, expect, it } from 'vitest';
import { canonicalPath, isReachable, isTabPath, Paths } from './paths.ts';

describe('route guard white-list', () => {
  it.each([
    '/pages/login/index',
    '/pages/user/doc',
    '/pages/user/doc?type=privacy',
    '/pages/demo',
    '/pages/demo/anything/deep',
    '/pages/login/sign',
  ])('lets a visitor without a token open %s', (path) => {
    expect(isReachable(path, false)).toBe(true);
  });

  it.each([
    '/',
    '/pages/index/chat',
    '/pages/index/my',
    '/pages/user/set',
    '/pages/user/edit',
    '/pages/user/qr',
    '/pages/base/language',
    '/pages/base/h5?url=https://example.com',
    '/pages/demonstration',
    '/pages/c2c/index',
    '/no/such/page',
    // Home is the chat tab; there is no captcha page.
    '/pages/index/home',
    '/pages/user/captcha',
  ])('sends a visitor without a token from %s to login', (path) => {
    expect(isReachable(path, false)).toBe(false);
  });

  it('lets a member with a token open everything', () => {
    for (const path of ['/', Paths.userSet, Paths.userEdit, '/no/such/page'])
      expect(isReachable(path, true)).toBe(true);
  });
});

describe('tab paths', () => {
  it('treats / and home as the chat tab', () => {
    expect(canonicalPath('/')).toBe(Paths.chat);
    expect(canonicalPath(Paths.home)).toBe(Paths.chat);
    expect(isTabPath('/')).toBe(true);
  });

  it('knows the four tabs and nothing else', () => {
    expect([Paths.chat, Paths.contact, Paths.discovery, Paths.my].every(isTabPath)).toBe(true);
    expect(isTabPath(`${Paths.my}?x=1`)).toBe(true);
    expect(isTabPath(Paths.userSet)).toBe(false);
    expect(isTabPath(Paths.login)).toBe(false);
  });
});
