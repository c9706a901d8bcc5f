import { describe, expect, it } from 'vitest';
import { updateAction } from './version.ts';

describe('web update', () => {
  const origin = 'https://chat.example.com';
  it('reloads for no download URL or one on this site', () => {
    expect(updateAction({ downloadUrl: '' }, origin)).toEqual({ kind: 'reload' });
    expect(updateAction({ downloadUrl: '  ' }, origin)).toEqual({ kind: 'reload' });
    expect(updateAction({ downloadUrl: '/index.html' }, origin)).toEqual({ kind: 'reload' });
  });
  it('opens an address elsewhere', () => {
    expect(updateAction({ downloadUrl: 'https://cdn.example.org/app.apk' }, origin)).toEqual({
      kind: 'open',
      url: 'https://cdn.example.org/app.apk',
    });
  });
  it('refuses other schemes (invalid download URL)', () => {
    expect(updateAction({ downloadUrl: 'javascript:alert(1)' }, origin)).toEqual({ kind: 'invalid' });
    expect(updateAction({ downloadUrl: 'ftp://x/y' }, origin)).toEqual({ kind: 'invalid' });
  });
});
