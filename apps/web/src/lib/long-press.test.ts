import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLongPress, LONG_PRESS_MOVE_TOLERANCE, LONG_PRESS_MS } from './long-press.ts';

const at = (clientX: number, clientY: number) => ({ clientX, clientY });
const event = () => ({ preventDefault: vi.fn(), stopPropagation: vi.fn() });

describe('long press (350 ms, 10 px)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after 350 ms of holding still, not before', () => {
    const fired = vi.fn();
    const press = createLongPress(fired);
    expect(LONG_PRESS_MS).toBe(350);
    press.down(at(100, 100));
    vi.advanceTimersByTime(349);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('lets up to 10 px of movement pass and cancels beyond it', () => {
    expect(LONG_PRESS_MOVE_TOLERANCE).toBe(10);
    const fired = vi.fn();
    const press = createLongPress(fired);
    press.down(at(100, 100));
    press.move(at(106, 108)); // exactly 10 px away
    vi.advanceTimersByTime(350);
    expect(fired).toHaveBeenCalledTimes(1);

    press.down(at(100, 100));
    press.move(at(108, 107)); // 10.6 px
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('is cancelled by lifting the finger early', () => {
    const fired = vi.fn();
    const press = createLongPress(fired);
    press.down(at(0, 0));
    vi.advanceTimersByTime(200);
    press.end();
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
  });

  it('swallows the click that ends a recognised press, and only that one', () => {
    const press = createLongPress(() => {});
    press.down(at(0, 0));
    vi.advanceTimersByTime(350);
    press.end();
    const first = event();
    press.clickCapture(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(first.stopPropagation).toHaveBeenCalled();
    const next = event();
    press.clickCapture(next);
    expect(next.stopPropagation).not.toHaveBeenCalled();

    // A short tap is an ordinary click.
    press.down(at(0, 0));
    vi.advanceTimersByTime(100);
    press.end();
    const tap = event();
    press.clickCapture(tap);
    expect(tap.stopPropagation).not.toHaveBeenCalled();
  });

  it('opens at once on a context menu (right click, touch callout), once per press', () => {
    const fired = vi.fn();
    const press = createLongPress(fired);
    press.down(at(0, 0));
    vi.advanceTimersByTime(350);
    const menu = event();
    press.contextMenu(menu); // the callout after a recognised press opens nothing more
    expect(menu.preventDefault).toHaveBeenCalled();
    expect(fired).toHaveBeenCalledTimes(1);

    press.down(at(0, 0));
    press.contextMenu(event());
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledTimes(2);
  });
});
