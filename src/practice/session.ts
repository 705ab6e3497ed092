/**
 * A practice game: a local match session (the blind player against the sighted seat, which the
 * computer takes) made from the player's settings and the practice choices — colour, strength,
 * time control and relay (in manual relay the player carries out the computer's moves on his own
 * board, as at a real table). It is kept on the device as it is played, like a local game
 * (session/store.ts, the practice games' own store), with the computer's strength in its head: a
 * reload, or the archive, resumes it against the computer as it was.
 */
import { CLOCK_PRESETS, fischer, type ProfileId, type TimeControl } from '../core/index.ts';
import { createMatch, observe, reduce, type MatchOptions, type RelayMode } from '../match/index.ts';
import { createLocalSession, type MatchSession } from '../session/local.ts';
import { resumeStoredSession, startStoredSession, type SessionStore } from '../session/store.ts';
import type { Clock } from '../ports/clock.ts';
import { isLevel, type Level } from '../engine/levels.ts';

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

/** The match a practice game is played by: the player's rules and his practice choices. */
export function practiceMatchOptions(settings: PracticeRules, choices: PracticeChoices): MatchOptions {
  return {
    profileId: settings.edition,
    blindColor: choices.color,
    relay: choices.relay,
    timeControl: PRACTICE_TIME_CONTROLS[choices.timeControl] ?? CLOCK_PRESETS.skopje1972,
    castlingRook: settings.rookPlacement === 'auto' ? 'automatic' : 'player',
    captureRemoval: settings.captureRemoval,
    practice: true,
  };
}

/** Makes a started practice session, held in memory only (tests, the benchmark). */
export function startPracticeSession(
  settings: PracticeRules,
  choices: PracticeChoices,
  clock: Clock,
): MatchSession {
  const match = createMatch(practiceMatchOptions(settings, choices));
  // createMatch fails only on a bad start position or role list; neither is possible here.
  if (!match.ok) throw new Error(match.error.message);
  const session = createLocalSession(match.value, reduce, observe, clock);
  session.dispatch({ kind: 'startGame', by: 'blind' });
  return session;
}

/** A practice game being played on this device: its id (the archive's too), session and computer. */
export interface OpenedPractice {
  readonly id: string;
  readonly session: MatchSession;
  /** The computer's strength. */
  readonly level: Level;
  /** The blind player's colour. */
  readonly color: 'w' | 'b';
  /** Resumed from the device (after a reload, or from the archive), not new. */
  readonly resumed: boolean;
}

/** A new practice game under `id`, kept in `store` and made the running one, with the game started. */
export function startStoredPractice(
  store: SessionStore,
  id: string,
  settings: PracticeRules,
  choices: PracticeChoices,
  clock: Clock,
): OpenedPractice {
  const head = {
    id,
    options: practiceMatchOptions(settings, choices),
    createdAt: clock.now(),
    computer: { level: choices.level },
  };
  const session = startStoredSession(store, head, clock);
  return { id, session, level: choices.level, color: choices.color, resumed: false };
}

/**
 * A stored practice game as a live session that keeps writing to its log, made the running one;
 * null when there is none with this id, it is not a practice game, or it has finished.
 */
export function resumeStoredPractice(store: SessionStore, id: string, clock: Clock): OpenedPractice | null {
  const resumed = resumeStoredSession(store, id, clock);
  if (!resumed) return null;
  const { session, head } = resumed;
  const level = head.computer?.level;
  if (level === undefined || !isLevel(level) || head.options.practice !== true) return null;
  if (session.getState().phase === 'over') return null;
  store.setCurrent(id);
  return { id, session, level, color: session.getState().setup.blindColor, resumed: true };
}

/** The practice game running on this device (the one a reload resumes), if it is unfinished. */
export function runningPractice(store: SessionStore, clock: Clock): OpenedPractice | null {
  const id = store.current();
  return id === null ? null : resumeStoredPractice(store, id, clock);
}
