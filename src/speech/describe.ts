/**
 * Words from one place (DESIGN.md principle 3): every text that names a square, a piece, a move, a
 * position or a clock reading — spoken, in an aria-label or in the live region — comes from these
 * functions, so the board and the voice never disagree. The vocabulary words themselves are data
 * in vocabularies.ts; this module owns the grammar that strings them together (English and German).
 */
import {
  FILES,
  RANKS,
  boardOf,
  findMove,
  pieceAt,
  squareColor,
  type Color,
  type File,
  type MoveInfo,
  type Piece,
  type PieceType,
  type Rank,
  type Result,
  type Square,
  err,
  ok,
} from '../core/index.ts';
import { DEFAULT_VOCABULARY, VOCABULARIES, type Vocabulary, type VocabularyId } from './vocabularies.ts';
import { choosePlural, type PluralForms } from '../i18n/index.ts';

/**
 * Lexicon parts the seeds leave open (spec BL-20, checklist 27). A player may replace them; the
 * files and the castling phrases of the 1985 supplement (BL-19) are not among them.
 */
export const LEXICON_PARTS = ['pieces', 'takes', 'to', 'check', 'mate', 'enPassant', 'promotesTo'] as const;
/** One of the replaceable lexicon parts. */
export type LexiconPart = (typeof LEXICON_PARTS)[number];
/** A player's own words for the parts of a move that no FIDE text prescribes. */
export interface LexiconOverrides {
  readonly pieces?: Partial<Readonly<Record<PieceType, string>>>;
  readonly takes?: string;
  readonly to?: string;
  readonly check?: string;
  readonly mate?: string;
  readonly enPassant?: string;
  readonly promotesTo?: string;
}

/**
 * Which words of a vocabulary a FIDE/IBCA text prescribes; every other word is a Twinboard choice
 * and is shown as non-FIDE in the settings (checklist 27). S85 rule 1 prescribes the file names
 * and the two castling phrases; the German FIDE Appendix D also fixes ranks, pieces and the
 * capture/check/mate words.
 */
export const PRESCRIBED_PARTS: Readonly<Record<VocabularyId, readonly string[]>> = {
  ibca1985: ['files', 'kingsideCastle', 'queensideCastle'],
  'fide2018-de': ['files', 'ranks', 'pieces', 'takes', 'check', 'mate', 'kingsideCastle', 'queensideCastle'],
  nato: ['kingsideCastle', 'queensideCastle'],
  letters: ['kingsideCastle', 'queensideCastle'],
};

/** True when the FIDE/IBCA texts prescribe this part of the vocabulary (not a Twinboard choice). */
export function isPrescribed(vocabulary: VocabularyId, part: string): boolean {
  return PRESCRIBED_PARTS[vocabulary].includes(part);
}

/** Which words to use: the vocabulary and the player's own lexicon. */
export interface DescribeOptions {
  readonly vocabulary?: VocabularyId;
  /** The player's replacements for the non-prescribed words (checklist 27). */
  readonly lexicon?: LexiconOverrides;
}

/** `long`: from and to squares (the default, for relaying, BL-21); `short`: as SAN. */
export type MoveForm = 'long' | 'short';

/** Options for move words: vocabulary, lexicon, form and whether to say check. */
export interface DescribeMoveOptions extends DescribeOptions {
  readonly form?: MoveForm;
  /** Declaring check is not obligatory (Art 9.3), so saying it is a setting; on by default. */
  readonly announceCheck?: boolean;
}

/** Grammar words that are not part of a chess vocabulary, per spoken language. */
interface Grammar {
  readonly lightSquare: string;
  readonly darkSquare: string;
  readonly rank: string;
  readonly file: string;
  readonly through: string;
  readonly nothing: string;
  readonly badPosition: string;
  readonly badMove: string;
  /** A unit's forms by count (i18n/plural.ts): "1 hour", "2 hours". */
  readonly hour: PluralForms<string>;
  readonly minute: PluralForms<string>;
  readonly second: PluralForms<string>;
  /** A piece with its colour: "white knight", "weißer Springer". */
  readonly coloured: (color: Color, type: PieceType, pieceWord: string, colorWord: string) => string;
}

// German colour adjectives agree with the piece's gender: only the queen (Dame) is feminine.
const GERMAN_ADJECTIVES = {
  w: { m: 'weißer', f: 'weiße' },
  b: { m: 'schwarzer', f: 'schwarze' },
} as const;

const GRAMMAR: Readonly<Record<'en' | 'de', Grammar>> = {
  en: {
    lightSquare: 'light square',
    darkSquare: 'dark square',
    rank: 'Rank',
    file: 'File',
    through: 'to',
    nothing: 'no pieces',
    badPosition: 'Not a valid position',
    badMove: 'Not a legal move: {move}',
    hour: { one: 'hour', other: 'hours' },
    minute: { one: 'minute', other: 'minutes' },
    second: { one: 'second', other: 'seconds' },
    coloured: (_color, _type, pieceWord, colorWord) => `${colorWord} ${pieceWord}`,
  },
  de: {
    lightSquare: 'helles Feld',
    darkSquare: 'dunkles Feld',
    rank: 'Reihe',
    file: 'Linie',
    through: 'bis',
    nothing: 'keine Figuren',
    badPosition: 'Keine gültige Stellung',
    badMove: 'Kein legaler Zug: {move}',
    hour: { one: 'Stunde', other: 'Stunden' },
    minute: { one: 'Minute', other: 'Minuten' },
    second: { one: 'Sekunde', other: 'Sekunden' },
    coloured: (color, type, pieceWord) =>
      `${GERMAN_ADJECTIVES[color][type === 'q' ? 'f' : 'm']} ${pieceWord}`,
  },
};

/** The vocabulary with the player's lexicon overrides applied. */
export function effectiveVocabulary(options?: DescribeOptions): Vocabulary {
  const base = VOCABULARIES[options?.vocabulary ?? DEFAULT_VOCABULARY];
  const lex = options?.lexicon;
  if (!lex) return base;
  return {
    ...base,
    pieces: { ...base.pieces, ...stripEmpty(lex.pieces ?? {}) },
    takes: nonEmpty(lex.takes) ?? base.takes,
    to: nonEmpty(lex.to) ?? base.to,
    check: nonEmpty(lex.check) ?? base.check,
    mate: nonEmpty(lex.mate) ?? base.mate,
    enPassant: nonEmpty(lex.enPassant) ?? base.enPassant,
    promotesTo: nonEmpty(lex.promotesTo) ?? base.promotesTo,
  };
}

const nonEmpty = (word: string | undefined) => (word && word.trim() !== '' ? word.trim() : undefined);
function stripEmpty(pieces: Partial<Record<PieceType, string>>): Partial<Record<PieceType, string>> {
  return Object.fromEntries(Object.entries(pieces).filter(([, w]) => nonEmpty(w) !== undefined));
}

/** The spoken language of a vocabulary as a UI locale ('de' for fide2018-de, else 'en'). */
export function vocabularyLanguage(vocabulary: VocabularyId = DEFAULT_VOCABULARY): 'en' | 'de' {
  return VOCABULARIES[vocabulary].lang.startsWith('de') ? 'de' : 'en';
}

const grammarOf = (v: Vocabulary) => GRAMMAR[v.lang.startsWith('de') ? 'de' : 'en'];
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fileWord = (v: Vocabulary, file: string) => v.files[file as File];
const rankWord = (v: Vocabulary, rank: string) => v.ranks[rank as Rank];
const squareWords = (v: Vocabulary, square: string) =>
  `${fileWord(v, square[0]!)} ${rankWord(v, square[1]!)}`;

/** "Evan four" — a square's name in the vocabulary. */
export function describeSquareName(square: Square, options?: DescribeOptions): string {
  return squareWords(effectiveVocabulary(options), square);
}

/** "white knight" / "weißer Springer" — a piece with its colour. */
export function describePiece(piece: Piece, options?: DescribeOptions): string {
  const v = effectiveVocabulary(options);
  return grammarOf(v).coloured(piece.color, piece.type, v.pieces[piece.type], v.colors[piece.color]);
}

/** "knight" / "Springer" — a piece type alone (e.g. the chosen promotion piece). */
export function describePieceType(type: PieceType, options?: DescribeOptions): string {
  return effectiveVocabulary(options).pieces[type];
}

/**
 * "Gustav one, light square, white knight" — what a board cell says when focused or read:
 * square name, square colour (S85 board (b)) and piece with its colour (S85 board (e)), BL-07.
 */
export function describeSquare(fen: string, square: Square, options?: DescribeOptions): string {
  const v = effectiveVocabulary(options);
  const g = grammarOf(v);
  const piece = pieceAt(fen, square);
  const shade = squareColor(square) === 'light' ? g.lightSquare : g.darkSquare;
  return `${squareWords(v, square)}, ${shade}, ${piece ? describePiece(piece, options) : v.empty}`;
}

/** Why a move could not be described: the core's stable codes. */
export interface DescribeError {
  readonly code: 'emptyFen' | 'invalidFen' | 'badUci' | 'illegalMove';
  readonly message: string;
}

/**
 * The words for a legal move, or an error value for a bad position or move. Long form names the
 * piece, the from and to squares ("Knight Gustav one to Felix three"); short form follows the SAN
 * ("Knight Felix three", "Knight Bella to David seven"). Castling is "Kurze Rochade" / "Lange
 * Rochade" in every vocabulary (S85 rule 1, checklist 22); a promotion always names the piece.
 */
export function describeMoveResult(
  fen: string,
  uci: string,
  options?: DescribeMoveOptions,
): Result<string, DescribeError> {
  const move = findMove(fen, uci);
  if (!move.ok) return err({ code: move.error.code as DescribeError['code'], message: move.error.message });
  return ok(describeMoveInfo(move.value, options));
}

/**
 * The words for a move; total: a bad position or move gives a short sentence saying so
 * ("Not a legal move: e2e5") instead of throwing. See `describeMoveResult` for the forms.
 */
export function describeMove(fen: string, uci: string, options?: DescribeMoveOptions): string {
  const r = describeMoveResult(fen, uci, options);
  if (r.ok) return r.value;
  const g = grammarOf(effectiveVocabulary(options));
  return r.error.code === 'emptyFen' || r.error.code === 'invalidFen'
    ? g.badPosition
    : g.badMove.replace('{move}', uci.trim());
}

// Standard SAN as chess.js writes it: piece, disambiguation file/rank, capture, target, promotion.
const SAN = /^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([QRBN]))?[+#]?$/;

/** The words for a legal move already found in the core (see `describeMoveResult`). */
export function describeMoveInfo(move: MoveInfo, options?: DescribeMoveOptions): string {
  const v = effectiveVocabulary(options);
  const words: string[] = [];
  if (move.castle) {
    words.push(move.castle === 'king' ? v.kingsideCastle : v.queensideCastle);
  } else if ((options?.form ?? 'long') === 'long') {
    words.push(v.pieces[move.piece], squareWords(v, move.from), move.captured ? v.takes : v.to);
    words.push(squareWords(v, move.to));
  } else {
    const san = SAN.exec(move.san);
    const [, , disFile, disRank] = san ?? [];
    if (move.piece !== 'p') {
      words.push(v.pieces[move.piece]);
      if (disFile && disRank) words.push(squareWords(v, disFile + disRank));
      else if (disFile) words.push(fileWord(v, disFile));
      else if (disRank) words.push(rankWord(v, disRank));
      // After a disambiguation a link word keeps "Bella" apart from "David seven".
      if (move.captured) words.push(v.takes);
      else if (disFile || disRank) words.push(v.to);
    } else if (move.captured) {
      words.push(fileWord(v, move.from[0]!), v.takes);
    }
    words.push(squareWords(v, move.to));
  }
  if (move.enPassant) words.push(v.enPassant);
  if (move.promotion) words.push(v.promotesTo, v.pieces[move.promotion]);
  let text = capitalize(words.join(' '));
  // Mate ends the game and is always said; check only when the player wants it (Art 9.3).
  if (move.mate) text += `, ${v.mate}`;
  else if (move.check && options?.announceCheck !== false) text += `, ${v.check}`;
  return text;
}

/** How `describePosition` walks the board. */
export type PositionReading = 'pieces' | 'rank' | 'file';

/** Options for reading the whole board. */
export interface DescribePositionOptions extends DescribeOptions {
  /** Whose side of the board the reading starts from: ranks 8→1 for White, 1→8 for Black. */
  readonly perspective?: Color;
}

/**
 * The whole position in words (BL-07: the software equivalent of feeling the board).
 * `pieces`: "White: king Evan one; queen David one; rook Anna one, Hector one; …. Black: …";
 * `rank`: every rank from the player's side; `file`: every file.
 */
export function describePosition(
  fen: string,
  by: PositionReading,
  options?: DescribePositionOptions,
): string {
  const v = effectiveVocabulary(options);
  // The men as they stand, also while a move is in hand (a king lifted, a pawn awaiting promotion).
  if (!boardOf(fen)) return grammarOf(v).badPosition;
  const perspective = options?.perspective ?? 'w';
  if (by === 'pieces') {
    const sides: Color[] = perspective === 'w' ? ['w', 'b'] : ['b', 'w'];
    return sides.map((c) => describePieces(fen, c, options)).join(' ');
  }
  if (by === 'rank') {
    const ranks = perspective === 'w' ? [...RANKS].reverse() : [...RANKS];
    return ranks.map((r) => describeRank(fen, r, options)).join(' ');
  }
  const files = perspective === 'w' ? [...FILES] : [...FILES].reverse();
  return files.map((f) => describeFile(fen, f, options)).join(' ');
}

/** "White: king Evan one; rook Anna one, Hector one; pawn …." — one side's pieces, king first. */
export function describePieces(fen: string, color: Color, options?: DescribeOptions): string {
  const v = effectiveVocabulary(options);
  const board = boardOf(fen);
  if (!board) return grammarOf(v).badPosition;
  const groups: string[] = [];
  for (const type of ['k', 'q', 'r', 'b', 'n', 'p'] as const) {
    const squares = [...board.entries()]
      .filter(([, p]) => p.color === color && p.type === type)
      .map(([sq]) => sq)
      .sort();
    if (squares.length > 0)
      groups.push(`${v.pieces[type]} ${squares.map((s) => squareWords(v, s)).join(', ')}`);
  }
  return `${capitalize(v.colors[color])}: ${groups.length > 0 ? groups.join('; ') : grammarOf(v).nothing}.`;
}

/** "Rank eight: Anna eight, black rook; …; Cesar eight to Hector eight empty." */
export function describeRank(fen: string, rank: Rank, options?: DescribeOptions): string {
  const v = effectiveVocabulary(options);
  const g = grammarOf(v);
  const squares = FILES.map((f) => `${f}${rank}` as Square);
  return `${g.rank} ${rankWord(v, rank)}: ${describeLine(fen, squares, v, options)}.`;
}

/** "File Anna: Anna one, white rook; Anna two, white pawn; Anna three to Anna six empty; …." */
export function describeFile(fen: string, file: File, options?: DescribeOptions): string {
  const v = effectiveVocabulary(options);
  const g = grammarOf(v);
  const squares = RANKS.map((r) => `${file}${r}` as Square);
  return `${g.file} ${fileWord(v, file)}: ${describeLine(fen, squares, v, options)}.`;
}

// Runs of empty squares are said once ("Cesar eight to Hector eight empty") so a sparse line is short.
function describeLine(
  fen: string,
  squares: readonly Square[],
  v: Vocabulary,
  options?: DescribeOptions,
): string {
  const g = grammarOf(v);
  const parts: string[] = [];
  let run: Square[] = [];
  const flush = () => {
    if (run.length === 1) parts.push(`${squareWords(v, run[0]!)} ${v.empty}`);
    else if (run.length > 1)
      parts.push(
        `${squareWords(v, run[0]!)} ${g.through} ${squareWords(v, run[run.length - 1]!)} ${v.empty}`,
      );
    run = [];
  };
  for (const sq of squares) {
    const piece = pieceAt(fen, sq);
    if (!piece) {
      run.push(sq);
      continue;
    }
    flush();
    parts.push(`${squareWords(v, sq)}, ${describePiece(piece, options)}`);
  }
  flush();
  return parts.join('; ');
}

/** Language for clock read-outs. */
export interface DescribeClockOptions {
  /** Language of the words; defaults to the language of the vocabulary. */
  readonly locale?: 'en' | 'de';
  readonly vocabulary?: VocabularyId;
}

/**
 * "1 hour 5 minutes" / "4 minutes 10 seconds" / "35 seconds": a duration for a clock read-out.
 * Above an hour, minutes are enough; below, seconds count. Negative values read as zero.
 */
export function describeDuration(ms: number, options?: DescribeClockOptions): string {
  const locale = options?.locale ?? vocabularyLanguage(options?.vocabulary);
  const g = GRAMMAR[locale];
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const unit = (n: number, forms: PluralForms<string>) => `${n} ${choosePlural(locale, n, forms)}`;
  if (h > 0) return m > 0 ? `${unit(h, g.hour)} ${unit(m, g.minute)}` : unit(h, g.hour);
  if (m > 0) return s > 0 ? `${unit(m, g.minute)} ${unit(s, g.second)}` : unit(m, g.minute);
  return unit(s, g.second);
}

/**
 * Both clocks (remaining or used, as the caller passes; keyed by colour like the match clock):
 * "White 1 hour 5 minutes, Black 58 minutes".
 */
export function describeClock(
  times: { readonly w: number; readonly b: number },
  options?: DescribeClockOptions,
): string {
  const lang = options?.locale ?? vocabularyLanguage(options?.vocabulary);
  const colors = lang === 'de' ? VOCABULARIES['fide2018-de'].colors : VOCABULARIES.ibca1985.colors;
  const opts = { ...options, locale: lang };
  const side = (c: Color) => `${capitalize(colors[c])} ${describeDuration(times[c], opts)}`;
  return `${side('w')}, ${side('b')}`;
}
