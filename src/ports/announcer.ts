/**
 * The Announcer port: screen-reader output through ARIA live regions (polite and assertive).
 * The adapter is src/speech/speaker/liveRegion.ts; tests use a fake.
 */
import type { Politeness } from './speaker.ts';

/** Screen-reader output through live regions. */
export interface Announcer {
  /**
   * Put text in the live region of that politeness; a repeated text is read again. Texts of one
   * turn are read together unless the later one interrupts (as the Speaker cancels its queue).
   */
  announce(text: string, politeness: Politeness, lang?: string, interrupt?: boolean): void;
  /** Empty both regions (nothing stale is left for a screen reader to find). */
  clear(): void;
}
