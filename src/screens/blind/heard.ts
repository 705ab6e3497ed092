/**
 * Where recognised speech enters the blind player's screen: a Listener adapter (Web Speech, the
 * vosk polyfill, or the fake recogniser in tests) hands its transcripts (n-best alternatives) to
 * `deliverHeard`; the mounted screen takes them through `onHeard`. One screen listens at a time.
 * The screen may also say what can be heard now (its position's recognition grammar), which a
 * grammar recogniser reads through `expectedPhrases`.
 */

/**
 * Receives one recognition result: the transcript or its alternatives, best first; `checked` when
 * the second is an independent recognition that must agree (Listener's result event).
 */
export type HeardHandler = (heard: string | readonly string[], checked?: boolean) => void;

let current: HeardHandler | null = null;
let expected: (() => readonly string[]) | undefined;

/** Registers the screen's handler (and what it expects to hear); returns the unregister function. */
export function onHeard(handler: HeardHandler, phrases?: () => readonly string[]): () => void {
  current = handler;
  expected = phrases;
  return () => {
    if (current !== handler) return;
    current = null;
    expected = undefined;
  };
}

/** The phrases the listening screen expects now, or undefined when it does not say. */
export function expectedPhrases(): readonly string[] | undefined {
  return expected?.();
}

/** Hands a recognition result to the screen; false when no screen is listening. */
export function deliverHeard(heard: string | readonly string[], checked?: boolean): boolean {
  if (!current) return false;
  current(heard, checked);
  return true;
}
