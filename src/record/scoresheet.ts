/**
 * Scoresheets (spec §2.14, GR-80, BL-38, checklist 78–80): the rows of a game's score in short
 * algebraic (default, FIDE 1980 Supplement No. 1) or long form, with the clock reading after
 * every move (in whole seconds, times.ts), and their renderings: plain text (screen readers,
 * refreshable displays), a printable large-print HTML page, and braille (UEB grade 1 lines,
 * Unicode braille, and BRF documents; the chess braille convention is described in braille.ts).
 * Every rendering ends with the result and its reason (spec §2.6).
 */
import {
  FIDE1980_SAN,
  formatMoveInfo,
  moveHistory,
  type Color,
  type Notation,
  type Result,
  type SanStyle,
} from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import {
  layoutBrf,
  toBrailleAscii,
  toUnicodeBraille,
  transliterate,
  type BrailleError,
  type BrfOptions,
} from './braille.ts';
import { tRecord } from './messages.ts';
import { importPgn, type GameRecord, type RecordError } from './pgn.ts';
import { describeResult, pgnResultOf, pointsFor } from './results.ts';
import { formatReading } from './times.ts';

/** How a scoresheet is written. */
export interface ScoresheetOptions {
  /**
   * Short algebraic (default, FIDE 1980 Supp. No. 1), the long form (Bd4-e5; checklist 80), or the
   * correspondence / Uedemann codes of telecommunication games (checklist 81, 82).
   */
  readonly notation?: Notation;
  /** Promotion, mate mark, e.p., castling letter and national piece initials; default FIDE 1980. */
  readonly style?: SanStyle;
  /** Show the clock reading after each move (default: when the record has any). */
  readonly clocks?: boolean;
  readonly locale?: Locale;
  /** Whose scoresheet this is (each player keeps his own, BL-24); shown in the title. */
  readonly owner?: Color;
}

/** One written move and the mover's clock after it. */
export interface ScoreEntry {
  readonly ply: number;
  readonly text: string;
  readonly clock: number | null;
}

/** One line of the scoresheet: a move number with White's and Black's moves. */
export interface ScoreRow {
  readonly number: number;
  readonly white: ScoreEntry | null;
  readonly black: ScoreEntry | null;
}

/** The rows of the score, one per move number, in the chosen notation. */
export function scoreRows(record: GameRecord, options: ScoresheetOptions = {}): ScoreRow[] {
  const notation = options.notation ?? 'san';
  const style = options.style ?? FIDE1980_SAN;
  const rows: ScoreRow[] = [];
  for (const [ply, move] of moveHistory(record.game).entries()) {
    const number = Number(move.fenBefore.split(' ')[5] ?? 1);
    const entry: ScoreEntry = {
      ply,
      text: formatMoveInfo(move, notation, style),
      clock: record.clocks[ply] ?? null,
    };
    const last = rows.at(-1);
    if (move.color === 'b' && last && last.number === number && last.black === null) {
      rows[rows.length - 1] = { ...last, black: entry };
    } else if (move.color === 'w') {
      rows.push({ number, white: entry, black: null });
    } else {
      rows.push({ number, white: null, black: entry });
    }
  }
  return rows;
}

const known = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '' && !/^[?.\s-]*$/.test(value);

function showClocks(record: GameRecord, options: ScoresheetOptions): boolean {
  return options.clocks ?? record.clocks.some((c) => c !== null);
}

function titleOf(record: GameRecord, options: ScoresheetOptions, locale: Locale): string {
  if (options.owner === undefined) return tRecord(locale, 'title');
  const name = record.tags[options.owner === 'w' ? 'White' : 'Black'];
  return tRecord(locale, 'ownerTitle', {
    name: known(name) ? name : tRecord(locale, options.owner === 'w' ? 'white' : 'black'),
    color: tRecord(locale, options.owner === 'w' ? 'white' : 'black'),
  });
}

/** The result sentence and figures, or "game in progress". */
export function resultText(record: GameRecord, locale: Locale = 'en'): string {
  return record.result === null ? tRecord(locale, 'inProgress') : describeResult(record.result, locale);
}

function headerLines(record: GameRecord, locale: Locale): string[] {
  const lines: string[] = [];
  const field = (key: 'event' | 'site' | 'date' | 'round', tag: string) => {
    const value = record.tags[tag];
    if (known(value)) lines.push(`${tRecord(locale, key)}: ${value.trim()}`);
  };
  field('event', 'Event');
  field('site', 'Site');
  field('date', 'Date');
  field('round', 'Round');
  lines.push(`${tRecord(locale, 'white')}: ${known(record.tags.White) ? record.tags.White : '?'}`);
  lines.push(`${tRecord(locale, 'black')}: ${known(record.tags.Black) ? record.tags.Black : '?'}`);
  return lines;
}

function notationName(notation: Notation, locale: Locale): string {
  switch (notation) {
    case 'san':
      return tRecord(locale, 'notationSan');
    case 'long':
      return tRecord(locale, 'notationLong');
    case 'correspondence':
      return tRecord(locale, 'notationCorrespondence');
    case 'uedemann':
      return tRecord(locale, 'notationUedemann');
    case 'uci':
      return 'UCI';
  }
}

/**
 * The plain-text scoresheet: title, event lines, players, one line per move number
 * (`12. Nf3 0:41:10   Nc6 0:39:58`), the result sentence and the points (1 / ½ / 0).
 */
export function scoresheetText(record: GameRecord, options: ScoresheetOptions = {}): string {
  const locale = options.locale ?? 'en';
  const clocks = showClocks(record, options);
  const rows = scoreRows(record, options);
  const cell = (e: ScoreEntry | null, placeholder: string) =>
    e === null ? placeholder : clocks && e.clock !== null ? `${e.text} ${formatReading(e.clock)}` : e.text;
  const whiteWidth = Math.max(0, ...rows.map((r) => cell(r.white, '...').length));
  const numberWidth = String(rows.at(-1)?.number ?? 1).length;
  const lines = [titleOf(record, options, locale), ...headerLines(record, locale), ''];
  for (const row of rows) {
    const left = `${String(row.number).padStart(numberWidth)}. ${cell(row.white, '...').padEnd(whiteWidth)}`;
    lines.push(row.black === null ? left.trimEnd() : `${left}   ${cell(row.black, '')}`);
  }
  lines.push('', `${tRecord(locale, 'result')}: ${resultText(record, locale)}`);
  if (record.result !== null) {
    const show = (c: Color) => String(pointsFor(record.result!, c)).replace('0.5', '½');
    lines.push(
      `${tRecord(locale, 'points')}: ${tRecord(locale, 'white')} ${show('w')}, ${tRecord(locale, 'black')} ${show('b')}`,
    );
  }
  return lines.join('\n') + '\n';
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * A printable large-print scoresheet page (a complete HTML document): 20-point type and more, black
 * on white, a table with a caption and header cells so that it also reads well with a screen reader.
 */
export function scoresheetHtml(record: GameRecord, options: ScoresheetOptions = {}): string {
  const locale = options.locale ?? 'en';
  const clocks = showClocks(record, options);
  const title = titleOf(record, options, locale);
  const rows = scoreRows(record, options);
  const td = (e: ScoreEntry | null) => {
    const move = `<td>${e === null ? '' : escapeHtml(e.text)}</td>`;
    return clocks ? `${move}<td class="clock">${e?.clock == null ? '' : formatReading(e.clock)}</td>` : move;
  };
  const clockHead = (who: 'white' | 'black') =>
    clocks
      ? `<th scope="col">${escapeHtml(`${tRecord(locale, 'clock')} (${tRecord(locale, who)})`)}</th>`
      : '';
  const body = rows
    .map((r) => `<tr><th scope="row">${r.number}</th>${td(r.white)}${td(r.black)}</tr>`)
    .join('\n');
  const header = headerLines(record, locale)
    .map((l) => `<li>${escapeHtml(l)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font: 20pt/1.5 Verdana, Arial, sans-serif; color: #000; background: #fff; margin: 1.5em; }
h1 { font-size: 28pt; margin: 0 0 0.5em; }
ul { list-style: none; padding: 0; }
table { border-collapse: collapse; font-size: 24pt; }
th, td { border: 2px solid #000; padding: 0.2em 0.6em; text-align: left; }
td.clock { font-size: 18pt; }
p.result { font-size: 24pt; font-weight: bold; }
@media print { body { margin: 0; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<ul>${header}</ul>
<table>
<caption>${escapeHtml(`${tRecord(locale, 'notation')}: ${notationName(options.notation ?? 'san', locale)}`)}</caption>
<thead><tr><th scope="col">${tRecord(locale, 'move')}</th><th scope="col">${tRecord(locale, 'white')}</th>${clockHead('white')}<th scope="col">${tRecord(locale, 'black')}</th>${clockHead('black')}</tr></thead>
<tbody>
${body}
</tbody>
</table>
<p class="result">${escapeHtml(`${tRecord(locale, 'result')}: ${resultText(record, locale)}`)}</p>
</main>
</body>
</html>
`;
}

/**
 * The print lines the braille scoresheet transcribes: players, event, one line per move number,
 * result. Names in letters braille has no form for (Cyrillic, …) are transliterated, never
 * dropped, and a line after the event says which.
 */
export function brailleSourceLines(record: GameRecord, options: ScoresheetOptions = {}): string[] {
  const locale = options.locale ?? 'en';
  const clocks = options.clocks ?? false;
  const transliterated: string[] = [];
  const latin = (value: string) => {
    const t = transliterate(value.trim());
    if (t.changed) transliterated.push(t.text);
    return t.text;
  };
  const name = (tag: string, fallback: 'white' | 'black') =>
    known(record.tags[tag]) ? latin(record.tags[tag] as string) : tRecord(locale, fallback);
  const lines = [`${name('White', 'white')} - ${name('Black', 'black')}`];
  // PGN writes unknown date parts as ?? (1834.??.??): braille readers get only the known part.
  const date = record.tags.Date?.replace(/(\.\?\?)+$/, '');
  const where = [record.tags.Event, record.tags.Site, date, record.tags.Round].filter(known);
  if (where.length > 0) lines.push(where.map(latin).join(', '));
  if (transliterated.length > 0)
    lines.push(tRecord(locale, 'transliterated', { names: transliterated.join('; ') }));
  lines.push('');
  const move = (e: ScoreEntry) =>
    clocks && e.clock !== null ? `${e.text} ${formatReading(e.clock)}` : e.text;
  for (const row of scoreRows(record, options)) {
    if (row.white === null && row.black !== null) lines.push(`${row.number}... ${move(row.black)}`);
    else if (row.white !== null)
      lines.push(`${row.number}. ${move(row.white)}${row.black === null ? '' : ` ${move(row.black)}`}`);
  }
  lines.push('', pgnResultOf(record.result));
  lines.push(resultText(record, locale));
  return lines;
}

/** The braille scoresheet as Braille ASCII lines (UEB grade 1), one per print line, before page layout. */
export function scoresheetBraille(record: GameRecord, options: ScoresheetOptions = {}): string[] {
  return brailleSourceLines(record, options).map((line) => toBrailleAscii(line));
}

/** The braille scoresheet in Unicode braille (for a refreshable display), one line per print line. */
export function scoresheetUnicodeBraille(record: GameRecord, options: ScoresheetOptions = {}): string {
  return scoresheetBraille(record, options)
    .map((line) => toUnicodeBraille(line))
    .join('\n');
}

/** A record as a BRF document (40 cells × 25 lines, form feeds between pages, CRLF). */
export function recordToBrf(
  record: GameRecord,
  options: ScoresheetOptions & BrfOptions = {},
): Result<string, BrailleError> {
  return layoutBrf(scoresheetBraille(record, options), options);
}

/**
 * A PGN game as a BRF document: ASCII braille only, at most 40 cells a line and 25 lines a page,
 * pages separated by form feeds. A malformed PGN gives the PGN reader's error.
 */
export function exportBrf(
  pgn: string,
  options: ScoresheetOptions & BrfOptions = {},
): Result<string, RecordError | BrailleError> {
  const record = importPgn(pgn);
  return record.ok ? recordToBrf(record.value, options) : record;
}
