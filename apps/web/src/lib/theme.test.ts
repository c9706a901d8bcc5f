import { afterEach, describe, expect, it } from 'vitest';
import { StorageKey, storage } from './storage.ts';
import { DEFAULT_THEME, readTheme, THEMES, useTheme } from './theme.ts';

describe('theme', () => {
  afterEach(() => storage.remove(StorageKey.Theme));

  it('defaults to "default" and offers default and dark', () => {
    expect(DEFAULT_THEME).toBe('default');
    expect(THEMES).toEqual(['default', 'dark']);
    expect(readTheme()).toBe('default');
  });

  it('is persisted, and an unknown stored name falls back to the default', () => {
    useTheme.getState().setTheme('dark');
    expect(storage.get(StorageKey.Theme)).toBe('dark');
    expect(readTheme()).toBe('dark');
    expect(useTheme.getState().theme).toBe('dark');
    storage.set(StorageKey.Theme, 'neon');
    expect(readTheme()).toBe('default');
  });
});
