/**
 * A practice game: a local match session (the blind player against the sighted seat, which the
 * computer takes) made from the player's settings and the practice choices — colour, strength,
 * time control and relay (in manual relay the player carries out the computer's moves on his own
 * board, as at a real table).
 */
import { CLOCK_PRESETS, fischer, type ProfileId, type TimeControl } from '../core/index.ts';
import { createMatch, observe, reduce, type MatchOptions, type RelayMode } from '../match/index.ts';
import { createLocalSession, type MatchSession } from '../session/local.ts';
import type { Clock } from '../ports/clock.ts';
import type { Level } from '../engine/levels.ts';

const MINUTE = 60_000;

/** The time controls offered for practice, the tournament ones first. */
export const PRACTICE_TIME_CONTROLS: readonly TimeControl[] = [
  CLOCK_PRESETS.skopje1972,
  CLOCK_PRESETS.fortyIn2hThen20In1h,
  { label: '90 min', periods: [{ moves: null, timeMs: 90 * MINUTE }], repeatLast: false },
  fischer(15, 10),
  { label: '5 min', periods: [{ moves: null, timeMs: 5 * MINUTE }], repeatLast: false },
];

export interface PracticeChoices {
  readonly level: Level;
  /** The blind player's colour. */
  readonly color: 'w' | 'b';
  /** Index into PRACTICE_TIME_CONTROLS. */
  readonly timeControl: number;
  readonly relay: Extract<RelayMode, 'automatic' | 'manual'>;
}

export const DEFAULT_PRACTICE: PracticeChoices = { level: 1, color: 'w', timeControl: 0, relay: 'automatic' };

/** The player's rule settings a practice game is played by (controllers/settings.ts keeps them). */
export interface PracticeRules {
  readonly edition: ProfileId;
  /** Castling on the aperture board: the app places the rook, or the player does. */
  readonly rookPlacement: 'auto' | 'manual';
  readonly captureRemoval: NonNullable<MatchOptions['captureRemoval']>;
}

/** Makes a started practice session. */
export function startPracticeSession(
  settings: PracticeRules,
  choices: PracticeChoices,
  clock: Clock,
): MatchSession {
  const match = createMatch({
    profileId: settings.edition,
    blindColor: choices.color,
    relay: choices.relay,
    timeControl: PRACTICE_TIME_CONTROLS[choices.timeControl] ?? CLOCK_PRESETS.skopje1972,
    castlingRook: settings.rookPlacement === 'auto' ? 'automatic' : 'player',
    captureRemoval: settings.captureRemoval,
    practice: true,
  });
  // createMatch fails only on a bad start position or role list; neither is possible here.
  if (!match.ok) throw new Error(match.error.message);
  const session = createLocalSession(match.value, reduce, observe, clock);
  session.dispatch({ kind: 'startGame', by: 'blind' });
  return session;
}
