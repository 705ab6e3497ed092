/**
 * The words for squares, pieces and move parts, as data. `ibca1985` is the vocabulary of the
 * IBCA/FIDE 1985 supplement (rule 1: Anna…Hector, "Kurze/Lange Rochade", the promoted piece
 * named); `fide2018-de` is today's FIDE Appendix D in German; `nato` and `letters` are the
 * alternatives lichess users know. Describe, announce and interpret all read from here.
 */
import type { File, PieceType, Rank } from '../core/index.ts';

export const VOCABULARY_IDS = ['ibca1985', 'fide2018-de', 'nato', 'letters'] as const;
export type VocabularyId = (typeof VOCABULARY_IDS)[number];
export const DEFAULT_VOCABULARY: VocabularyId = 'ibca1985';

export interface Vocabulary {
  readonly id: VocabularyId;
  /** BCP 47 language the words are spoken in. */
  readonly lang: string;
  readonly label: string;
  readonly files: Readonly<Record<File, string>>;
  readonly ranks: Readonly<Record<Rank, string>>;
  readonly pieces: Readonly<Record<PieceType, string>>;
  readonly colors: Readonly<Record<'w' | 'b', string>>;
  readonly squareColors: Readonly<Record<'light' | 'dark', string>>;
  readonly takes: string;
  readonly to: string;
  readonly check: string;
  readonly mate: string;
  readonly enPassant: string;
  readonly promotesTo: string;
  readonly kingsideCastle: string;
  readonly queensideCastle: string;
  readonly empty: string;
}

const ENGLISH_RANKS = {
  '1': 'one',
  '2': 'two',
  '3': 'three',
  '4': 'four',
  '5': 'five',
  '6': 'six',
  '7': 'seven',
  '8': 'eight',
} as const;
const ENGLISH_PIECES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' } as const;
const ENGLISH_PARTS = {
  lang: 'en',
  ranks: ENGLISH_RANKS,
  pieces: ENGLISH_PIECES,
  colors: { w: 'white', b: 'black' },
  squareColors: { light: 'light', dark: 'dark' },
  takes: 'takes',
  to: 'to',
  check: 'check',
  mate: 'mate',
  enPassant: 'en passant',
  promotesTo: 'promotes to',
  empty: 'empty',
} as const;

export const VOCABULARIES: Readonly<Record<VocabularyId, Vocabulary>> = {
  ibca1985: {
    ...ENGLISH_PARTS,
    id: 'ibca1985',
    label: 'IBCA 1985 (Anna, Bella, Cesar …)',
    files: { a: 'Anna', b: 'Bella', c: 'Cesar', d: 'David', e: 'Evan', f: 'Felix', g: 'Gustav', h: 'Hector' },
    // The 1985 supplement prescribes the German castling phrases in every language.
    kingsideCastle: 'Kurze Rochade',
    queensideCastle: 'Lange Rochade',
  },
  'fide2018-de': {
    id: 'fide2018-de',
    lang: 'de',
    label: 'FIDE Anhang D (Anna, Bella, Cäsar … Deutsch)',
    files: { a: 'Anna', b: 'Bella', c: 'Cesar', d: 'David', e: 'Eva', f: 'Felix', g: 'Gustav', h: 'Hector' },
    ranks: {
      '1': 'eins',
      '2': 'zwei',
      '3': 'drei',
      '4': 'vier',
      '5': 'fünf',
      '6': 'sechs',
      '7': 'sieben',
      '8': 'acht',
    },
    pieces: { k: 'Koenig', q: 'Dame', r: 'Turm', b: 'Laeufer', n: 'Springer', p: 'Bauer' },
    colors: { w: 'Weiß', b: 'Schwarz' },
    squareColors: { light: 'hell', dark: 'dunkel' },
    takes: 'schlägt',
    to: 'nach',
    check: 'Schach',
    mate: 'Matt',
    enPassant: 'en passant',
    promotesTo: 'wird',
    kingsideCastle: 'Kurze Rochade',
    queensideCastle: 'Lange Rochade',
    empty: 'leer',
  },
  nato: {
    ...ENGLISH_PARTS,
    id: 'nato',
    label: 'NATO (alpha, bravo, charlie …)',
    files: {
      a: 'alpha',
      b: 'bravo',
      c: 'charlie',
      d: 'delta',
      e: 'echo',
      f: 'foxtrot',
      g: 'golf',
      h: 'hotel',
    },
    // Checklist item 22: the castling phrases of the 1985 supplement in every vocabulary.
    kingsideCastle: 'Kurze Rochade',
    queensideCastle: 'Lange Rochade',
  },
  letters: {
    ...ENGLISH_PARTS,
    id: 'letters',
    label: 'Letters (a, b, c …)',
    files: { a: 'a', b: 'b', c: 'c', d: 'd', e: 'e', f: 'f', g: 'g', h: 'h' },
    // Checklist item 22: the castling phrases of the 1985 supplement in every vocabulary.
    kingsideCastle: 'Kurze Rochade',
    queensideCastle: 'Lange Rochade',
  },
};

export function isVocabularyId(text: string): text is VocabularyId {
  return (VOCABULARY_IDS as readonly string[]).includes(text);
}
