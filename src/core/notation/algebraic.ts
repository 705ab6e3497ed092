/**
 * Short and long algebraic notation, FIDE 1980 Supplement No. 1 (spec 2.16.1, NT-01..NT-04):
 * reading with the tolerance people need (x or : optional, O or 0 for castling, any dash, P for
 * pawns optional, promotion as d8Q, d8=Q, d8/Q or d8(Q), check marks and !? ignored), and writing
 * in a chosen SanStyle. Lowercase letters are files, never pieces: "b4" is a pawn, "Bb4" a bishop.
 */
import { err, ok, type Result } from '../result.ts';
import {
  PROMOTION_PIECES,
  type MoveInfo,
  type PieceType,
  type PositionInfo,
  type PromotionPiece,
  type Square,
} from '../rules.ts';
import { choosePromotion, resolveFromTo } from './resolve.ts';
import {
  ENGLISH_PIECE_LETTERS,
  notationError,
  type Notation,
  type NotationError,
  type PieceLetters,
  type SanStyle,
} from './types.ts';

/** The e.p. suffix of rule 8, in the spellings people type ("e.p.", "ep", "e. p."), after a rank. */
const EN_PASSANT_SUFFIX = /(?<=[1-8])e\.?p\.?$/i;
/** Check and mate marks and glyphs may come before or after e.p. */
const MARKS = /[+#!?†‡]+$/u;

interface Suffixes {
  readonly body: string;
  readonly enPassant: boolean;
}

function stripSuffixes(text: string): Suffixes {
  let body = text;
  let enPassant = false;
  for (;;) {
    const before = body;
    body = body.replace(MARKS, '');
    if (EN_PASSANT_SUFFIX.test(body)) {
      body = body.replace(EN_PASSANT_SUFFIX, '');
      enPassant = true;
    }
    if (body === before) return { body, enPassant };
  }
}

const FIGURINES: readonly (readonly [RegExp, Exclude<PieceType, 'p'> | null])[] = [
  [/[♔♚]/gu, 'k'],
  [/[♕♛]/gu, 'q'],
  [/[♖♜]/gu, 'r'],
  [/[♗♝]/gu, 'b'],
  [/[♘♞]/gu, 'n'],
  [/[♙♟]/gu, null],
];

/** Figurines (either colour) become the configured letters; a pawn figurine is dropped (rule 3). */
function fromFigurines(text: string, letters: PieceLetters): string {
  return FIGURINES.reduce((t, [re, type]) => t.replace(re, type ? letters[type] : ''), text);
}

/** Castling as O-O / O-O-O, with the letter O (any case) or the digit 0, dashes optional. */
const CASTLING = /^([oO0])-?([oO0])(-?[oO0])?$/;

function letterToPiece(letters: PieceLetters): Map<string, Exclude<PieceType, 'p'>> {
  return new Map(Object.entries(letters).map(([type, letter]) => [letter, type as Exclude<PieceType, 'p'>]));
}

/** Reads a promotion suffix letter (any case: after the arrival square nothing else can stand). */
function readPromotion(
  letter: string | undefined,
  letters: PieceLetters,
  notation: Notation,
): Result<PromotionPiece | undefined, NotationError> {
  if (letter === undefined || letter === '') return ok(undefined);
  const upper = letter.toUpperCase();
  const type = letterToPiece(letters).get(upper) ?? (upper === 'P' ? 'p' : undefined);
  if (type === undefined)
    return err(notationError('unreadable', { reason: 'notAPieceLetter', letter }, { notation }));
  if (!(PROMOTION_PIECES as readonly string[]).includes(type))
    return err(
      notationError('wrongPromotionPiece', { reason: 'notAPromotionPiece', piece: type }, { notation }),
    );
  return ok(type as PromotionPiece);
}

function castle(
  pos: PositionInfo,
  side: 'king' | 'queen',
  notation: Notation,
): Result<MoveInfo, NotationError> {
  const move = pos.legalMoves.find((m) => m.castle === side);
  if (move) return ok(move);
  return err(notationError('illegal', { reason: 'castlingIllegal', side }, { notation }));
}

function escapeClass(letters: string): string {
  return letters.replace(/[\\\]^-]/g, '\\$&');
}

function namedPiece(letter: string, letters: PieceLetters): PieceType | undefined {
  return letterToPiece(letters).get(letter) ?? (letter === 'P' ? 'p' : undefined);
}

function pawnLetterAllowed(letters: PieceLetters): boolean {
  return !Object.values(letters).includes('P');
}

function checkEnPassant(
  move: MoveInfo,
  claimed: boolean,
  notation: Notation,
): Result<MoveInfo, NotationError> {
  if (claimed && !move.enPassant)
    return err(notationError('notEnPassant', { reason: 'notEnPassant', san: move.san }, { notation }));
  return ok(move);
}

function checkCapture(
  moves: readonly MoveInfo[],
  claimed: boolean,
  notation: Notation,
): Result<readonly MoveInfo[], NotationError> {
  if (!claimed) return ok(moves);
  const captures = moves.filter((m) => m.captured !== undefined);
  const first = moves[0];
  if (captures.length === 0)
    return err(
      notationError(
        'notACapture',
        first ? { reason: 'nothingCaptured', san: first.san } : { reason: 'nothingCaptured' },
        { notation },
      ),
    );
  return ok(captures);
}

/**
 * Reads long algebraic (Ng1-f3, e4xd5, e7-e8Q; 000 Supp. 1 "Long Form") or castling. The
 * piece letter may be left out (the departure square names the piece); if given it must match.
 */
export function parseLong(
  pos: PositionInfo,
  text: string,
  letters: PieceLetters = ENGLISH_PIECE_LETTERS,
): Result<MoveInfo, NotationError> {
  const notation: Notation = 'long';
  const { body, enPassant } = stripSuffixes(fromFigurines(text, letters));
  const castling = CASTLING.exec(body);
  if (castling) return castle(pos, castling[3] ? 'queen' : 'king', notation);
  const pieceClass = escapeClass(Object.values(letters).join('') + (pawnLetterAllowed(letters) ? 'P' : ''));
  const re = new RegExp(
    `^([${pieceClass}])?([a-h][1-8])([-xX:])?([a-h][1-8])(?:[=/]?([A-Za-z${pieceClass}])|\\(([A-Za-z${pieceClass}])\\))?$`,
  );
  const m = re.exec(body);
  if (!m) return err(notationError('unreadable', { reason: 'notLong', text }, { notation }));
  const [, letter, from, sep, to, promoA, promoB] = m;
  const promotion = readPromotion(promoA ?? promoB, letters, notation);
  if (!promotion.ok) return promotion;
  const moved = resolveFromTo(pos, from as Square, to as Square, promotion.value, notation);
  if (!moved.ok) return moved;
  const move = moved.value;
  if (letter !== undefined) {
    const named = namedPiece(letter, letters);
    if (named !== move.piece)
      return err(
        notationError(
          'illegal',
          named
            ? { reason: 'otherPiece', from: move.from, piece: move.piece, named, letter }
            : { reason: 'otherPiece', from: move.from, piece: move.piece, letter },
          { notation },
        ),
      );
  }
  const capture = checkCapture([move], sep !== undefined && sep !== '-', notation);
  if (!capture.ok) return capture;
  return checkEnPassant(move, enPassant, notation);
}

/**
 * Reads short algebraic per Supp. No. 1 rules 7–11, and also any over-specified form a player
 * may write (Ng1f3, e2e4, a long form with a dash). Resolves to exactly one legal move.
 */
export function parseSan(
  pos: PositionInfo,
  text: string,
  letters: PieceLetters = ENGLISH_PIECE_LETTERS,
): Result<MoveInfo, NotationError> {
  const notation: Notation = 'san';
  const { body, enPassant } = stripSuffixes(fromFigurines(text, letters));
  const castling = CASTLING.exec(body);
  if (castling) return castle(pos, castling[3] ? 'queen' : 'king', notation);
  if (/^[A-Za-z]?[a-h][1-8]-/.test(body)) {
    const long = parseLong(pos, text, letters);
    return long.ok ? long : err({ ...long.error, notation });
  }
  const pieceClass = escapeClass(Object.values(letters).join('') + (pawnLetterAllowed(letters) ? 'P' : ''));
  const re = new RegExp(
    `^([${pieceClass}])?([a-h])?([1-8])?([xX:]|-)?([a-h][1-8])(?:[=/]?([A-Za-z${pieceClass}])|\\(([A-Za-z${pieceClass}])\\))?$`,
  );
  const m = re.exec(body);
  if (!m) return err(unreadableSan(text, body, letters));
  // The 1972 text writes a dash before the arrival square ("Ng — f3", "N1 — f3").
  const [, letter, fromFile, fromRank, separator, to, promoA, promoB] = m;
  const captureMark = separator === '-' ? undefined : separator;
  const promotion = readPromotion(promoA ?? promoB, letters, notation);
  if (!promotion.ok) return promotion;
  const fullFrom = fromFile !== undefined && fromRank !== undefined;
  // Without a letter the mover is a pawn (rule 3), unless the whole departure square is given.
  const piece: PieceType | undefined =
    letter === undefined ? (fullFrom ? undefined : 'p') : namedPiece(letter, letters);
  const matches = pos.legalMoves.filter(
    (mv) =>
      mv.to === to &&
      (piece === undefined || mv.piece === piece) &&
      (fromFile === undefined || mv.from[0] === fromFile) &&
      (fromRank === undefined || mv.from[1] === fromRank),
  );
  if (matches.length === 0) return err(noSuchMove(pos, text, piece, to as Square, fromFile, fromRank));
  // Rule 7 writes a pawn move as the arrival square alone; a capture names the departure file
  // (rule 8), so "d5" is never read as the capture cxd5.
  const pawnPush = piece === 'p' && fromFile === undefined && captureMark === undefined;
  const written = pawnPush ? matches.filter((mv) => mv.captured === undefined) : matches;
  const example = matches[0];
  if (written.length === 0 && example)
    return err(
      notationError(
        'illegal',
        { reason: 'pawnCaptureNeedsFile', text, to: to as Square, example: example.san.replace(/[+#]$/, '') },
        { notation, candidates: matches.map((mv) => mv.uci) },
      ),
    );
  const captures = checkCapture(written, captureMark !== undefined, notation);
  if (!captures.ok) return captures;
  const origins = [...new Set(captures.value.map((mv) => mv.from))];
  if (origins.length > 1) {
    const sans = captures.value.filter((mv) => !mv.promotion || mv.promotion === 'q').map((mv) => mv.san);
    return err(
      notationError(
        'ambiguous',
        { reason: 'whichPiece', text, sans },
        { notation, candidates: captures.value.map((mv) => mv.uci) },
      ),
    );
  }
  const chosen = choosePromotion(captures.value, promotion.value, notation);
  if (!chosen.ok) return chosen;
  return checkEnPassant(chosen.value, enPassant, notation);
}

/** Why a text is not algebraic, with a hint: a lowercase piece letter, or an example of the form. */
function unreadableSan(text: string, body: string, letters: PieceLetters): NotationError {
  const lower = /^([kqrn])([a-h]?[1-8]?x?[a-h][1-8])$/.exec(body);
  const hint = lower
    ? { capitals: `${(lower[1] ?? '').toUpperCase()}${lower[2] ?? ''}` }
    : body === ''
      ? {}
      : { knight: letters.n };
  return notationError('unreadable', { reason: 'notSan', text, ...hint }, { notation: 'san' });
}

/** Why no legal move fits what the text names: the piece, its origin, the square, and hints. */
function noSuchMove(
  pos: PositionInfo,
  text: string,
  piece: PieceType | undefined,
  to: Square,
  fromFile: string | undefined,
  fromRank: string | undefined,
): NotationError {
  const bishopHint =
    piece === 'p' && fromFile === 'b' && pos.legalMoves.some((m) => m.piece === 'b' && m.to === to);
  const origin = `${fromFile ?? ''}${fromRank ?? ''}`;
  const ending = pos.checkmate ? 'checkmate' : pos.stalemate ? 'stalemate' : undefined;
  return notationError(
    'illegal',
    {
      reason: 'noSuchMove',
      text,
      ...(piece === undefined ? {} : { piece }),
      origin,
      to,
      ...(ending === undefined ? {} : { ending }),
      bishopHint,
    },
    { notation: 'san' },
  );
}

function marks(move: MoveInfo, style: SanStyle): string {
  return move.mate ? style.mate : move.check ? '+' : '';
}

function castlingText(move: MoveInfo, style: SanStyle): string {
  const o = style.castling ?? 'O';
  return move.castle === 'king' ? `${o}-${o}` : `${o}-${o}-${o}`;
}

function promotionText(move: MoveInfo, style: SanStyle, letters: PieceLetters): string {
  if (!move.promotion) return '';
  return `${style.promotion === 'equals' ? '=' : ''}${letters[move.promotion]}`;
}

/**
 * Writes a move in short algebraic. Disambiguation is that of MoveInfo.san, which follows
 * Supp. No. 1 rule 9 (file first, rank if the pieces share the file, both only if needed).
 */
export function formatSan(move: MoveInfo, style: SanStyle): string {
  const letters = style.pieceLetters ?? ENGLISH_PIECE_LETTERS;
  let body: string;
  if (move.castle) body = castlingText(move, style);
  else {
    const core = /^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])/.exec(move.san);
    const pieceLetter = move.piece === 'p' ? '' : letters[move.piece];
    const disambiguation = core?.[2] ?? '';
    body = `${pieceLetter}${disambiguation}${move.captured ? 'x' : ''}${move.to}${promotionText(move, style, letters)}`;
  }
  const ep = move.enPassant && style.enPassant ? ' e.p.' : '';
  return `${body}${ep}${marks(move, style)}`;
}

/** Writes a move in long algebraic: Ng1-f3, e4xd5, e7-e8Q, O-O (000 Supp. 1 "Long Form"). */
export function formatLong(move: MoveInfo, style: SanStyle): string {
  const letters = style.pieceLetters ?? ENGLISH_PIECE_LETTERS;
  if (move.castle) return `${castlingText(move, style)}${marks(move, style)}`;
  const pieceLetter = move.piece === 'p' ? '' : letters[move.piece];
  const ep = move.enPassant && style.enPassant ? ' e.p.' : '';
  return `${pieceLetter}${move.from}${move.captured ? 'x' : '-'}${move.to}${promotionText(move, style, letters)}${ep}${marks(move, style)}`;
}
