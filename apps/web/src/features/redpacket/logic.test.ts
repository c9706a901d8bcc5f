import { describe, expect, it } from 'vitest';
import { bubbleState, checkPacket, countUpFrame, packetTotal, showTotal, tapAction } from './logic.ts';

describe('red packet total', () => {
  it('multiplies an equal share by the count; a lucky amount is the total', () => {
    expect(packetTotal('equal', 3, '0.1')).toBe(300_000n);
    expect(showTotal(packetTotal('equal', 3, '0.333333'))).toBe('0.999999');
    expect(packetTotal('lucky', 3, '10')).toBe(10_000_000n);
    expect(packetTotal('equal', 0, '1')).toBeNull();
    expect(packetTotal('lucky', 2, '')).toBeNull();
    expect(showTotal(null)).toBe('0.00');
  });

  it('refuses too many shares, tiny shares, huge totals and more than the balance', () => {
    expect(checkPacket({ kind: 'lucky', count: 0, amount: '1' })).toEqual({ ok: false, problem: 'count' });
    expect(checkPacket({ kind: 'lucky', count: 101, amount: '100' })).toEqual({
      ok: false,
      problem: 'count',
    });
    expect(checkPacket({ kind: 'lucky', count: 4, amount: '1', members: 3 })).toEqual({
      ok: false,
      problem: 'countAboveMembers',
    });
    expect(checkPacket({ kind: 'lucky', count: 3, amount: '0' })).toEqual({ ok: false, problem: 'amount' });
    expect(checkPacket({ kind: 'lucky', count: 3, amount: '0.029999' })).toEqual({
      ok: false,
      problem: 'shareTooSmall',
    });
    expect(checkPacket({ kind: 'lucky', count: 3, amount: '0.03' })).toEqual({ ok: true, total: 30_000n });
    expect(checkPacket({ kind: 'equal', count: 2, amount: '0.009' })).toEqual({
      ok: false,
      problem: 'shareTooSmall',
    });
    expect(checkPacket({ kind: 'equal', count: 2, amount: '10000.000001' })).toEqual({
      ok: false,
      problem: 'totalTooLarge',
    });
    expect(checkPacket({ kind: 'equal', count: 3, amount: '1', balance: '2.999999' })).toEqual({
      ok: false,
      problem: 'aboveBalance',
    });
    expect(checkPacket({ kind: 'equal', count: 3, amount: '1', balance: '3' })).toEqual({
      ok: true,
      total: 3_000_000n,
    });
  });
});

describe('red packet bubble', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');
  const later = '2030-01-02T12:00:00Z';
  const earlier = '2030-01-01T11:00:00Z';
  it('shows opened, all claimed, expired or open; greyed when nothing is left for me', () => {
    expect(bubbleState(undefined, now)).toEqual({ state: 'open', done: false });
    expect(bubbleState({ status: 'open', myAmount: null, expireTime: later }, now)).toEqual({
      state: 'open',
      done: false,
    });
    expect(bubbleState({ status: 'finished', myAmount: '0.5', expireTime: later }, now)).toEqual({
      state: 'opened',
      done: true,
    });
    expect(bubbleState({ status: 'finished', myAmount: null, expireTime: later }, now).state).toBe(
      'finished',
    );
    expect(bubbleState({ status: 'expired', myAmount: null, expireTime: earlier }, now).state).toBe(
      'expired',
    );
    // Past its time but not swept yet: already expired for the reader.
    expect(bubbleState({ status: 'open', myAmount: null, expireTime: earlier }, now)).toEqual({
      state: 'expired',
      done: true,
    });
  });

  it('opens the Open view while I can claim, the claim list otherwise', () => {
    const open = { status: 'open' as const, myAmount: null, expireTime: later };
    expect(tapAction(open, { mine: false, single: true, now })).toBe('open');
    expect(tapAction(open, { mine: true, single: true, now })).toBe('detail');
    expect(tapAction(open, { mine: true, single: false, now })).toBe('open');
    expect(tapAction({ ...open, myAmount: '1.00' }, { mine: false, single: false, now })).toBe('detail');
    expect(tapAction(undefined, { mine: false, single: false, now })).toBe('open');
  });

  it('counts a claimed amount up in whole cents and ends exact', () => {
    const frames = Array.from({ length: 10 }, (_, i) => countUpFrame('1.234567', i, 10));
    expect(frames[0]).toBe('0.12');
    expect(frames[9]).toBe('1.234567');
    expect(frames.every((f) => /^\d+\.\d{2,6}$/.test(f))).toBe(true);
  });
});
