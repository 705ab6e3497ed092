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
const isUpper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
const isLower = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';
const isLetter = (c: string | undefined) => isUpper(c) || isLower(c);

/** Letters outside ASCII that do not decompose into a base letter and accents. */
const FOLD: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  '½': '1/2',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
};

/** Reduces text to printable ASCII: accents dropped, a few letters folded, anything else removed. */
export function foldToAscii(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) {
    if (ch >= ' ' && ch <= '~') out += ch;
    else if (ch === '\t') out += ' ';
    else if (FOLD[ch] !== undefined) out += FOLD[ch];
  }
  return out;
}

/**
 * Transcribes one line of print into UEB grade 1 as Braille ASCII (uppercase letters). Handles
 * capitals (single `,`, word `,,` with the `,'` terminator), numbers (numeric indicator, numeric
 * mode kept across `.`/`,` between digits, grade 1 indicator `;` before a–j after a number) and
 * punctuation. Newlines are not expected: transcribe line by line.
 */
export function toBrailleAscii(print: string): string {
  const text = foldToAscii(print);
  let out = '';
  let numeric = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (isDigit(ch)) {
      if (!numeric) out += '#';
      numeric = true;
      out += DIGIT_LETTERS[Number(ch)];
      continue;
    }
    if ((ch === '.' || ch === ',') && numeric && isDigit(text[i + 1])) {
      out += PUNCTUATION[ch];
      continue;
    }
    if (isUpper(ch)) {
      let end = i;
      while (isUpper(text[end])) end++;
      const run = text.slice(i, end);
      if (run.length >= 2) {
        out += ',,' + run;
        if (isLower(text[end])) out += ",'";
      } else {
        out += ',' + run;
      }
      numeric = false;
      i = end - 1;
      continue;
    }
    if (isLower(ch)) {
      // UEB 6.5: a letter a–j right after a number would read as a digit.
      if (numeric && ch <= 'j') out += ';';
      numeric = false;
      out += ch.toUpperCase();
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
