/**
 * Where recognised speech enters the blind player's screen: a Listener adapter (Web Speech, the
 * vosk polyfill, or the fake recogniser in tests) hands its transcripts (n-best alternatives) to
 * `deliverHeard`; the mounted screen takes them through `onHeard`. One screen listens at a time.
 */

/** Receives one recognition result: the transcript or its alternatives, best first. */
export type HeardHandler = (heard: string | readonly string[]) => void;

let current: HeardHandler | null = null;

/** Registers the screen's handler; returns the unregister function. */
export function onHeard(handler: HeardHandler): () => void {
  current = handler;
  return () => {
    if (current === handler) current = null;
  };
}

/** Hands a recognition result to the screen; false when no screen is listening. */
export function deliverHeard(heard: string | readonly string[]): boolean {
  if (!current) return false;
  current(heard);
  return true;
}
