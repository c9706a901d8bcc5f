import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LOADING_DELAY_MS, showAfter } from './delayed.ts';

describe('page loading delay (200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the indicator only once 200 ms have passed', () => {
    expect(PAGE_LOADING_DELAY_MS).toBe(200);
    const show = vi.fn();
    showAfter(PAGE_LOADING_DELAY_MS, show);
    vi.advanceTimersByTime(199);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('never shows it when loading ends first', () => {
    const show = vi.fn();
    const cancel = showAfter(PAGE_LOADING_DELAY_MS, show);
    vi.advanceTimersByTime(150);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(show).not.toHaveBeenCalled();
  });

  it('shows at once without a delay', () => {
    const show = vi.fn();
    showAfter(0, show);
    expect(show).toHaveBeenCalledTimes(1);
  });
});
