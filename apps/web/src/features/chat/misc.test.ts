import { describe, expect, it } from 'vitest';
import { registerPlugins } from '../../app/plugins.ts';
import { setLocale } from '../../lib/i18n/index.ts';
import { groupByLetter, indexLetter, memberNames, needsSeparator, noticeText } from './format.ts';
import { appRouteFromText } from './scanLink.ts';

// The kinds and notices of other features, as the app registers them at start-up.
registerPlugins();

describe('contacts A-Z', () => {
  it('groups by first letter, accents folded, non-latin under #, # last', () => {
    expect(indexLetter('bob')).toBe('B');
    expect(indexLetter('Émile')).toBe('E');
    expect(indexLetter('张伟')).toBe('#');
    expect(indexLetter('1abc')).toBe('#');
    const groups = groupByLetter(['carol', 'Alice', '张伟', 'adam', 'Bob'], (n) => n);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'B', 'C', '#']);
    expect(groups[0]?.items).toEqual(['adam', 'Alice']);
  });
});

describe('time separators', () => {
  it('go above the first message and after a pause of more than 5 minutes', () => {
    expect(needsSeparator(undefined, '2026-01-01T10:00:00Z')).toBe(true);
    expect(needsSeparator('2026-01-01T10:00:00Z', '2026-01-01T10:04:00Z')).toBe(false);
    expect(needsSeparator('2026-01-01T10:00:00Z', '2026-01-01T10:06:00Z')).toBe(true);
  });
});

describe('scanned QR codes', () => {
  const origin = 'https://chat.example';
  it('opens the app user-detail link from my QR code', () => {
    expect(appRouteFromText('https://chat.example/#/pages/chat/user-detail?code=AB12CD', origin)).toBe(
      '/pages/chat/user-detail?code=AB12CD',
    );
    expect(appRouteFromText('https://other.example/app/#/pages/chat/user-detail?code=AB12CD', origin)).toBe(
      '/pages/chat/user-detail?code=AB12CD',
    );
    expect(appRouteFromText('#/pages/chat/user-detail?id=5', origin)).toBe('/pages/chat/user-detail?id=5');
  });
  it('shows anything else as text', () => {
    expect(appRouteFromText('hello world', origin)).toBeNull();
    expect(appRouteFromText('https://evil.example/#/pages/user/set', origin)).toBeNull();
    expect(appRouteFromText('javascript:alert(1)//#/pages/index/chat', origin)).toBeNull();
  });
});

describe('group notices in the reader language', () => {
  const nameOf = memberNames([
    { userId: 1, note: '', nickName: 'Alice' },
    { userId: 2, note: 'Bobby', nickName: 'Bob' },
    { userId: 3, note: '', nickName: 'Carol' },
  ]);
  const notice = (extra: Record<string, unknown>) => ({ text: 'server text', operatorId: 1, ...extra });

  it('is built from the type and the names in the group (aliases first)', () => {
    expect(noticeText(notice({ type: 'group.create', userIds: [2, 3] }), nameOf)).toBe(
      'Alice created the group and invited Bobby, Carol',
    );
    expect(noticeText(notice({ type: 'group.mute', userIds: [3] }), nameOf)).toBe('Alice muted Carol');
    expect(noticeText(notice({ type: 'group.muteFor', userIds: [3], minutes: 60 }), nameOf)).toBe(
      'Alice muted Carol for 1 hour',
    );
    expect(noticeText(notice({ type: 'group.muteFor', userIds: [3], minutes: 7 * 1440 }), nameOf)).toBe(
      'Alice muted Carol for 7 days',
    );
    expect(noticeText(notice({ type: 'group.muteAll' }), nameOf)).toBe('Alice turned on mute all');
    expect(noticeText(notice({ type: 'group.unmuteAll' }), nameOf)).toBe('Alice turned off mute all');
    expect(noticeText(notice({ type: 'group.name', name: 'Trip' }), nameOf)).toBe(
      'Alice changed the group name to "Trip"',
    );
    // The announcement itself is posted into the chat; clearing it says so.
    expect(
      noticeText(notice({ type: 'group.announcement', announcement: 'Dinner at 8, Friday' }), nameOf),
    ).toBe('Alice updated the group announcement: Dinner at 8, Friday');
    expect(noticeText(notice({ type: 'group.announcement', announcement: '' }), nameOf)).toBe(
      'Alice cleared the group announcement',
    );
  });

  it('names members who have left as the notice recorded them, in the reader’s language', async () => {
    const left = notice({ type: 'group.quit', operatorId: 9, userIds: [9], names: { 9: 'Dan' } });
    expect(noticeText(left, nameOf)).toBe('Dan left the group');
    await setLocale('zh');
    try {
      expect(noticeText(left, nameOf)).not.toBe('Dan left the group');
      expect(noticeText(left, nameOf)).toContain('Dan');
    } finally {
      await setLocale('en');
    }
  });

  it('falls back to the server text for unknown types and unnamed members who left', () => {
    expect(noticeText(notice({ type: 'group.quit', userIds: [9] }), nameOf)).toBe('server text');
    expect(noticeText(notice({ type: 'group.future' }), nameOf)).toBe('server text');
    expect(noticeText(notice({ type: 'group.mute', userIds: [3] }))).toBe('server text');
  });
});
