import { describe, expect, it } from 'vitest';
import { highlightParts, searchKeyword, snippet } from './search.ts';

describe('search text helpers', () => {
  it('marks every occurrence of the keyword, ignoring case', () => {
    expect(highlightParts('Cafe, then CAFE again', 'cafe')).toEqual([
      { text: 'Cafe', hit: true },
      { text: ', then ', hit: false },
      { text: 'CAFE', hit: true },
      { text: ' again', hit: false },
    ]);
    expect(highlightParts('今天天气很好', '好')).toEqual([
      { text: '今天天气很', hit: false },
      { text: '好', hit: true },
    ]);
    expect(highlightParts('50% off', '%')).toEqual([
      { text: '50', hit: false },
      { text: '%', hit: true },
      { text: ' off', hit: false },
    ]);
    expect(highlightParts('nothing', '')).toEqual([{ text: 'nothing', hit: false }]);
  });

  it('shortens a long text to just before the hit, and trims and caps the keyword', () => {
    expect(snippet(`${'a'.repeat(40)} the word here`, 'word', 4)).toBe('…the word here');
    expect(snippet('word at the start', 'word')).toBe('word at the start');
    expect(searchKeyword('  東京  ')).toBe('東京');
    expect(searchKeyword('字'.repeat(80))).toHaveLength(50);
  });
});
