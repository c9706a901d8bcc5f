import { describe, expect, it } from 'vitest';
import { clockTime, dateTime, localDate } from './time.ts';

describe('one time format per language', () => {
  const afternoon = new Date(2026, 0, 2, 15, 4, 9);
  const midnight = new Date(2026, 0, 2, 0, 30);

  it('writes a 24-hour clock in every language, never AM/PM', () => {
    for (const lang of ['en', 'zh', 'vn', 'jp']) {
      expect(dateTime(afternoon.toISOString(), lang)).toContain('15:04');
      expect(dateTime(afternoon.toISOString(), lang)).not.toMatch(/AM|PM|上午|下午|午後|CH|SA/);
      expect(clockTime(afternoon, lang)).toContain('15:04');
      // Midnight is 00:30, not 24:30 (the hour12:false quirk of some engines).
      expect(clockTime(midnight, lang)).toContain('00:30');
    }
  });

  it('keeps the date, and the seconds when asked', () => {
    expect(dateTime(afternoon.toISOString(), 'en')).toBe('01/02/2026, 15:04');
    expect(dateTime(afternoon.toISOString(), 'en', { seconds: true })).toBe('01/02/2026, 15:04:09');
    expect(dateTime(null, 'en')).toBe('—');
  });

  it('keeps each language and shape apart while it reuses their formatters', () => {
    for (let i = 0; i < 3; i++) {
      expect(localDate(afternoon, 'en', { weekday: 'short' })).toBe('Fri');
      expect(localDate(afternoon, 'zh', { weekday: 'short' })).toBe('周五');
      expect(localDate(afternoon, 'en', { year: '2-digit', month: 'numeric', day: 'numeric' })).toBe(
        '1/2/26',
      );
      expect(dateTime(afternoon.toISOString(), 'en')).toBe('01/02/2026, 15:04');
      expect(dateTime(afternoon.toISOString(), 'en', { seconds: true })).toBe('01/02/2026, 15:04:09');
    }
  });
});
