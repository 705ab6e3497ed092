/**
 * One device, one keyboard focus (issue 28, DESIGN.md principle 8): on a shared device the blind
 * player's keyboard focus is his alone, so the sighted opponent's pointer never moves it. In the
 * opponent's panel a press on anything but a field is kept from taking the focus (the default of
 * its mousedown is prevented; the click still happens), so a screen reader says nothing and the
 * blind player's keys stay on his board. A field the opponent must use with the focus (a list to
 * choose from, a box to type in) takes it while he uses it and gives it back to where it was when
 * he has chosen, sent the form, pressed Escape or pressed another control of the panel; any other
 * focus a pointer press brought into the panel (a label's control, a summary) goes back at once.
 * The keyboard is left alone: Tab into the panel and its controls work as everywhere.
 */
import { useEffect, type RefObject } from 'react';

/** The controls that need the focus to be used: lists and boxes to type in. */
const FIELD =
  'select, textarea, input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="reset"])';

const fieldAt = (node: EventTarget | null): Element | null =>
  node instanceof Element ? node.closest(FIELD) : null;

/**
 * Keeps the keyboard focus out of `panel` when its user presses it with a pointer; `fallback` finds
 * where the focus goes back to when the element it left is gone (the blind player's board).
 */
export function useFocusStays(
  panel: RefObject<HTMLElement | null>,
  fallback: () => HTMLElement | null | undefined,
): void {
  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    const outside = (node: unknown): node is HTMLElement =>
      node instanceof HTMLElement && node !== document.body && !root.contains(node);
    // Where the focus was outside the panel last; whether a pointer is pressing in the panel; and
    // whether a field of the panel holds the focus a pointer lent it (given back when it is used).
    let home: HTMLElement | null = outside(document.activeElement) ? document.activeElement : null;
    let pressing = false;
    let lent = false;
    const giveBack = () => {
      lent = false;
      if (!root.contains(document.activeElement)) return;
      // A board cell that is no longer the board's tab stop gives the focus to the one that is.
      const grid = home?.isConnected ? home.closest('[role="grid"]') : null;
      const stop = grid?.querySelector<HTMLElement>('[tabindex="0"]');
      const to = (home?.isConnected ? (stop ?? home) : null) ?? fallback();
      to?.focus({ preventScroll: true });
    };
    const onFocusIn = (e: FocusEvent) => {
      if (outside(e.target)) {
        home = e.target;
        lent = false;
      } else if (!root.contains(e.target as Node)) return;
      // Brought by a pointer: kept by a field pressed to be used, else sent straight back.
      else if (pressing && fieldAt(e.target)) lent = true;
      else if (pressing) giveBack();
      else lent = false;
    };
    const onMouseDown = (e: MouseEvent) => {
      if (!fieldAt(e.target)) e.preventDefault();
    };
    const onPointerDown = () => void (pressing = true);
    const onKeyDown = (e: KeyboardEvent) => {
      pressing = false;
      if (lent && e.key === 'Escape' && root.contains(e.target as Node)) giveBack();
    };
    // Another control of the panel pressed after a field: the opponent has moved on.
    const onClick = (e: MouseEvent) => {
      if (lent && pressing && !fieldAt(e.target)) giveBack();
      // A label's control takes the focus during the click, after this: it is still a pointer's.
      setTimeout(() => void (pressing = false));
    };
    const onChange = (e: Event) => {
      if (lent && e.target instanceof HTMLSelectElement) giveBack();
    };
    const onSubmit = () => {
      if (lent) giveBack();
    };
    const listeners = [
      [document, 'focusin', onFocusIn],
      [document, 'keydown', onKeyDown],
      [root, 'mousedown', onMouseDown],
      [root, 'pointerdown', onPointerDown],
      [root, 'click', onClick],
      [root, 'change', onChange],
      [root, 'submit', onSubmit],
    ] as const;
    for (const [target, type, listener] of listeners)
      target.addEventListener(type, listener as EventListener, true);
    return () => {
      for (const [target, type, listener] of listeners)
        target.removeEventListener(type, listener as EventListener, true);
    };
  }, [panel, fallback]);
}
