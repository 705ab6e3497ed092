/**
 * What the blind player's screen does as time passes, as pure functions of the match and `now`:
 * the optional clock cues and the low-time warning (S85 r.4; checklist 48), and the key of a move
 * ready for the optional automatic clock press (BL-13, BL-22). The screen model (model.ts) calls
 * them from its Scheduler port; nothing here keeps time itself.
 */
import { remaining } from '../../core/index.ts';
import { announce, type ScreenEvent, type Utterance } from '../../speech/announce.ts';
import type { VocabularyId } from '../../speech/vocabularies.ts';
import type { Locale } from '../../i18n/index.ts';
import { colorOf } from '../../match/setup.ts';
import type { MatchState } from '../../match/types.ts';
import { moveInHandOf } from './boardView.ts';

const ROLE = 'blind' as const;

/** The player's choices about time (a slice of the app's settings). */
export interface BlindTiming {
  /** A cue each time the remaining time reaches a multiple of this many minutes (0: none). */
  readonly timeCueMinutes: number;
  /** One warning when the remaining time falls to this many seconds (0: none). */
  readonly lowTimeSeconds: number;
  /** The clock pressed this many seconds after the move is executed (0: only by the player). */
  readonly autoClockSeconds: number;
}

/** What the cues have said so far in this game. */
export interface CueState {
  readonly bucket: number;
  readonly low: boolean;
}

export const NO_CUES: CueState = { bucket: Number.POSITIVE_INFINITY, low: false };

interface CueWords {
  readonly vocabulary: VocabularyId;
  readonly locale: Locale;
}

/**
 * The cues due at `now` (said once a second by the model). Nothing about moves is ever
 * volunteered (BL-31), and nobody is reminded to press the clock (checklist 49); the flag itself
 * comes from the reducer (observe).
 */
export function timeCues(
  s: MatchState,
  cues: CueState,
  set: BlindTiming & CueWords,
  now: number,
): { readonly cues: CueState; readonly utterances: readonly Utterance[] } {
  if (s.phase !== 'playing') return { cues, utterances: [] };
  const myColor = colorOf(s.setup, ROLE);
  const left = remaining(s.clock, myColor, now);
  let { bucket, low } = cues;
  const events: ScreenEvent[] = [];
  if (set.timeCueMinutes > 0) {
    // A cue each time the remaining time reaches a multiple of the interval (2:25, 2:20, …).
    const unit = set.timeCueMinutes * 60_000;
    const reached = Math.ceil(left / unit);
    if (reached < bucket && Number.isFinite(bucket) && left > 0)
      events.push({ type: 'timeCue', color: myColor, remainingMs: reached * unit });
    bucket = reached;
  }
  if (set.lowTimeSeconds > 0 && !low && left > 0 && left <= set.lowTimeSeconds * 1000) {
    low = true;
    events.push({ type: 'lowTime', color: myColor, remainingMs: left });
  }
  const utterances =
    events.length > 0
      ? announce(events, 'blind', { vocabulary: set.vocabulary, locale: set.locale, player: myColor })
      : [];
  return { cues: { bucket, low }, utterances };
}

/**
 * BL-13 CONFIG: the move waiting for an automatic clock press once executed, after a correction
 * window (BL-22), as a key that changes with a correction (which restarts the window); null when
 * nothing waits or the player presses himself.
 */
export function autoPressKey(s: MatchState, autoClockSeconds: number): string | null {
  if (autoClockSeconds <= 0) return null;
  const inHand = moveInHandOf(s, ROLE);
  return inHand.move && inHand.missing.length === 0 ? `${inHand.move.uci}/${inHand.announced ?? ''}` : null;
}
