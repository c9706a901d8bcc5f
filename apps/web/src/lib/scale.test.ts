import { describe, expect, it } from 'vitest';
import { isConsoleHash, rootFontSize } from './scale.ts';

describe('page scale', () => {
  it('is 16px at the 375 base width and follows the width up to 960', () => {
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(320)).toBeCloseTo(13.653, 3);
    expect(rootFontSize(414)).toBeCloseTo(17.664, 3);
    expect(rootFontSize(960)).toBeCloseTo(40.96, 3);
    expect(rootFontSize(1280)).toBe(rootFontSize(960));
  });

  it('leaves the operator console at the browser size', () => {
    expect(isConsoleHash('#/admin/dashboard')).toBe(true);
    expect(isConsoleHash('#/pages/index/chat')).toBe(false);
    expect(isConsoleHash('')).toBe(false);
  });
});
