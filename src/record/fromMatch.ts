/**
 * From the match to the record: each player's own scoresheet as a GameRecord (twin scoresheets,
 * BL-24, GR-80), with the clock reading after every ply taken from the announcement log, the
 * match result mapped to a result with its reason, and the evidence log (touches, placements,
 * announcements, corrections, clock presses, claims) exported as text and JSON (checklist 34).
 */
import type { Color, Game } from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import type { AnnulledGame, LogEntry, MatchState, PlayerRole } from '../match/types.ts';
import { tRecord } from './messages.ts';
import type { GameRecord } from './pgn.ts';
import { formatReading, wholeSeconds } from './times.ts';

/**
 * One player's own scoresheet as a record: the moves he wrote (his `scores` entry), the clock of the
 * mover after each ply from the log (in whole seconds, times.ts), the match result and the given
 * tags (players, event, …).
 */
export function recordFromMatch(
  state: MatchState,
  seat: PlayerRole,
  tags: Readonly<Record<string, string>> = {},
  locale: Locale = 'en',
): GameRecord {
  const game: Game = { startFen: state.setup.startFen, moves: state.scores[seat] };
  const clocks = state.plies.slice(0, game.moves.length).map((p) => {
    const c = p.clockAfter;
    return c === null ? null : wholeSeconds(c.sides[p.color].allottedMs - c.sides[p.color].usedMs);
  });
  const annulled = state.annulled.at(-1);
  return {
    tags,
    game,
    result: state.result?.reason === 'annulled' ? null : state.result,
    clocks,
    comments: [],
    // A replay says so before its first move: the game it replaces was annulled, and why.
    ...(annulled ? { startComment: annulledWords('replayComment', annulled, locale) } : {}),
  };
}

function annulledWords(key: 'replayComment' | 'annulledComment', game: AnnulledGame, locale: Locale): string {
  return tRecord(locale, key, {
    reason: tRecord(locale, `annul_${game.reason}`),
    plies: String(game.moves.length),
  });
}

/**
 * The games the arbiter annulled in this match (000 Art 9; 003/001 Art 8; GR-27), each as a record
 * of its own: the moves played, no result (`*`, the reason `annulled` in the Ending tag) and a
 * comment after the last move saying who annulled it and why, and that it was replayed. `tags` name
 * White and Black for the blind player's colour `namedFor`; a game he played with the other colour
 * (colours reversed) has them swapped.
 */
export function annulledRecords(
  state: MatchState,
  tags: Readonly<Record<string, string>> = {},
  locale: Locale = 'en',
  namedFor: Color = state.setup.blindColor,
): GameRecord[] {
  return state.annulled.map((annulled) => {
    const comment = annulledWords('annulledComment', annulled, locale);
    const moves = annulled.moves;
    return {
      tags: annulled.blindColor === namedFor ? tags : swapPlayers(tags),
      game: { startFen: annulled.startFen, moves },
      result: { winner: null, reason: 'annulled' },
      clocks: moves.map(() => null),
      comments: moves.map((_, i) => (i === moves.length - 1 ? comment : null)),
      ...(moves.length === 0 ? { startComment: comment } : {}),
    };
  });
}

/** The tags with White and Black exchanged (the players kept their names, not their colours). */
export function swapPlayers(tags: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const { White, Black, ...rest } = tags;
  return {
    ...rest,
    ...(Black === undefined ? {} : { White: Black }),
    ...(White === undefined ? {} : { Black: White }),
  };
}

/**
 * Who made an entry, where the seat is not the whole story: in a practice game the sighted seat is
 * the computer's, so its entries are the computer's (`{ sighted: 'computer' }`).
 */
export type LogAuthors = Readonly<Partial<Record<LogEntry['by'], string>>>;

/** The authors of a practice game's log: the computer in the sighted seat. */
export const PRACTICE_AUTHORS: LogAuthors = { sighted: 'computer' };

/**
 * The evidence log as plain text: one line per entry, time relative to the first entry, each entry's
 * author — and the board a move was executed on (match/plies.ts: "3 on sighted: e7e5") — by its
 * seat or by the name `authors` gives it.
 */
export function evidenceLogText(log: readonly LogEntry[], authors: LogAuthors = {}): string {
  const t0 = log[0]?.at ?? 0;
  const stamp = (ms: number) => formatReading(ms - t0);
  const board = (e: LogEntry) =>
    e.what === 'execute'
      ? e.detail.replace(/^(\d+ on )(\w+):/, (all, ply: string, seat: string) => {
          const name = Object.hasOwn(authors, seat) ? authors[seat as LogEntry['by']] : undefined;
          return name === undefined ? all : `${ply}${name}:`;
        })
      : e.detail;
  return (
    log
      .map((e) =>
        [
          String(e.seq).padStart(4),
          stamp(e.at),
          authors[e.by] ?? e.by,
          e.what,
          board(e),
          e.refused ? '(refused)' : '',
        ]
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
