// The braille scoresheet of every real game: UEB grade 1 as liblouis writes it (lou_translate is
// spawned), names in every alphabet (issue 14: accents as UEB modifiers, Cyrillic romanized and
// noted), BRF page limits and alphabet, Unicode braille, and a round trip braille → print → game.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createGame, playMoves, type Game, type PgnError } from '../../src/core/index.ts';
import {
  brailleSourceLines,
  decodePgnBytes,
  exportBrf,
  exportPgn,
  fromUnicodeBraille,
  importPgn,
  layoutBrf,
  makeResult,
  readPgnFile,
  recordToBrf,
  scoresheetBraille,
  scoresheetUnicodeBraille,
  toBrailleAscii,
  toUnicodeBraille,
  transliterate,
  type GameRecord,
} from '../../src/record/index.ts';
import { classicRecords } from '../helpers/classicGames.ts';
import { describePgnError } from '../../src/speech/pgnErrors.ts';

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

  test('½ is a numeric fraction and a dash a hyphen, as liblouis writes them', () => {
    const samples = ['½-½', 'Draw agreed. ½-½', '1–0'];
    expect(samples.map(toBrailleAscii)).toEqual(['#A/B-#A/B', ',DRAW AGREED4 #A/B-#A/B', '#A-#J']);
    expect(samples.slice(0, 2).map(toBrailleAscii)).toEqual(louis(samples.slice(0, 2)).map(toBrfCase));
  });
});

describe('names in every alphabet: UEB modifiers for accents, transliteration where braille has no form', () => {
  const ACCENTED = [
    'Göteborg',
    'GÖTEBORG SWE',
    'Réti, Richard',
    'Grünfeld',
    'GRÜNFELD-Réti',
    'École',
    'Niño',
    'Dubois, François',
    'Sørensen, Ida',
    'ØRSTED',
    'Łódź',
    'Gdańsk',
    'Dvořák',
    'Šťastný, Václav',
    'Lindqvist, Åsa',
    'Næss',
    'ÆSIR',
    'Ærø',
    'Straße',
    'Weiß',
    'Þórhallsson, Ðorđe',
    'Gürsel, Çağ',
    'ÇAĞ',
    'Müller 3é',
    'abç,d',
    'Αθήνα'.normalize('NFD').replace(/\u0301/g, ''),
  ];

  test('accented letters, stroked letters, ligatures, ß and Greek are written as liblouis en-ueb-g1 writes them', () => {
    expect(ACCENTED.map(toBrailleAscii)).toEqual(louis(ACCENTED).map(toBrfCase));
  });

  test('Göteborg keeps its ö: the UEB diaeresis modifier (dots 4-5, 2-5) before the o', () => {
    expect(toBrailleAscii('Göteborg')).toBe(',G^3OTEBORG');
    expect(toUnicodeBraille(toBrailleAscii('Göteborg'))).toBe('⠠⠛⠘⠒⠕⠞⠑⠃⠕⠗⠛');
  });

  // liblouis has no braille for Cyrillic in en-ueb-g1 and writes each letter as a hexadecimal
  // escape ('\x043d'), which no braille reader can read as a name; UEB itself has no Cyrillic
  // (only Greek, §4.5). We romanize (BGN/PCGN without diacritics) and then write what liblouis
  // writes for the romanized name.
  test('Cyrillic names are romanized, never dropped; liblouis escapes them instead', () => {
    const names = ['Непомнящий, Ян', 'Карякин, Сергей', 'ЯН', 'Москва', 'Шевченко, Євген'];
    const romanized = names.map((n) => transliterate(n));
    expect(romanized.map((r) => r.text)).toEqual([
      'Nepomnyashchiy, Yan',
      'Karyakin, Sergey',
      'YAN',
      'Moskva',
      'Shevchenko, Yevgen',
    ]);
    expect(romanized.every((r) => r.changed)).toBe(true);
    expect(names.map(toBrailleAscii)).toEqual(louis(romanized.map((r) => r.text)).map(toBrfCase));
    expect(toBrailleAscii('Непомнящий')).toBe(',NEPOMNYASHCHIY');
    expect(louis(['Непомнящий'])[0]).toMatch(/\\x/);
  });

  // Marks UEB has no modifier for: liblouis escapes the whole letter; we keep the letter and its
  // nearest mark (ő → ö as Hungarian typewriters did, ș → ş) or only the letter (ż → z, ı → i).
  test('letters whose mark has no UEB modifier keep their letter, and liblouis agrees on the result', () => {
    const names = ['Erdős', 'Șerban', 'Żabiński', 'Çağrı', 'Αλέξανδρος'];
    const latin = names.map((n) => transliterate(n).text);
    expect(latin).toEqual(['Erdös', 'Şerban', 'Zabiński', 'Çağri', 'Αλεξανδρος']);
    expect(names.map(toBrailleAscii)).toEqual(louis(latin).map(toBrfCase));
    for (const name of names) expect(louis([name])[0]).toMatch(/\\x/);
  });

  // Where we differ from liblouis: a letter of a script with neither braille nor romanization here
  // (Chinese) is written as its code point; liblouis escapes it as '\x4e01'.
  test('a letter of any other script is written as its code point, not dropped', () => {
    expect(transliterate('Ding Liren (丁立人)')).toEqual({
      text: 'Ding Liren (U+4E01 U+7ACB U+4EBA)',
      changed: true,
    });
  });

  test('the scoresheet of a game between Cyrillic names: names romanized, the sheet says so, liblouis agrees', () => {
    const bytes = readFileSync(join(process.cwd(), 'tests/fixtures/pgn/bom-crlf.pgn'));
    const { records } = readPgnFile(decodePgnBytes(bytes));
    const record = records[0] as GameRecord;
    const print = brailleSourceLines(record);
    expect(print.slice(0, 3)).toEqual([
      'Nepomnyashchiy, Yan - Karyakin, Sergey',
      'Moskva Open, Moskva RUS, 2021.02.01, 3',
      'Transliterated, as braille has no form for their letters: Nepomnyashchiy, Yan; Karyakin, Sergey; Moskva Open; Moskva RUS.',
    ]);
    const braille = scoresheetBraille(record).filter((l) => l !== '');
    expect(braille).toEqual(louis(print.filter((l) => l !== '')).map(toBrfCase));
    expect(braille[0]).toBe(',NEPOMNYASHCHIY1 ,YAN - ,KARYAKIN1 ,SERGEY');
    const brf = recordToBrf(record);
    expect(brf.ok && brf.value).toContain(',NEPOMNYASHCHIY1');
  });

  test('the scoresheet of a game between accented names keeps the accents and needs no note', () => {
    const bytes = readFileSync(join(process.cwd(), 'tests/fixtures/pgn/latin1-crlf.pgn'));
    const record = readPgnFile(decodePgnBytes(bytes)).records[0] as GameRecord;
    const print = brailleSourceLines(record);
    expect(print.slice(0, 3)).toEqual([
      'Sørensen, Ida - Müller, Jürgen',
      'Nordic Open, Göteborg SWE, 2019.04.13, 1',
      '',
    ]);
    const braille = scoresheetBraille(record);
    expect(braille.slice(0, 2)).toEqual([
      ',S@*ORENSEN1 ,IDA - ,M^3ULLER1 ,J^3URGEN',
      ',NORDIC ,OPEN1 ,G^3OTEBORG ,,SWE1 #BJAI4JD4AC1 #A',
    ]);
    expect(braille.filter((l) => l !== '')).toEqual(louis(print.filter((l) => l !== '')).map(toBrfCase));
  });
});

describe('BRF documents', () => {
  test.each(GAMES.map((g) => [label(g), g] as const))(
    '%s: alphabet, 40 cells, 25 lines, CRLF, form feeds',
    (_, game) => {
      const r = exportBrf(exportPgn(game));
      if (!r.ok) throw new Error(JSON.stringify(r.error));
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
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      const { lines } = brfLines(r.value);
      const moveLines = lines.filter((l) => /^#[A-J]+4/.test(l));
      const plies = game.game.moves.length;
      expect(moveLines).toHaveLength(Math.ceil(plies / 2));
      const print = louis(moveLines.map(fromBrfCase), '--backward');
      const resultLine = lines.find((l) => /^(#[AJ]-#[AJ]|#A_\/#B-#A_\/#B|"9)$/.test(l));
      expect(resultLine).toBeDefined();
      const [resultPrint] = louis([fromBrfCase(resultLine as string)], '--backward');
      const back = importPgn(`${print.join('\n')} ${resultPrint}\n`);
      if (!back.ok) throw new Error(JSON.stringify(back.error));
      expect(back.value.game).toEqual(game.game);
      expect(back.value.result?.winner).toBe(game.result?.winner);
    },
  );

  test('a long game runs over several pages, each at most 25 lines, and long lines wrap with a runover indent', () => {
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8'];
    const moves = Array.from({ length: 96 }, (_, i) => shuffle[i % 4] as string);
    const game = playMoves((createGame() as { value: Game }).value, moves);
    if (!game.ok) throw new Error(JSON.stringify(game.error));
    const record: GameRecord = {
      tags: { White: 'Anna', Black: 'Bert' },
      game: game.value,
      result: makeResult('agreement'),
      clocks: moves.map((_, i) => 5_400_000 - i * 1000),
      comments: [],
    };
    const r = recordToBrf(record, { clocks: true, notation: 'long' });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
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
    if (!r.ok) throw new Error(JSON.stringify(r.error));
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
      expect(describePgnError('en', r.error as PgnError)).toMatch(/Ke3/);
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
