/**
 * Click-click and drag on the visual board with any pointer (mouse, touch, pen), through pointer
 * events: pressing on a square chooses it (a piece: a touch; a target: the move), and a piece
 * pressed and carried to another square is dropped there. While it is carried a ghost follows the
 * pointer. The drop square comes from the point under the pointer, since touch pointers stay
 * captured by the square where they went down.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { isSquare, type Square } from '../../core/index.ts';

/** Pixels a pointer must travel before a press becomes a drag (a shaky tap stays a tap). */
const DRAG_THRESHOLD = 6;

export interface Ghost {
  readonly square: Square;
  readonly x: number;
  readonly y: number;
}

interface Press {
  readonly from: Square;
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  moved: boolean;
}

const squareOf = (el: Element | null): Square | null => {
  const s = el?.closest<HTMLElement>('[data-square]')?.dataset['square'];
  return s && isSquare(s) ? s : null;
};

/**
 * `choose(square)` is the one action of a press on a square; `canDrag(square)` says whether a
 * press there may carry a piece; `dropped(from, to)` completes a carried piece's move.
 */
export function usePointerMoves(options: {
  readonly choose: (square: Square) => void;
  readonly canDrag: (square: Square) => boolean;
  readonly dropped: (from: Square, to: Square) => void;
}) {
  const press = useRef<Press | null>(null);
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const move = (e: globalThis.PointerEvent) => {
      const p = press.current;
      if (!p || p.pointerId !== e.pointerId) return;
      if (!p.moved && Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_THRESHOLD) return;
      p.moved = true;
      setGhost({ square: p.from, x: e.clientX, y: e.clientY });
    };
    const up = (e: globalThis.PointerEvent) => {
      const p = press.current;
      if (!p || p.pointerId !== e.pointerId) return;
      press.current = null;
      setGhost(null);
      if (!p.moved) return;
      const under =
        typeof document.elementFromPoint === 'function'
          ? document.elementFromPoint(e.clientX, e.clientY)
          : (e.target as Element | null);
      const to = squareOf(under);
      if (to && to !== p.from) latest.current.dropped(p.from, to);
    };
    const cancel = () => {
      press.current = null;
      setGhost(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.button > 0) return;
    const square = squareOf(e.target as Element);
    if (!square) return;
    // Asked before choosing: a press that completes a move carries nothing.
    const drags = latest.current.canDrag(square);
    latest.current.choose(square);
    press.current = drags
      ? { from: square, pointerId: e.pointerId, x: e.clientX, y: e.clientY, moved: false }
      : null;
  };

  return { onPointerDown, ghost };
}
