import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockTime, thumbUrl } from './media-url.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('thumbUrl (sizes onto w_/h_)', () => {
  it('maps a number, a pair and {w, h, m} to parameters, times the screen density', () => {
    vi.stubGlobal('devicePixelRatio', 2);
    expect(thumbUrl('/uploads/2026-01-01/a.jpg', 100)).toBe('/uploads/2026-01-01/a.jpg?w_=200&h_=200');
    expect(thumbUrl('/uploads/a.jpg', [160, 240])).toBe('/uploads/a.jpg?w_=320&h_=480');
    expect(thumbUrl('/uploads/a.jpg', { w: 84, h: 84, m: 'fill' })).toBe(
      '/uploads/a.jpg?w_=168&h_=168&m_=fill',
    );
    expect(thumbUrl('/uploads/a.jpg', { w: 50 })).toBe('/uploads/a.jpg?w_=100');
    expect(thumbUrl('https://chat.example.com/uploads/a.jpg', 10)).toBe(
      'https://chat.example.com/uploads/a.jpg?w_=20&h_=20',
    );
  });

  it('leaves other addresses alone', () => {
    expect(thumbUrl('blob:http://x/123', 100)).toBe('blob:http://x/123');
    expect(thumbUrl('https://other.example/pic.jpg', 100)).toBe('https://other.example/pic.jpg');
    expect(thumbUrl('', 100)).toBe('');
  });

  it('formats durations', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(65.4)).toBe('1:05');
  });
});
