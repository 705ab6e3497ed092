/**
 * The board cursor as a React hook: the focused square and the arrow keys from the player's point
 * of view, with the board edge reported instead of moving (spec BL-06: moving never touches).
 * Screens with a key map (the blind screen) drive the cursor themselves; simple boards (the
 * practice board) use this hook.
 */
import { useState, type KeyboardEvent } from 'react';
import type { Square } from '../core/index.ts';
import { step, type Direction, type Orientation } from '../core/navigation.ts';

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** A cursor and its arrow-key handler; `onEdge` is called when the cursor meets the board edge. */
export function useBoardCursor(orientation: Orientation, start: Square, onEdge?: () => void) {
  const [cursor, setCursor] = useState<Square>(start);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const direction = ARROWS[event.key];
    if (!direction || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = step(cursor, direction, orientation);
    if (next.atEdge) onEdge?.();
    else setCursor(next.square);
  };
  return { cursor, setCursor, onKeyDown };
}
