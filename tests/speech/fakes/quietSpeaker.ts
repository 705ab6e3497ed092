// A Speaker for screen tests that run in screen-reader mode: it voices nothing, never speaks, and
// accepts every call (the words are asserted in the live region instead).
import type { Speaker } from '../../../src/ports/speaker.ts';

/** A Speaker that is never heard. */
export function quietSpeaker(): Speaker {
  return {
    speak: () => undefined,
    cancel: () => undefined,
    configure: () => undefined,
    voices: () => [],
    status: () => 'speaking',
    isSpeaking: () => false,
    onSpeakingChange: () => () => undefined,
  };
}
