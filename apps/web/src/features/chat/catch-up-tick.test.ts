import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATCH_UP_TICK_MS, createCatchUpTick, LIST_EVERY_TICKS } from './catch-up-tick.ts';

describe('the periodic catch-up', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (state: { connected: boolean; visible: boolean; open: number | null }) => {
    const catchUp = vi.fn(async (_id: number) => undefined);
    const reloadList = vi.fn();
    const tick = createCatchUpTick({
      connected: () => state.connected,
      visible: () => state.visible,
      openLoaded: () => state.open,
      catchUp,
      reloadList,
    });
    tick.start();
    return { catchUp, reloadList, tick };
  };

  it('catches the open chat up every tick and reloads the list every fourth', () => {
    const { catchUp, reloadList, tick } = setup({ connected: true, visible: true, open: 7 });
    vi.advanceTimersByTime(CATCH_UP_TICK_MS - 1);
    expect(catchUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(catchUp).toHaveBeenCalledWith(7);
    vi.advanceTimersByTime(CATCH_UP_TICK_MS * (LIST_EVERY_TICKS - 1));
    expect(catchUp).toHaveBeenCalledTimes(LIST_EVERY_TICKS);
    expect(reloadList).toHaveBeenCalledTimes(1);
    tick.stop();
    vi.advanceTimersByTime(CATCH_UP_TICK_MS * 10);
    expect(catchUp).toHaveBeenCalledTimes(LIST_EVERY_TICKS);
  });

  it('asks nothing while hidden or offline, and nothing for a chat list without an open chat', () => {
    const state = { connected: true, visible: false, open: 7 as number | null };
    const { catchUp, reloadList } = setup(state);
    vi.advanceTimersByTime(CATCH_UP_TICK_MS * 8);
    state.visible = true;
    state.connected = false;
    vi.advanceTimersByTime(CATCH_UP_TICK_MS * 8);
    expect(catchUp).not.toHaveBeenCalled();
    expect(reloadList).not.toHaveBeenCalled();
    state.connected = true;
    state.open = null;
    vi.advanceTimersByTime(CATCH_UP_TICK_MS * LIST_EVERY_TICKS);
    expect(catchUp).not.toHaveBeenCalled();
    expect(reloadList).toHaveBeenCalledTimes(1);
  });

  it('survives a refused catch-up', async () => {
    const { catchUp } = setup({ connected: true, visible: true, open: 3 });
    catchUp.mockRejectedValueOnce(new Error('offline'));
    vi.advanceTimersByTime(CATCH_UP_TICK_MS * 2);
    expect(catchUp).toHaveBeenCalledTimes(2);
  });
});
