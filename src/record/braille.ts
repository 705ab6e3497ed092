/**
 * Braille for the scoresheet: a Unified English Braille (UEB) grade 1 transcriber for the text of
 * a chess score, North American Braille ASCII (the 64 characters space..underscore, letters
 * uppercase) as used in .brf files, Unicode braille for refreshable displays, and the BRF page
 * layout (40 cells a line, 25 lines a page, pages separated by form feeds, CRLF line ends).
 *
 * The chess braille convention followed is the BAUK Braille Chess Code in its UEB-compatible 2015
 * edition (prior-art §6.2) in the form that coincides with UEB grade 1 (liblouis `en-ueb-g1.ctb`):
 * - moves are written in algebraic notation (FIDE Supp. No. 1; FIDE 1993 Art 11.1) with the piece
 *   letters K Q R B N each preceded by the capital indicator (dot 6), files as lower-case letters
 *   and ranks as numbers with the numeric indicator (dots 3-4-5-6): `Nf3` → `,NF#C`;
 * - captures `x`, checks `+` (dots 5, 2-3-5), mate `#` (dots 4-5-6, 1-4-5-6), promotion `=`
 *   (dots 5, 2-3-5-6), castling with capital O and hyphens: `O-O-O` → `,O-,O-,O`;
 * - one line per move number, White's and Black's move after it: `1. e4 e5` → `#A4 E#D E#E`; a
 *   Black move standing alone is written after the number and an ellipsis (`1... e5`);
 * - the result in figures (`1-0` → `#A-#J`, `1/2-1/2` → `#A_/#B-#A_/#B`) and a sentence saying why.
 * Where BAUK writes move numbers as lower-cell numbers we use the numeric indicator, as UEB does,
 * so that a braille reader, a translator (liblouis back-translation) and a screen reader agree.
 */
import { err, ok, type Result } from '../core/index.ts';

/** North American Braille ASCII in dot-pattern order: index = dots as bits (dot n = bit n-1). */
const NABCC_BY_DOTS = ' A1B\'K2L@CIF/MSP"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=';

/** UEB grade 1 for the ASCII punctuation (as Braille ASCII), as liblouis `en-ueb-g1.ctb` writes it. */
const PUNCTUATION: Readonly<Record<string, string>> = {
  '!': '6',
  '#': '_?',
  $: '@S',
  '%': '.0',
  '&': '@&',
  "'": "'",
  '(': '"<',
  ')': '">',
  '*': '"9',
  '+': '"6',
  ',': '1',
  '-': '-',
  '.': '4',
  '/': '_/',
  ':': '3',
  ';': '2',
  '<': '@<',
  '=': '"7',
  '>': '@>',
  '?': '8',
  '@': '@A',
  '[': '.<',
  '\\': '_*',
  ']': '.>',
  '^': '@5',
  _: '.-',
  '`': '.*',
  '{': '_<',
  '|': '_|',
  '}': '_>',
  '~': '@9',
  '"': ',7',
};

/** Punctuation written in the lower cells; between two letters UEB puts the grade 1 indicator before it. */
const LOWER_CELL_PUNCTUATION = new Set([',', ';', ':', '!', '?']);

const DIGIT_LETTERS = 'JABCDEFGHI';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isAsciiUpper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
const isAsciiLower = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';
const isAsciiLetter = (c: string | undefined) => isAsciiUpper(c) || isAsciiLower(c);
const isUpperChar = (c: string | undefined) => c !== undefined && c !== c.toLowerCase();

/** Punctuation outside ASCII written as its ASCII form. */
const PUNCTUATION_FOLD: Readonly<Record<string, string>> = {
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
};

/**
 * UEB modifiers (Rules of UEB §4.2), written before the letter they modify, as Braille ASCII; keyed
 * by the Unicode combining mark. liblouis en-ueb-g1 writes the same cells.
 */
const MODIFIERS: Readonly<Record<string, string>> = {
  '\u0301': '^/', // acute
  '\u0300': '^*', // grave
  '\u0302': '^%', // circumflex
  '\u0303': '^]', // tilde
  '\u0308': '^3', // diaeresis
  '\u0327': '^&', // cedilla
  '\u030c': '^+', // caron
  '\u030a': '^$', // ring
  '\u0306': '@+', // breve
  '\u0304': '@-', // macron
};

/** Letters with a stroke, which Unicode does not decompose: [modifier, letter]. */
const STROKED: Readonly<Record<string, readonly [string, string]>> = {
  ø: ['@*', 'O'], // oblique stroke
  Ø: ['@*', 'O'],
  ł: ['@*', 'L'],
  Ł: ['@*', 'L'],
  đ: ['@3', 'D'], // horizontal stroke
  Đ: ['@3', 'D'],
};

/** Ligatures (UEB §4.2: the ligature indicator between the two letters). */
const LIGATURES: Readonly<Record<string, readonly [string, string]>> = {
  æ: ['A', 'E'],
  Æ: ['A', 'E'],
  œ: ['O', 'E'],
  Œ: ['O', 'E'],
};

/** Letters UEB writes with a symbol of their own (as liblouis en-ueb-g1 does). */
const OTHER_LETTERS: Readonly<Record<string, string>> = {
  ß: '.!',
  þ: '#!',
  Þ: '#!',
  ð: '#$',
  Ð: '#$',
};

/** Greek letters and their cells (UEB §4.5: dots 4-6, then the cell). */
const GREEK: Readonly<Record<string, string>> = Object.fromEntries(
  [...'αaβbγgδdεeζzη:θ?ιiκkλlμmνnξxοoπpρrσsςsτtυuφfχ&ψyωw'.matchAll(/(.)(.)/gu)].map((m) => [
    m[1] as string,
    (m[2] as string).toUpperCase(),
  ]),
);

/** Cyrillic, which has no braille form in UEB: BGN/PCGN romanization without diacritics. */
// prettier-ignore
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f',
  х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  є: 'ye', і: 'i', ї: 'yi', ґ: 'g', ў: 'w', ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz',
  ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
};

/** Latin letters and marks UEB has no form for: the nearest that it has. */
const LATIN_NEAREST: Readonly<Record<string, string>> = {
  ı: 'i',
  ŋ: 'ng',
  Ŋ: 'Ng',
  '\u030b': '\u0308', // Hungarian double acute (ő) → diaeresis (ö)
  '\u0326': '\u0327', // Romanian comma below (ș) → cedilla (ş)
};

/** One letter as braille: its cells (modifiers first) and whether it is a capital. */
interface Letter {
  readonly kind: 'letter';
  readonly cells: string;
  readonly upper: boolean;
  /** The cells of a capital written alone, when they differ (Æ: `A,^6E`, a capital on each letter). */
  readonly alone?: string;
}
type Piece = Letter | { readonly kind: 'char'; readonly ch: string };

/** One character (NFC) as a braille piece, or null when braille has no form for it. */
function pieceOf(ch: string): Piece | null {
  if (ch >= ' ' && ch <= '~') {
    return isAsciiLetter(ch)
      ? { kind: 'letter', cells: ch.toUpperCase(), upper: isAsciiUpper(ch) }
      : { kind: 'char', ch };
  }
  const upper = isUpperChar(ch);
  const stroked = STROKED[ch];
  if (stroked) return { kind: 'letter', cells: stroked.join(''), upper };
  const ligature = LIGATURES[ch];
  if (ligature) {
    const [a, b] = ligature;
    return { kind: 'letter', cells: `${a}^6${b}`, upper, alone: `${a},^6${b}` };
  }
  if (ch === '½') return { kind: 'char', ch };
  const other = OTHER_LETTERS[ch];
  if (other !== undefined) return { kind: 'letter', cells: other, upper };
  const greek = GREEK[ch.toLowerCase()];
  if (greek !== undefined) return { kind: 'letter', cells: `.${greek}`, upper };
  const [base, ...marks] = ch.normalize('NFD');
  if (isAsciiLetter(base) && marks.length > 0 && marks.every((m) => MODIFIERS[m] !== undefined))
    return { kind: 'letter', cells: marks.map((m) => MODIFIERS[m]).join('') + base?.toUpperCase(), upper };
  return null;
}

/** What `transliterate` made of a text, and whether it had to change anything. */
export interface Transliteration {
  readonly text: string;
  readonly changed: boolean;
}

/** A Cyrillic letter in Latin letters, capitalized as its word is (Яна → Yana, ЯНА → YANA). */
function romanize(latin: string, chars: readonly string[], i: number): string {
  const ch = chars[i] as string;
  if (!isUpperChar(ch)) return latin;
  const next = chars[i + 1];
  const capitalsWord = isUpperChar(next) || (isUpperChar(chars[i - 1]) && !/\p{Ll}/u.test(next ?? ''));
  return capitalsWord ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
}

/**
 * Rewrites what has no braille form in UEB so that no letter is dropped: Cyrillic is romanized
 * (BGN/PCGN without diacritics: Непомнящий → Nepomnyashchiy), a mark UEB has no modifier for is
 * replaced by its nearest or dropped (ő → ö, ș → ş, ż → z), and a letter of any other script is
 * written as its code point (U+4E01). What braille has (accented Latin letters, ø, æ, ß, Greek)
 * is kept as it is.
 */
export function transliterate(text: string): Transliteration {
  const chars = [...text.normalize('NFC')];
  let out = '';
  let changed = false;
  for (const [i, ch] of chars.entries()) {
    if (pieceOf(ch) !== null || PUNCTUATION_FOLD[ch] !== undefined) {
      out += ch;
      continue;
    }
    if (/\s/.test(ch)) {
      out += ' ';
      continue;
    }
    changed = true;
    const cyrillic = CYRILLIC[ch.toLowerCase()];
    const [base = '', ...marks] = ch.normalize('NFD');
    if (cyrillic !== undefined) out += romanize(cyrillic, chars, i);
    else if (LATIN_NEAREST[ch] !== undefined) out += LATIN_NEAREST[ch];
    else if (marks.length > 0 && pieceOf(base)?.kind === 'letter') {
      const kept = marks.map((m) => LATIN_NEAREST[m] ?? m).filter((m) => MODIFIERS[m] !== undefined);
      // Greek takes no modifiers here: its accents (tonos) are dropped.
      out += (GREEK[base.toLowerCase()] === undefined ? base + kept.join('') : base).normalize('NFC');
    } else if (/[\p{L}\p{N}]/u.test(ch)) {
      const code = `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      out += /[\p{L}\p{N}]$/u.test(out) ? ` ${code}` : code;
    }
    // Other symbols and stray marks have no place on a scoresheet: they are left out.
  }
  return { text: out, changed };
}

/** Splits print into braille pieces: letters (with modifiers, ligatures, Greek) and other characters. */
function pieces(print: string): Piece[] {
  const out: Piece[] = [];
  for (const ch of transliterate(print).text) {
    const folded = PUNCTUATION_FOLD[ch];
    if (folded !== undefined) for (const c of folded) out.push({ kind: 'char', ch: c });
    else {
      const piece = pieceOf(ch);
      if (piece) out.push(piece);
    }
  }
  return out;
}

const isLetter = (p: Piece | undefined): p is Letter => p?.kind === 'letter';
const isUpperLetter = (p: Piece | undefined) => isLetter(p) && p.upper;
const isLowerLetter = (p: Piece | undefined) => isLetter(p) && !p.upper;
const charOf = (p: Piece | undefined) => (p?.kind === 'char' ? p.ch : undefined);

/**
 * Transcribes one line of print into UEB grade 1 as Braille ASCII (uppercase letters). Handles
 * capitals (single `,`, word `,,` with the `,'` terminator), numbers (numeric indicator, numeric
 * mode kept across `.`/`,` between digits, grade 1 indicator `;` before a–j after a number),
 * punctuation, accented letters with their UEB modifiers (Göteborg → `,G^3OTEBORG`), ligatures and
 * Greek; everything else goes through `transliterate`, so no letter is lost. Newlines are not
 * expected: transcribe line by line.
 */
export function toBrailleAscii(print: string): string {
  const text = pieces(print);
  let out = '';
  let numeric = false;
  for (let i = 0; i < text.length; i++) {
    const piece = text[i] as Piece;
    if (isLetter(piece)) {
      if (piece.upper) {
        let end = i;
        while (isUpperLetter(text[end])) end++;
        const run = text.slice(i, end) as Letter[];
        if (run.length >= 2) {
          out += ',,' + run.map((l) => l.cells).join('');
          if (isLowerLetter(text[end])) out += ",'";
        } else {
          out += ',' + (piece.alone ?? piece.cells);
        }
        i = end - 1;
      } else {
        // UEB 6.5: a letter a–j right after a number would read as a digit.
        if (numeric && piece.cells >= 'A' && piece.cells < 'K') out += ';';
        out += piece.cells;
      }
      numeric = false;
      continue;
    }
    const ch = piece.ch;
    if (ch === '½') {
      // UEB 10.2: a simple numeric fraction, numerator and denominator in the upper and lower cells.
      out += `${numeric ? '' : '#'}A/B`;
      numeric = true;
      continue;
    }
    if (isDigit(ch)) {
      if (!numeric) out += '#';
      numeric = true;
      out += DIGIT_LETTERS[Number(ch)];
      continue;
    }
    if ((ch === '.' || ch === ',') && numeric && isDigit(charOf(text[i + 1]))) {
      out += PUNCTUATION[ch];
      continue;
    }
    if (ch === ' ') {
      numeric = false;
      out += ' ';
      continue;
    }
    if (LOWER_CELL_PUNCTUATION.has(ch) && isLetter(text[i - 1]) && isLetter(text[i + 1])) out += ';';
    out += PUNCTUATION[ch] ?? '';
    if (ch !== '.' && ch !== '?') numeric = false;
  }
  return out;
}

/** Whether a string uses only the 64 characters of Braille ASCII (space..underscore). */
export function isBrailleAscii(text: string): boolean {
  return /^[\x20-\x5f]*$/.test(text);
}

/** Braille ASCII → Unicode braille cells (U+2800 block), line breaks and form feeds kept. */
export function toUnicodeBraille(ascii: string): string {
  let out = '';
  for (const ch of ascii) {
    const upper = ch >= '`' && ch <= '~' ? String.fromCharCode(ch.charCodeAt(0) - 32) : ch;
    const dots = NABCC_BY_DOTS.indexOf(upper);
    out += dots >= 0 ? String.fromCharCode(0x2800 + dots) : ch;
  }
  return out;
}

/** Unicode braille → Braille ASCII (the inverse of `toUnicodeBraille` on its 64 cells). */
export function fromUnicodeBraille(unicode: string): string {
  let out = '';
  for (const ch of unicode) {
    const code = ch.charCodeAt(0) - 0x2800;
    out += code >= 0 && code < 64 ? (NABCC_BY_DOTS[code] as string) : ch;
  }
  return out;
}

/** BRF page size: 40 cells a line, 25 lines a page (the common embosser page). */
export const BRF_CELLS = 40;
export const BRF_LINES = 25;

export interface BrfOptions {
  readonly cells?: number;
  readonly lines?: number;
}

export interface BrailleError {
  readonly code: 'notBrailleAscii' | 'pageTooSmall';
  readonly message: string;
}

/**
 * Breaks one transcribed paragraph into lines of at most `cells`, at spaces; runover lines are
 * indented two cells (braille layout convention for continued lines). A word longer than a line is
 * split.
 */
export function wrapBraille(paragraph: string, cells: number = BRF_CELLS): string[] {
  const lines: string[] = [];
  let rest = paragraph.replace(/ +$/, '');
  let indent = '';
  while ((indent + rest).length > cells) {
    const room = cells - indent.length;
    let cut = rest.lastIndexOf(' ', room);
    if (cut <= 0) cut = room;
    lines.push(indent + rest.slice(0, cut).replace(/ +$/, ''));
    rest = rest.slice(cut).replace(/^ +/, '');
    indent = '  ';
  }
  lines.push(indent + rest);
  return lines;
}

/**
 * Lays braille paragraphs out as a BRF document: each page holds `lines - 1` lines of text and ends
 * with its page number (numeric indicator, right-aligned) on the last line; lines end CRLF, pages
 * are separated by a form feed.
 */
export function layoutBrf(
  paragraphs: readonly string[],
  options: BrfOptions = {},
): Result<string, BrailleError> {
  const cells = options.cells ?? BRF_CELLS;
  const perPage = (options.lines ?? BRF_LINES) - 1;
  if (cells < 10 || perPage < 1)
    return err({ code: 'pageTooSmall', message: 'The braille page is too small.' });
  const lines = paragraphs.flatMap((p) => (p === '' ? [''] : wrapBraille(p, cells)));
  for (const line of lines)
    if (!isBrailleAscii(line))
      return err({ code: 'notBrailleAscii', message: `Not braille ASCII: ${JSON.stringify(line)}` });
  const pages: string[] = [];
  for (let start = 0; start < Math.max(lines.length, 1); start += perPage) {
    const body = lines.slice(start, start + perPage);
    while (body.length < perPage) body.push('');
    const number = toBrailleAscii(String(pages.length + 1));
    pages.push([...body, number.padStart(cells)].map((l) => l + '\r\n').join(''));
  }
  return ok(pages.join('\f'));
}
