/**
 * Pure helpers shared by the paired screens (sighted, assistant, arbiter): clock readings at a
 * given time, scoresheets in SAN, board positions and the latest announcement. What a role may do
 * is controllers/rights.ts.
 */
import { fenWithPlacement, findMove, type Color } from '../../core/index.ts';
import { readClock, type Clock } from '../../core/clock.ts';
import type { ApertureState } from '../../core/aperture.ts';
import type { AnnouncedMove, MatchEvent } from '../../match/events.ts';
import { colorOf, turnOf } from '../../match/setup.ts';
import type { MatchState, PlayerRole, Role } from '../../match/types.ts';
import type { Locale } from '../../i18n/index.ts';
import { tSighted, type SightedKey } from './messages.ts';

/** Remaining time of each side at `now`. */
export function clockAt(clock: Clock, now: number): { readonly w: number; readonly b: number } {
  const r = readClock(clock, now);
  return { w: r.sides.w.remainingMs, b: r.sides.b.remainingMs };
}

/** A scoresheet line: move number, white's and black's entries (SAN where the moves are legal). */
export interface ScoreLine {
  readonly number: number;
  readonly white: string;
  readonly black: string;
}

/**
 * Renders a scoresheet of UCI moves as numbered SAN. A written move that is not legal in the
 * position (a wrong score, rule 8) is shown as written, and the rest in long form.
 */
export function scoreLines(startFen: string, moves: readonly string[]): ScoreLine[] {
  let fen: string | null = startFen;
  const sans = moves.map((uci) => {
    if (fen === null) return uci;
    const m = findMove(fen, uci);
    if (!m.ok) {
      fen = null;
      return uci;
    }
    fen = m.value.fenAfter;
    return m.value.san;
  });
  const blackFirst = startFen.split(' ')[1] === 'b';
  const firstNumber = Number(startFen.split(' ')[5] ?? 1) || 1;
  const cells = blackFirst ? ['…', ...sans] : sans;
  const lines: ScoreLine[] = [];
  for (let i = 0; i < cells.length; i += 2)
    lines.push({ number: firstNumber + i / 2, white: cells[i] ?? '', black: cells[i + 1] ?? '' });
  return lines;
}

/**
 * A FEN whose placement is what stands in the apertures. A lifted piece is off the board unless
 * `withHand` (the sighted screen shows a selected piece where it was, marked as touched).
 */
export function apertureFen(aperture: ApertureState, withHand = false): string {
  const hand = withHand ? aperture.hand : null;
  const board = hand ? new Map([...aperture.board, [hand.from, hand.piece]]) : aperture.board;
  return fenWithPlacement(aperture.fen, board);
}

/** The position standing on a player's own board now (including a move in progress on it). */
export function boardFen(state: MatchState, seat: PlayerRole, withHand = false): string {
  return apertureFen(state.boards[seat].aperture, withHand);
}

/** The side to move. */
export function sideToMove(state: MatchState): Color {
  return turnOf(state);
}

/** The seat of the player who plays `color`. */
export function playerOf(state: MatchState, color: Color): PlayerRole {
  return colorOf(state.setup, 'blind') === color ? 'blind' : 'sighted';
}

/** An announcement as the screens show it. */
export type Announcement = AnnouncedMove & {
  readonly color: Color;
  readonly by: Role | 'twinboard';
  readonly ply: number | null;
};

/** The latest announcement among the events, optionally only those of one colour. */
export function latestAnnouncement(events: readonly MatchEvent[], color?: Color): Announcement | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === 'announced' && (color === undefined || e.color === color)) return e;
    if (e?.type === 'announcementCorrected' && (color === undefined || e.color === color)) {
      const m = findMove(e.fen, e.uci);
      if (!m.ok) continue;
      const v = m.value;
      return {
        uci: e.uci,
        san: e.san,
        fen: e.fen,
        capture: v.captured !== undefined,
        enPassant: v.enPassant,
        ...(v.castle ? { castle: v.castle } : {}),
        ...(v.promotion ? { promotion: v.promotion } : {}),
        check: v.check,
        mate: v.mate,
        color: e.color,
        by: e.by,
        ply: null,
      };
    }
  }
  return null;
}

/** The SAN of `uci` in `fen`, or the UCI itself when it is not legal there. */
export function sanIn(fen: string, uci: string): string {
  const m = findMove(fen, uci);
  return m.ok ? m.value.san : uci;
}

/**
 * What a paired screen other than the blind player's (which says it itself) is told when the game
 * starts among `events`, whoever started it: the player his colour, the officials who plays which.
 */
export function startNews(
  events: readonly MatchEvent[],
  state: MatchState,
  role: Role,
  locale: Locale,
): string | null {
  if (!events.some((e) => e.type === 'gameStarted')) return null;
  const t = (k: SightedKey, p?: Record<string, string>) => tSighted(locale, k, p);
  if (role === 'sighted')
    return t('startedNewsPlayer', { color: t(colorOf(state.setup, 'sighted') === 'w' ? 'white' : 'black') });
  const seat = (c: Color) => {
    const name = t(`role_${playerOf(state, c)}`);
    return name.charAt(0).toUpperCase() + name.slice(1);
  };
  return t('startedNews', { white: seat('w'), black: seat('b') });
}
