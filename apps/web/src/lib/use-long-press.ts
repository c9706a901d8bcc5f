import { useRef } from 'react';
import { createLongPress } from './long-press.ts';

/**
 * Pointer handlers for an element; `onLongPress` fires once per press (350 ms, 10 px,
 * docs/product.md#limits), and suppresses the click after it. The one long-press of the app: chats, messages
 * and moments use it.
 */
export const useLongPress = (onLongPress: () => void) => {
  const latest = useRef(onLongPress);
  latest.current = onLongPress;
  const press = useRef<ReturnType<typeof createLongPress> | null>(null);
  press.current ??= createLongPress(() => latest.current());
  const p = press.current;
  return {
    onPointerDown: (e: React.PointerEvent) => p.down(e),
    onPointerMove: (e: React.PointerEvent) => p.move(e),
    onPointerUp: p.end,
    onPointerCancel: p.end,
    onPointerLeave: p.end,
    onContextMenu: (e: React.MouseEvent) => p.contextMenu(e),
    onClickCapture: (e: React.MouseEvent) => p.clickCapture(e),
  };
};
