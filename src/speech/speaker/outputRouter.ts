/**
 * Where utterances go: to the Speaker (self-voicing) or to the live-region Announcer (for the
 * player's own screen reader), never both, so nothing is heard twice (DESIGN.md principle 6).
 * Earcons play in either mode.
 */
import type { Announcer } from '../../ports/announcer.ts';
import type { Earcons } from '../../ports/earcons.ts';
import type { Speaker } from '../../ports/speaker.ts';
import type { Utterance } from '../announce.ts';

/** The user setting: Twinboard speaks itself, or leaves speaking to the screen reader. */
export type OutputMode = 'selfVoicing' | 'screenReader';

/** Sends utterances to exactly one channel, plus earcons. */
export interface OutputRouter {
  deliver(utterances: readonly Utterance[]): void;
  mode(): OutputMode;
  /**
   * Whether the words are heard through Twinboard's own voice: self-voicing with a voice to speak
   * in. Without a voice (none installed, or speaking failed) the speaker writes them to the live
   * region, where the screen reader reads them beside the focused control: a screen then leaves
   * the words the focus already says (the board's square) to the focus, as in screen-reader mode.
   */
  speaks?(): boolean;
  /** Switching stops the speaker and clears the regions, so the old channel falls silent. */
  setMode(mode: OutputMode): void;
  /**
   * Empties the live regions and stops the speaker, so nothing said on the last screen or in the
   * last game is left for the player to meet.
   */
  clear(): void;
}

/** The output ports and the starting mode. */
export interface OutputRouterPorts {
  readonly speaker: Speaker;
  readonly announcer: Announcer;
  readonly earcons?: Earcons;
  readonly mode: OutputMode;
}

/** The router over the given ports. */
export function createOutputRouter(ports: OutputRouterPorts): OutputRouter {
  let mode = ports.mode;
  return {
    deliver(utterances) {
      for (const u of utterances) {
        if (u.earcon) ports.earcons?.play(u.earcon);
        if (u.text.trim() === '') continue;
        if (mode === 'selfVoicing') ports.speaker.speak(u);
        else ports.announcer.announce(u.text, u.politeness, u.lang, u.interrupt);
      }
    },
    mode: () => mode,
    speaks: () => mode === 'selfVoicing' && ports.speaker.status() !== 'fallback',
    clear() {
      if (mode === 'selfVoicing') ports.speaker.cancel();
      ports.announcer.clear();
    },
    setMode(next) {
      if (next === mode) return;
      if (mode === 'selfVoicing') ports.speaker.cancel();
      else ports.announcer.clear();
      mode = next;
    },
  };
}
