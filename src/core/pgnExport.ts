/**
 * PGN export (spec 2.14 scoresheet / 2.16 notation): the Seven Tag Roster first, the comment
 * before move 1, PGN SAN (d8=Q, #), NAGs, comments and clock comments, movetext lines of at most 80
 * characters (a single comment word longer than that keeps its own line) and the result token.
 * Import is pgn.ts.
 */
import { mateOrStalemate, pgnResultOf, type PgnResult } from './outcome.ts';
import { formatClock, parsePgnResult } from './pgn.ts';
import { currentFen, moveHistory, type Game } from './game.ts';
import { formatMoveInfo, PGN_SAN } from './notation.ts';
import { inspect, START_FEN } from './rules.ts';

/** Options for exportPgn. Arrays are indexed by ply (0 = the first move). */
export interface PgnExportOptions {
  readonly tags?: Record<string, string>;
  readonly result?: PgnResult;
  readonly clocks?: readonly (number | null)[];
  readonly comments?: readonly (string | null)[];
  /** The comment before the first move. */
  readonly startComment?: string | null;
  readonly nags?: readonly (readonly number[] | undefined)[];
}

const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;
const ROSTER_DEFAULTS: Readonly<Record<string, string>> = { Date: '????.??.??' };

function escapeTag(value: string): string {
  return value.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ');
}

/** Joins movetext tokens into lines of at most 80 characters (PGN standard 8.2.1: < 80 is usual). */
function wrap(tokens: readonly string[]): string {
  const lines: string[] = [];
  let current = '';
  for (const t of tokens) {
    if (current === '') current = t;
    else if (current.length + 1 + t.length <= 80) current += ` ${t}`;
    else {
      lines.push(current);
      // A % in the first column would make the line an escape line (PGN standard 6).
      current = t.startsWith('%') ? ` ${t}` : t;
    }
  }
  if (current !== '') lines.push(current);
  return lines.join('\n');
}

/** A comment token split into pieces that each fit on a line. */
function commentTokens(clock: number | null | undefined, comment: string | null | undefined): string[] {
  const parts: string[] = [];
  if (clock !== null && clock !== undefined) parts.push(`[%clk ${formatClock(clock)}]`);
  if (comment) parts.push(...comment.replace(/[{}]/g, '').split(/\s+/).filter(Boolean));
  if (parts.length === 0) return [];
  return parts.map((p, i) => `${i === 0 ? '{' : ''}${p}${i === parts.length - 1 ? '}' : ''}`);
}

/**
 * Writes a game as PGN: the Seven Tag Roster (defaults "?"), SetUp/FEN when the game does not
 * start from the initial position, other tags, PGN-SAN movetext with clock comments, the result.
 */
export function exportPgn(game: Game, options: PgnExportOptions = {}): string {
  const given = options.tags ?? {};
  const taggedResult = given.Result !== undefined ? parsePgnResult(given.Result) : undefined;
  // Without a result given, the one the board shows: mate or stalemate, else none yet.
  const result = options.result ?? taggedResult ?? pgnResultOf(mateOrStalemate(currentFen(game)));
  const tags: [string, string][] = SEVEN_TAG_ROSTER.map((name) => [
    name,
    name === 'Result' ? result : (given[name] ?? ROSTER_DEFAULTS[name] ?? '?'),
  ]);
  const start = inspect(game.startFen);
  const startFen = start.ok ? start.value.fen : START_FEN;
  const standardStart = startFen === START_FEN;
  if (!standardStart) tags.push(['SetUp', '1'], ['FEN', startFen]);
  for (const [name, value] of Object.entries(given)) {
    if ((SEVEN_TAG_ROSTER as readonly string[]).includes(name) || name === 'SetUp' || name === 'FEN')
      continue;
    if (/^[A-Za-z0-9_]+$/.test(name)) tags.push([name, value]);
  }
  const header = tags.map(([name, value]) => `[${name} "${escapeTag(value)}"]`).join('\n');
  const tokens: string[] = commentTokens(null, options.startComment);
  let needNumber = true;
  for (const [i, move] of moveHistory(game).entries()) {
    const number = Number(move.fenBefore.split(' ')[5] ?? 1);
    const prefix = move.color === 'w' ? `${number}. ` : needNumber ? `${number}... ` : '';
    // A move number stays on the same line as its move.
    tokens.push(`${prefix}${formatMoveInfo(move, 'san', PGN_SAN)}`);
    // PGN standard 8.2.3.8: export writes NAGs, never the "!?" suffixes.
    tokens.push(...(options.nags?.[i] ?? []).map((nag) => `$${nag}`));
    const comment = commentTokens(options.clocks?.[i], options.comments?.[i]);
    tokens.push(...comment);
    // After a comment Black's move gets its number again ("1... e5"), as PGN readers expect.
    needNumber = comment.length > 0;
  }
  tokens.push(result);
  return `${header}\n\n${wrap(tokens)}\n`;
}
