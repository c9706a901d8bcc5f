import { APP_VERSION, APP_VERSION_CODE, type AppVersion } from '@chatpay/shared';
import { describe, expect, it, vi } from 'vitest';
import { checkForUpdate, updatePrompt, useAppUpdate } from './update.ts';
import { updateAction } from './version.ts';

/** The server's answer to the version check, set per test. */
const request = vi.hoisted(() => ({ answer: (_input: unknown): unknown => null }));
vi.mock('../../lib/request.ts', () => ({
  call: async (_endpoint: unknown, input: unknown) => request.answer(input),
}));

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

describe('what the member pages show about a newer version', () => {
  const latest = (versionCode: number, forced = false): AppVersion => ({
    platform: 'web',
    version: `4.${versionCode}.0`,
    versionCode,
    downloadUrl: 'https://downloads.example.com/app',
    forced,
    notes: '',
    releaseTime: '2026-01-01T00:00:00.000Z',
  });

  it('nothing before an answer, without a newer version, or without any published one', () => {
    expect(updatePrompt(null, null)).toEqual({ kind: 'none' });
    expect(updatePrompt({ latest: latest(100), hasUpdate: false, forced: false }, null)).toEqual({
      kind: 'none',
    });
    expect(updatePrompt({ latest: null, hasUpdate: false, forced: false }, null)).toEqual({ kind: 'none' });
  });

  it('a newer version: a notice the member may close; closed, it stays closed until a newer one', () => {
    const check = { latest: latest(101), hasUpdate: true, forced: false };
    expect(updatePrompt(check, null)).toEqual({ kind: 'available', latest: latest(101) });
    expect(updatePrompt(check, 101)).toEqual({ kind: 'none' });
    expect(updatePrompt(check, 100)).toEqual({ kind: 'available', latest: latest(101) });
  });

  it('a forced update blocks, whatever was closed before', () => {
    const check = { latest: latest(102), hasUpdate: true, forced: true };
    expect(updatePrompt(check, null)).toEqual({ kind: 'forced', latest: latest(102) });
    expect(updatePrompt(check, 102)).toEqual({ kind: 'forced', latest: latest(102) });
  });

  it('the latest version is not forced but one between is: still forced (the server says so)', () => {
    const check = { latest: latest(103, false), hasUpdate: true, forced: true };
    expect(updatePrompt(check, 103).kind).toBe('forced');
  });

  it('the start-up check asks for this build and keeps the answer for the layout', async () => {
    const asked: unknown[] = [];
    request.answer = (input) => {
      asked.push(input);
      return { latest: latest(101, true), hasUpdate: true, forced: true };
    };
    const later: (() => void)[] = [];
    checkForUpdate((work) => later.push(work));
    expect(useAppUpdate.getState().check).toBeNull();
    for (const work of later) work();
    await vi.waitFor(() => expect(useAppUpdate.getState().check?.forced).toBe(true));
    expect(asked).toEqual([{ platform: 'web', version: APP_VERSION, versionCode: APP_VERSION_CODE }]);
  });

  it('no answer (offline) blocks nothing', async () => {
    useAppUpdate.setState({ check: null });
    request.answer = () => {
      throw new Error('offline');
    };
    checkForUpdate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(updatePrompt(useAppUpdate.getState().check, null)).toEqual({ kind: 'none' });
  });
});
