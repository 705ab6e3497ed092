/**
 * Where recognised speech enters the blind player's screen: a Listener adapter (Twinboard's server
 * recogniser, Web Speech, the vosk polyfill, or the fake recogniser in tests) hands its transcripts
 * (n-best alternatives) to `deliverHeard`; the mounted screen takes them through `onHeard`. One
 * screen listens at a time. The screen may also say what can be heard now (its position's
 * recognition grammar), which a grammar recogniser reads through `expectedPhrases`, and the
 * position it listens in, which Twinboard's server recogniser sends with each recording
 * (`listeningPosition`).
 */
import type { RecognisedAlternative } from '../../ports/listener.ts';

/**
 * Receives one recognition result: the transcript or its alternatives, best first; `checked` when
 * the second is an independent recognition that must agree; `recognised` the server recogniser's
 * transcripts with their evidence (Listener's result event).
 */
export type HeardHandler = (
  heard: string | readonly string[],
  checked?: boolean,
  recognised?: readonly RecognisedAlternative[],
) => void;

let current: HeardHandler | null = null;
let expected: (() => readonly string[]) | undefined;
let position: (() => string) | undefined;

/**
 * Registers the screen's handler, what it expects to hear and the FEN of the position it listens
 * in (a screen that hears no moves gives neither); returns the unregister function.
 */
export function onHeard(
  handler: HeardHandler,
  phrases?: () => readonly string[],
  fen?: () => string,
): () => void {
  current = handler;
  expected = phrases;
  position = fen;
  return () => {
    if (current !== handler) return;
    current = null;
    expected = undefined;
    position = undefined;
  };
}

/** The phrases the listening screen expects now, or undefined when it does not say. */
export function expectedPhrases(): readonly string[] | undefined {
  return expected?.();
}

/** The FEN the listening screen hears moves in, or undefined when it hears none. */
export function listeningPosition(): string | undefined {
  return position?.();
}

/** Hands a recognition result to the screen; false when no screen is listening. */
export function deliverHeard(
  heard: string | readonly string[],
  checked?: boolean,
  recognised?: readonly RecognisedAlternative[],
): boolean {
  if (!current) return false;
  current(heard, checked, recognised);
  return true;
}
