/**
 * A long press is recognised after 350 ms and cancelled when the finger moves more than 10 px
 * (docs/product.md#limits).
 */
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_MOVE_TOLERANCE = 10;

interface Point {
  clientX: number;
  clientY: number;
}
interface Preventable {
  preventDefault(): void;
  stopPropagation(): void;
}

/**
 * The recogniser behind `useLongPress` (lib/use-long-press.ts), free of React: pointer events in,
 * `onLongPress` out, once per press; the click that ends a recognised press is swallowed, and a context menu
 * (desktop right click, the touch callout) opens the same thing at once.
 */
export const createLongPress = (onLongPress: () => void) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let start: { x: number; y: number } | null = null;
  let fired = false;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    start = null;
  };
  return {
    down: (e: Point) => {
      clear();
      fired = false;
      start = { x: e.clientX, y: e.clientY };
      timer = setTimeout(() => {
        fired = true;
        clear();
        onLongPress();
      }, LONG_PRESS_MS);
    },
    move: (e: Point) => {
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > LONG_PRESS_MOVE_TOLERANCE) clear();
    },
    end: clear,
    contextMenu: (e: Preventable) => {
      e.preventDefault();
      if (fired) return;
      clear();
      fired = true;
      onLongPress();
    },
    clickCapture: (e: Preventable) => {
      if (!fired) return;
      e.stopPropagation();
      e.preventDefault();
      fired = false;
    },
  };
};
