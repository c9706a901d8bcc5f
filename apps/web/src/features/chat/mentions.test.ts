import { describe, expect, it } from 'vitest';
import { mentionsIn, typedAt } from './mentions.ts';

describe('@mentions while writing', () => {
  it('offers the member list only when "@" was just typed at the end', () => {
    expect(typedAt('hi ', 'hi @')).toBe(true);
    expect(typedAt('', '@')).toBe(true);
    expect(typedAt('hi @', 'hi @B')).toBe(false);
    expect(typedAt('a@b', 'a@bc')).toBe(false);
    // Pasting text that ends in "@" is not typing it.
    expect(typedAt('', 'mail me @')).toBe(false);
  });

  it('keeps the picked names still in the text, once each; everyone only when written', () => {
    const picked = new Map<string, number | 'all'>([
      ['Bob', 2],
      ['Carol', 3],
      ['Everyone', 'all'],
    ]);
    expect(mentionsIn('@Bob @Bob lunch?', picked)).toEqual({ mentions: [2] });
    expect(mentionsIn('@Everyone and @Carol', picked)).toEqual({ mentions: [3], mentionAll: true });
    expect(mentionsIn('nobody here', picked)).toEqual({});
  });
});
