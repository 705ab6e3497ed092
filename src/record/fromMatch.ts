/**
 * From the match to the record: each player's own scoresheet as a GameRecord (twin scoresheets,
 * BL-24, GR-80), with the clock reading after every ply taken from the announcement log, the
 * match result mapped to a result with its reason, and the evidence log (touches, placements,
 * announcements, corrections, clock presses, claims) exported as text and JSON (checklist 34).
 */
import type { Game } from '../core/index.ts';
import { formatClock } from '../core/index.ts';
import type { LogEntry, MatchState, PlayerRole } from '../match/types.ts';
import type { GameRecord } from './pgn.ts';

/**
 * One player's own scoresheet as a record: the moves he wrote (his `scores` entry), the clock of the
 * mover after each ply from the log, the match result and the given tags (players, event, …).
 */
export function recordFromMatch(
  state: MatchState,
  seat: PlayerRole,
  tags: Readonly<Record<string, string>> = {},
): GameRecord {
  const game: Game = { startFen: state.setup.startFen, moves: state.scores[seat] };
  const clocks = state.plies.slice(0, game.moves.length).map((p) => {
    const c = p.clockAfter;
    return c === null ? null : c.sides[p.color].allottedMs - c.sides[p.color].usedMs;
  });
  return { tags, game, result: state.result?.reason === 'annulled' ? null : state.result, clocks, comments: [] };
}

/** The evidence log as plain text: one line per entry, time relative to the first entry. */
export function evidenceLogText(log: readonly LogEntry[]): string {
  const t0 = log[0]?.at ?? 0;
  const stamp = (ms: number) => formatClock(Math.max(0, Math.round((ms - t0) / 1000)) * 1000);
  return (
    log
      .map((e) =>
        [String(e.seq).padStart(4), stamp(e.at), e.by, e.what, e.detail, e.refused ? '(refused)' : '']
          .filter((x) => x !== '')
          .join('  '),
      )
      .join('\n') + '\n'
  );
}

/** The evidence log as JSON (every field, in order), for the arbiter and for appeals. */
export function evidenceLogJson(log: readonly LogEntry[]): string {
  return JSON.stringify(log, null, 2) + '\n';
}
