/**
 * The computer's strength: eight levels from a beginner who blunders sometimes to full strength.
 * Each level limits the search (depth, time, Stockfish's `Skill Level`) and, at the lowest levels,
 * sometimes plays one of the engine's weaker candidate moves instead of its choice. Pure: the
 * randomness is a parameter.
 */
import type { EngineSearch, SearchLimits } from '../ports/engine.ts';

export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type Level = (typeof LEVELS)[number];

export interface LevelSpec extends SearchLimits {
  /** The chance of playing a random weaker candidate (one of the MultiPV lines after the first). */
  readonly blunder: number;
}

const SPECS: Readonly<Record<Level, LevelSpec>> = {
  1: { skill: 0, depth: 1, multiPv: 8, blunder: 0.4 },
  2: { skill: 1, depth: 2, multiPv: 6, blunder: 0.25 },
  3: { skill: 3, depth: 3, multiPv: 4, blunder: 0.12 },
  // From here on a move time bounds the wait too (a slow device searches less deep).
  4: { skill: 6, depth: 5, movetimeMs: 400, blunder: 0 },
  5: { skill: 9, depth: 7, movetimeMs: 600, blunder: 0 },
  6: { skill: 12, depth: 9, movetimeMs: 800, blunder: 0 },
  7: { skill: 16, depth: 12, movetimeMs: 1000, blunder: 0 },
  // Full strength: the engine's own choice, bounded by a move time a player will wait for.
  8: { skill: 20, depth: 18, movetimeMs: 1500, blunder: 0 },
};

/** Checks a level from outside (a stored setting, a form). */
export function isLevel(value: unknown): value is Level {
  return (LEVELS as readonly unknown[]).includes(value);
}

/** The search a level makes; `cap` bounds the time (tests, hints). */
export function levelSearch(level: Level, cap?: { readonly movetimeMs: number }): SearchLimits {
  const { blunder: _blunder, ...limits } = SPECS[level];
  if (!cap) return limits;
  return { ...limits, movetimeMs: Math.min(limits.movetimeMs ?? cap.movetimeMs, cap.movetimeMs) };
}

/** The move the computer plays at `level` after searching with `levelSearch(level)`. */
export function chooseMove(level: Level, search: EngineSearch, random: () => number): string | null {
  const { blunder } = SPECS[level];
  const weaker = search.lines.slice(1);
  if (weaker.length > 0 && random() < blunder) {
    const pick = weaker[Math.floor(random() * weaker.length)];
    if (pick?.pv[0]) return pick.pv[0];
  }
  return search.bestMove ?? search.lines[0]?.pv[0] ?? null;
}
