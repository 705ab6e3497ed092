// The braille scoresheet of every real game: UEB grade 1 as liblouis writes it (lou_translate is
// spawned), BRF page limits and alphabet, Unicode braille, and a round trip braille → print → game.
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { createGame, playMoves, type Game } from '../../src/core/index.ts';
import {
  brailleSourceLines,
  exportBrf,
  exportPgn,
  fromUnicodeBraille,
  importPgn,
  layoutBrf,
  makeResult,
  recordToBrf,
  scoresheetBraille,
  scoresheetUnicodeBraille,
  toBrailleAscii,
  toUnicodeBraille,
  type GameRecord,
} from '../../src/record/index.ts';
import { classicRecords } from '../helpers/classicGames.ts';

const GAMES: GameRecord[] = classicRecords();
const label = (g: GameRecord) => `${g.tags.White} - ${g.tags.Black} (${g.tags.Date})`;

/** liblouis, line by line; its Braille ASCII in lower case is brought to BRF's upper-case range. */
function louis(
  lines: readonly string[],
  direction: '--forward' | '--backward' = '--forward',
  display = '',
): string[] {
  const table = display === '' ? 'en-ueb-g1.ctb' : `${display},en-ueb-g1.ctb`;
  const out = execFileSync('lou_translate', [direction, table], { input: lines.join('\n') + '\n' }).toString(
    'utf8',
  );
  return out.replace(/\n$/, '').split('\n');
}
const fromBrfCase = (s: string) =>
  s.replace(/[@A-Z[\\\]^]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
const toBrfCase = (s: string) => s.replace(/[`a-z{|}~]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 32));

function brfLines(doc: string): { pages: string[][]; lines: string[] } {
  const pages = doc.split('\f').map((p) => {
    expect(p.endsWith('\r\n')).toBe(true);
    return p.slice(0, -2).split('\r\n');
  });
  return { pages, lines: pages.flat() };
}

test('the classic games file holds 20 games', () => {
  expect(GAMES).toHaveLength(20);
});

describe('UEB grade 1 transcription agrees with liblouis en-ueb-g1', () => {
  test('names, dates, punctuation, capitals and numbers', () => {
    const samples = [
      'McDonnell - La Bourdonnais',
      'Fischer, Robert James',
      'St. Petersburg 1914',
      'URS vs GER',
      'ABCdef',
      "O'Kelly de Galway",
      'Game 1a',
      'Round 4k',
      'Smith (2700)',
      '1834.??.??',
      'Time: 5',
      'x!y a,b c:d',
      '10...Qxe4',
      'e8=Q+',
      'exd6 e.p.',
      '1/2-1/2',
      '0-1',
      '*',
      'Bxf7++',
    ];
    const expected = louis(samples).map(toBrfCase);
    expect(samples.map(toBrailleAscii)).toEqual(expected);
  });

  test.each(GAMES.map((g) => [label(g), g] as const))(
    'every line of the braille scoresheet: %s',
    (_, game) => {
      const print = brailleSourceLines(game).filter((l) => l !== '');
      const mine = scoresheetBraille(game).filter((l) => l !== '');
      expect(mine).toEqual(louis(print).map(toBrfCase));
    },
  );

  test('accents are dropped, not lost silently into other letters', () => {
    expect(toBrailleAscii('Grünfeld')).toBe(',GRUNFELD');
    expect(toBrailleAscii('Réti')).toBe(',RETI');
    expect(toBrailleAscii('½-½')).toBe('#A_/#B-#A_/#B');
  });
});

describe('BRF documents', () => {
  test.each(GAMES.map((g) => [label(g), g] as const))(
    '%s: alphabet, 40 cells, 25 lines, CRLF, form feeds',
    (_, game) => {
      const r = exportBrf(exportPgn(game));
      if (!r.ok) throw new Error(r.error.message);
      const doc = r.value;
      expect(doc).toMatch(/^[\x20-\x5f\r\n\f]*$/);
      expect(doc.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const { pages, lines } = brfLines(doc);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
      for (const [i, page] of pages.entries()) {
        expect(page.length).toBeLessThanOrEqual(25);
        // The page number, right-aligned on the last line.
        expect(page.at(-1)).toBe(toBrailleAscii(String(i + 1)).padStart(40));
      }
    },
  );

  test.each(GAMES.map((g) => [label(g), g] as const))(
    '%s: the move lines back-translate (liblouis) into the same game and result',
    (_, game) => {
      const r = recordToBrf(game);
      if (!r.ok) throw new Error(r.error.message);
      const { lines } = brfLines(r.value);
      const moveLines = lines.filter((l) => /^#[A-J]+4/.test(l));
      const plies = game.game.moves.length;
      expect(moveLines).toHaveLength(Math.ceil(plies / 2));
      const print = louis(moveLines.map(fromBrfCase), '--backward');
      const resultLine = lines.find((l) => /^(#[AJ]-#[AJ]|#A_\/#B-#A_\/#B|"9)$/.test(l));
      expect(resultLine).toBeDefined();
      const [resultPrint] = louis([fromBrfCase(resultLine as string)], '--backward');
      const back = importPgn(`${print.join('\n')} ${resultPrint}\n`);
      if (!back.ok) throw new Error(back.error.message);
      expect(back.value.game).toEqual(game.game);
      expect(back.value.result?.winner).toBe(game.result?.winner);
    },
  );

  test('a long game runs over several pages, each at most 25 lines, and long lines wrap with a runover indent', () => {
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    const moves = Array.from({ length: 96 }, (_, i) => shuffle[i % 4] as string);
    const game = playMoves((createGame() as { value: Game }).value, moves);
    if (!game.ok) throw new Error(game.error.message);
    const record: GameRecord = {
      tags: { White: 'Anna', Black: 'Bert' },
      game: game.value,
      result: makeResult('agreement'),
      clocks: moves.map((_, i) => 5_400_000 - i * 1000),
      comments: [],
    };
    const r = recordToBrf(record, { clocks: true, notation: 'long' });
    if (!r.ok) throw new Error(r.error.message);
    const { pages, lines } = brfLines(r.value);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(25);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines.some((l) => l.startsWith('  ') && l.trim() !== '' && !/^ +#[A-J]+$/.test(l))).toBe(true);
    expect(lines.filter((l) => /^#[A-J]+4/.test(l))).toHaveLength(48);
  });

  test('a custom page size is honoured and a too small page is an error', () => {
    const game = GAMES[0] as GameRecord;
    const r = recordToBrf(game, { cells: 32, lines: 10 });
    if (!r.ok) throw new Error(r.error.message);
    const { pages } = brfLines(r.value);
    for (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(10);
      for (const line of page) expect(line.length).toBeLessThanOrEqual(32);
    }
    const small = layoutBrf(['#A4 E#D'], { cells: 4 });
    expect(small.ok ? null : small.error.code).toBe('pageTooSmall');
  });

  test('a malformed PGN gives a clear error, not a document', () => {
    const r = exportBrf('1. e4 e5 2. Ke3 Nc6 *');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('illegalMove');
      expect(r.error.message).toMatch(/Ke3/);
    }
  });
});

describe('Unicode braille for refreshable displays', () => {
  test.each(GAMES.slice(0, 5).map((g) => [label(g), g] as const))(
    '%s agrees with liblouis unicode.dis',
    (_, game) => {
      const print = brailleSourceLines(game).filter((l) => l !== '');
      const expected = louis(print, '--forward', 'unicode.dis').map((l) => l.replace(/ /g, '\u2800'));
      const mine = scoresheetUnicodeBraille(game)
        .split('\n')
        .filter((l) => l !== '');
      expect(mine).toEqual(expected);
    },
  );

  test('all 64 cells map to U+2800..U+283F and back', () => {
    const ascii = Array.from({ length: 64 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    const unicode = toUnicodeBraille(ascii);
    expect([...unicode].every((c) => c >= '\u2800' && c <= '\u283f')).toBe(true);
    expect(new Set(unicode).size).toBe(64);
    expect(fromUnicodeBraille(unicode)).toBe(ascii);
  });
});
