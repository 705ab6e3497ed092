/**
 * Move notation, reading and writing (spec 2.16, NT-01..NT-05): short algebraic per FIDE 1980
 * Supplement No. 1, long algebraic, UCI, correspondence digits and the Uedemann telegraph code.
 * Every reading resolves to exactly one legal move or to an error with a stable code and the facts
 * of its case (no words: speech/notationErrors.ts says them); nothing guesses and nothing throws. The details of each notation, including Twinboard's definitions
 * where the FIDE texts leave a gap (correspondence and Uedemann promotion), are in the headers of
 * ./notation/algebraic.ts and ./notation/codes.ts.
 */
import { err, ok, type Result } from './result.ts';
import { findMove, inspect, type MoveInfo, type PositionInfo, type RulesError } from './rules.ts';
import { moveHistory, type Game } from './game.ts';
import { formatLong, formatSan, parseLong, parseSan } from './notation/algebraic.ts';
import {
  formatCorrespondence,
  formatUci,
  formatUedemann,
  noUedemannPromotion,
  parseCorrespondence,
  parseUci,
  parseUedemann,
} from './notation/codes.ts';
import { normalizeText, stripMarks } from './notation/resolve.ts';
import {
  checkPieceLetters,
  ENGLISH_PIECE_LETTERS,
  isNotation,
  FIDE1980_SAN,
  notationError,
  type Notation,
  type NotationError,
  type ParseOptions,
  type SanStyle,
} from './notation/types.ts';

export {
  DUTCH_PIECE_LETTERS,
  ENGLISH_PIECE_LETTERS,
  FIDE1980_SAN,
  FIGURINE_PIECE_LETTERS,
  FRENCH_PIECE_LETTERS,
  GERMAN_PIECE_LETTERS,
  isNotation,
  NOTATION_ERROR_CODES,
  NOTATIONS,
  PGN_SAN,
  type Notation,
  type NotationError,
  type NotationErrorCode,
  type NotationProblem,
  type ParseOptions,
  type PieceLetters,
  type SanStyle,
} from './notation/types.ts';
export { uedemannSquare } from './notation/codes.ts';

function unknownNotation(notation: unknown): NotationError {
  return notationError('unknownNotation', { reason: 'unknownNotation', text: String(notation) });
}

/** The position is not valid: what is wrong with it (null: no FEN was given at all). */
function badPosition(pos: Result<PositionInfo, RulesError> | null): NotationError {
  const fen = pos && !pos.ok ? (pos.error.fen ?? { problem: 'invalid' as const }) : null;
  return notationError('invalidFen', { reason: 'badPosition', fen });
}

/** What a move text resolved to: the UCI move and its standard (PGN) SAN. */
export interface ParsedMove {
  readonly uci: string;
  readonly san: string;
}

/**
 * The shape each notation's text has, used by 'auto' to decide which readers to try. Long
 * algebraic needs a dash or capture mark between two squares; SAN is the fallback.
 */
const SHAPES: readonly (readonly [Notation, RegExp])[] = [
  ['uci', /^[a-h][1-8][a-h][1-8][a-z]?$/i],
  ['correspondence', /^\d\d-?\d\d$/],
  ['uedemann', /^[bcdfghklmnprstwz][aeio][bcdfghklmnprstwz][aeio](?:[=/]?[a-z])?$/i],
  ['long', /^[A-Z]?[a-h][1-8][-xX:][a-h][1-8]/],
];

/** Which notations a (normalized) text looks like, most specific first; SAN when none. */
function detectNotations(text: string): Notation[] {
  const body = stripMarks(normalizeText(text));
  const found = SHAPES.filter(([, re]) => re.test(body)).map(([n]) => n);
  return found.length > 0 ? found : ['san'];
}

function readIn(
  pos: PositionInfo,
  text: string,
  notation: Notation,
  options: ParseOptions,
): Result<MoveInfo, NotationError> {
  const letters = options.pieceLetters ?? ENGLISH_PIECE_LETTERS;
  const body = normalizeText(text);
  switch (notation) {
    case 'san':
      return parseSan(pos, body, letters);
    case 'long':
      return parseLong(pos, body, letters);
    case 'uci':
      return parseUci(pos, stripMarks(body));
    case 'correspondence':
      return parseCorrespondence(pos, stripMarks(body));
    case 'uedemann':
      return parseUedemann(pos, stripMarks(body));
  }
}

/**
 * Reads a move in one notation (or 'auto': every notation whose shape the text has; if they
 * disagree the answer is 'ambiguous') and returns the full MoveInfo. For callers that go on to
 * use the position after the move.
 */
export function parseMoveInfo(
  fen: string,
  text: string,
  notation: Notation | 'auto' = 'auto',
  options: ParseOptions = {},
): Result<MoveInfo, NotationError> {
  const pos = typeof fen === 'string' ? inspect(fen) : null;
  if (!pos?.ok) return err(badPosition(pos));
  if (typeof text !== 'string' || normalizeText(text) === '')
    return err(notationError('empty', { reason: 'noMove' }));
  if (options.pieceLetters) {
    const bad = checkPieceLetters(options.pieceLetters);
    if (bad) return err(bad);
  }
  if (notation !== 'auto' && !isNotation(notation)) return err(unknownNotation(notation));
  if (notation !== 'auto') return readIn(pos.value, text, notation, options);
  const tried = detectNotations(text).map((n) => [n, readIn(pos.value, text, n, options)] as const);
  const found = tried.flatMap(([n, r]) => (r.ok ? [[n, r.value] as const] : []));
  const first = found[0];
  if (!first) {
    const firstError = tried[0]?.[1];
    return firstError && !firstError.ok
      ? firstError
      : err(notationError('unreadable', { reason: 'notAMove', text }));
  }
  const readings = new Set(found.map(([, m]) => m.uci));
  if (readings.size > 1)
    return err(
      notationError(
        'ambiguous',
        { reason: 'notationsDisagree', text, readings: found.map(([n, m]) => ({ notation: n, san: m.san })) },
        { candidates: [...readings] },
      ),
    );
  return ok(first[1]);
}

/**
 * Reads a move typed, spoken or imported in `notation` (default 'auto') in the position `fen`.
 * The result's `san` is standard PGN SAN. Never throws; never guesses.
 */
export function parseMove(
  fen: string,
  text: string,
  notation: Notation | 'auto' = 'auto',
  options: ParseOptions = {},
): Result<ParsedMove, NotationError> {
  const r = parseMoveInfo(fen, text, notation, options);
  return r.ok ? ok({ uci: r.value.uci, san: r.value.san }) : r;
}

/** Writes an already-resolved move in a notation. */
export function formatMoveInfo(move: MoveInfo, notation: Notation, style: SanStyle = FIDE1980_SAN): string {
  switch (notation) {
    case 'san':
      return formatSan(move, style);
    case 'long':
      return formatLong(move, style);
    case 'uci':
      return formatUci(move);
    case 'correspondence':
      return formatCorrespondence(move);
    case 'uedemann':
      // A promotion has no Uedemann form: a score column shows it in long algebraic instead.
      return formatUedemann(move) ?? formatLong(move, style);
  }
}

/**
 * Writes the legal move `uci` of position `fen` in `notation`. `style` shapes short and long
 * algebraic; the default is the FIDE 1980 standard (d8Q, ++, e.p.), NT-01.
 */
export function formatMove(
  fen: string,
  uci: string,
  notation: Notation,
  style: SanStyle = FIDE1980_SAN,
): Result<string, NotationError> {
  const pos = typeof fen === 'string' ? inspect(fen) : null;
  if (!pos?.ok) return err(badPosition(pos));
  if (style.pieceLetters) {
    const bad = checkPieceLetters(style.pieceLetters);
    if (bad) return err(bad);
  }
  if (!isNotation(notation)) return err(unknownNotation(notation));
  const text = typeof uci === 'string' ? uci : '';
  const move = findMove(pos.value.fen, text);
  if (!move.ok)
    return err(
      move.error.code === 'badUci'
        ? notationError('unreadable', { reason: 'notFromTo', text }, { notation: 'uci' })
        : notationError(
            'illegal',
            { reason: 'notLegalUci', text: text.trim().toLowerCase() },
            { notation: 'uci' },
          ),
    );
  if (notation === 'uedemann' && move.value.promotion) return err(noUedemannPromotion());
  return ok(formatMoveInfo(move.value, notation, style));
}

/** Every move of a game written in `notation` (a score sheet's column), in order. */
export function formatGameMoves(game: Game, notation: Notation, style: SanStyle = FIDE1980_SAN): string[] {
  return moveHistory(game).map((m) => formatMoveInfo(m, notation, style));
}
