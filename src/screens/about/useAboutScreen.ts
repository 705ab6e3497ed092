/**
 * Whether the About screen is open, kept in the browser history: opening it adds a history entry
 * at the same address, marked in `history.state`, so the browser's Back closes it as Escape and its
 * own Back button do, Forward opens it again, and a reload keeps it open. The screen under it stays
 * mounted (hidden), so a game goes on where it was; on closing, the focus returns to the control
 * that opened it (else to the header's About button).
 */
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

const MARK = 'twinboardAbout';

const marked = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MARK] === true;
const isOpen = () => marked(window.history.state);

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Back and Forward; a followed link to another screen (#/…) is a new entry, unmarked.
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

export interface AboutScreenControls {
  readonly open: boolean;
  /** Opens the screen (a new history entry). */
  readonly show: () => void;
  /** Closes it: back to the entry before it, as the browser's Back does. */
  readonly close: () => void;
  /** The header's About button: the focus goes there when the opener is gone. */
  readonly buttonRef: RefObject<HTMLButtonElement | null>;
}

/** The About screen's open state, its history entry and the focus around it. */
export function useAboutScreen(): AboutScreenControls {
  const open = useSyncExternalStore(subscribe, isOpen, () => false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const opener = useRef<{ readonly element: HTMLElement | null; readonly hash: string } | null>(null);
  // Whether this document added the entry: after a reload the entry before it may not be ours.
  const added = useRef(false);
  const show = useCallback(() => {
    if (isOpen()) return;
    opener.current = {
      element: document.activeElement instanceof HTMLElement ? document.activeElement : null,
      hash: window.location.hash,
    };
    const state: unknown = window.history.state;
    window.history.pushState(
      { ...(typeof state === 'object' && state !== null ? state : {}), [MARK]: true },
      '',
    );
    added.current = true;
    notify();
  }, []);
  const close = useCallback(() => {
    if (!isOpen()) return;
    if (added.current) {
      added.current = false;
      window.history.back();
      return;
    }
    const rest = { ...(window.history.state as Record<string, unknown>) };
    delete rest[MARK];
    window.history.replaceState(rest, '');
    notify();
  }, []);
  // Focus returns where it was once the screen under the About screen is shown again (not when a
  // link led to another screen: that screen places the focus itself).
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current && !open && (opener.current?.hash ?? window.location.hash) === window.location.hash) {
      const element = opener.current?.element;
      (element?.isConnected ? element : buttonRef.current)?.focus();
    }
    if (!open) opener.current = null;
    wasOpen.current = open;
  }, [open]);
  return { open, show, close, buttonRef };
}
