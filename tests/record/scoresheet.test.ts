// Scoresheets: short algebraic by FIDE 1980 Supp. No. 1, long form, national initials, correspondence
// and Uedemann codes, per-move clocks, large print, a typed score compared with the board, each
// player's own score from the match, and the evidence log export (checklist 34, 78–82).
import { describe, expect, test } from 'vitest';
import {
  CLOCK_PRESETS,
  createClock,
  createGame,
  GERMAN_PIECE_LETTERS,
  FIDE1980_SAN,
  playMoves,
  type Game,
} from '../../src/core/index.ts';
import { createMatch } from '../../src/match/setup.ts';
import type { LogEntry, MatchState } from '../../src/match/types.ts';
import {
  compareScores,
  evidenceLogJson,
  evidenceLogText,
  makeResult,
  readTypedScore,
  recordFromMatch,
  scoreRows,
  scoresheetHtml,
  scoresheetText,
  type GameRecord,
} from '../../src/record/index.ts';

function record(moves: string[], startFen?: string, extra: Partial<GameRecord> = {}): GameRecord {
  const start = (createGame(startFen) as { value: Game }).value;
  const g = playMoves(start, moves);
  if (!g.ok) throw new Error(g.error.message);
  return {
    tags: { White: 'Anna', Black: 'Bert' },
    game: g.value,
    result: null,
    clocks: [],
    comments: [],
    ...extra,
  };
}
const texts = (r: GameRecord, o = {}) =>
  scoreRows(r, o)
    .flatMap((row) => [row.white?.text, row.black?.text])
    .filter(Boolean);

describe('checklist 79: short algebraic follows FIDE 1980 Supplement No. 1', () => {
  test('piece moves, pawn captures, castling and checks', () => {
    const r = record([
      'e2e4',
      'e7e5',
      'g1f3',
      'b8c6',
      'f1c4',
      'g8f6',
      'e1g1',
      'f6e4',
      'f1e1',
      'd7d5',
      'e1e4',
      'd5e4',
    ]);
    expect(texts(r)).toEqual([
      'e4',
      'e5',
      'Nf3',
      'Nc6',
      'Bc4',
      'Nf6',
      'O-O',
      'Nxe4',
      'Re1',
      'd5',
      'Rxe4',
      'dxe4',
    ]);
  });

  test('promotion d8Q without a sign, mate ++, en passant e.p.', () => {
    const promo = record(['c7c8q'], '4k3/2P5/8/8/8/8/8/4K3 w - - 0 1');
    expect(texts(promo)).toEqual(['c8Q+']);
    const mate = record(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    expect(texts(mate).at(-1)).toBe('Qh4++');
    const ep = record(['e2e4', 'a7a6', 'e4e5', 'd7d5', 'e5d6']);
    expect(texts(ep).at(-1)).toBe('exd6 e.p.');
  });

  test('disambiguation: file first (Ngf3 / Ndf3), rank when on the same file (N5f3 / N1f3)', () => {
    const byFile = record(['g1f3'], '4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1');
    expect(texts(byFile)).toEqual(['Ngf3']);
    const byRank = record(['g5f3'], '4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1');
    expect(texts(byRank)).toEqual(['N5f3']);
  });
});

describe('checklist 80: long form and national initials', () => {
  test('Bd4-e5, Bd4xe5, e4-e5 in the long form', () => {
    const r = record(['d4e5'], '4k3/8/8/8/3B4/8/8/4K3 w - - 0 1');
    expect(texts(r, { notation: 'long' })).toEqual(['Bd4-e5']);
    const capture = record(['d4e5'], '4k3/8/8/4p3/3B4/8/8/4K3 w - - 0 1');
    expect(texts(capture, { notation: 'long' })).toEqual(['Bd4xe5']);
    const pawn = record(['e4e5'], '4k3/8/8/8/4P3/8/8/4K3 w - - 0 1');
    expect(texts(pawn, { notation: 'long' })).toEqual(['e4-e5']);
  });

  test('German initials: S for the knight, L for the bishop, D for the queen', () => {
    const r = record(['e2e4', 'e7e5', 'g1f3', 'g8f6', 'f1c4', 'd8e7']);
    expect(texts(r, { style: { ...FIDE1980_SAN, pieceLetters: GERMAN_PIECE_LETTERS } })).toEqual([
      'e4',
      'e5',
      'Sf3',
      'Sf6',
      'Lc4',
      'De7',
    ]);
  });
});

describe('checklists 81 and 82: correspondence numbers and the Uedemann code', () => {
  test('e2-e4 = 5254 = GEGO; O-O = 5171 / GAKA for White, 5878 / SAWA for Black', () => {
    const white = record(['e1g1'], 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const black = record(['e8g8'], 'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1');
    expect([
      ...texts(white, { notation: 'correspondence' }),
      ...texts(black, { notation: 'correspondence' }),
    ]).toEqual(['5171', '5878']);
    expect([...texts(white, { notation: 'uedemann' }), ...texts(black, { notation: 'uedemann' })]).toEqual([
      'GAKA',
      'SAWA',
    ]);
    const e4 = record(['e2e4']);
    expect(texts(e4, { notation: 'correspondence' })).toEqual(['5254']);
    expect(texts(e4, { notation: 'uedemann' })).toEqual(['GEGO']);
  });
});

describe('checklist 78: each player’s score as braille-friendly text, with clocks and result', () => {
  const r = record(['e2e4', 'e7e5', 'g1f3'], undefined, {
    clocks: [7_195_000, 7_190_000, 7_100_500],
    result: makeResult('resignation', 'b'),
  });

  test('one line per move number with the clock after each move; result and points at the end', () => {
    const text = scoresheetText(r, { owner: 'b' });
    expect(text.split('\n')).toEqual([
      'Scoresheet of Bert (Black)',
      'White: Anna',
      'Black: Bert',
      '',
      // Issue 28: readings in whole seconds, rounded (1:58:20.5 was written with its fraction).
      '1. e4 1:59:55    e5 1:59:50',
      '2. Nf3 1:58:21',
      '',
      'Result: Black resigns. 1-0',
      'Points: White 1, Black 0',
      '',
    ]);
  });

  test('clocks can be left out; German words', () => {
    const text = scoresheetText(r, { clocks: false, locale: 'de' });
    expect(text).toContain('1. e4    e5\n2. Nf3');
    expect(text).toContain('Ergebnis: Schwarz gibt auf. 1-0');
    expect(text).toContain('Punkte: Weiß 1, Schwarz 0');
  });

  test('a game begun with Black to move starts with an ellipsis for White', () => {
    const b = record(['e8d8', 'e1d1'], '4k3/8/8/8/8/8/8/4K3 b - - 0 12');
    expect(scoresheetText(b)).toContain('12. ...   Kd8\n13. Kd1');
  });

  test('the large-print page is a complete document with a table, header cells and the result', () => {
    const html = scoresheetHtml(r, { locale: 'en' });
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<th scope="col">White</th>');
    expect(html).toContain('<th scope="row">1</th><td>e4</td><td class="clock">1:59:55</td><td>e5</td>');
    expect(html).toContain('Result: Black resigns. 1-0');
    expect(html).toMatch(/font: 20pt/);
  });

  test('names are escaped in the page', () => {
    const html = scoresheetHtml({ ...r, tags: { White: '<b>A&B</b>', Black: 'C' } });
    expect(html).toContain('&lt;b&gt;A&amp;B&lt;/b&gt;');
    expect(html).not.toContain('<b>A&B');
  });

  test('a typed (longhand) score is read in any notation and compared with the board', () => {
    const typed = readTypedScore(r.game.startFen, '1. e2-e4 e5 2. Ng1-f3 Nc6 3. 5254');
    expect(typed.ok ? null : typed.error.ply).toBe(5);
    const fine = readTypedScore(r.game.startFen, '1. e4 e7e5 2. Nf3');
    if (!fine.ok) throw new Error(JSON.stringify(fine.error));
    expect(compareScores(fine.value.moves, r.game.moves)).toEqual({ kind: 'same' });
    const short = readTypedScore(r.game.startFen, '1. e4 e5');
    if (!short.ok) throw new Error(JSON.stringify(short.error));
    expect(compareScores(short.value.moves, r.game.moves)).toEqual({
      kind: 'differs',
      ply: 3,
      score: null,
      board: 'g1f3',
    });
  });

  test("each player's own scoresheet from the match, with the mover's clock after each ply", () => {
    const created = createMatch({ moves: ['e2e4', 'e7e5'] });
    if (!created.ok) throw new Error(created.error.message);
    const base = createClock(CLOCK_PRESETS.skopje1972);
    const after = (w: number, b: number) => ({
      ...base,
      sides: { w: { ...base.sides.w, usedMs: w }, b: { ...base.sides.b, usedMs: b } },
    });
    const state: MatchState = {
      ...created.value,
      scores: { blind: ['e2e4', 'e7e5'], sighted: ['e2e4'] },
      plies: created.value.plies.map((p, i) => ({
        ...p,
        clockAfter: i === 0 ? after(5000, 0) : after(5000, 8000),
      })),
      result: { winner: 'w', reason: 'flag' },
    };
    const blind = recordFromMatch(state, 'blind', { White: 'Anna', Black: 'Bert' });
    expect(blind.game.moves).toEqual(['e2e4', 'e7e5']);
    expect(blind.clocks).toEqual([150 * 60_000 - 5000, 150 * 60_000 - 8000]);
    expect(blind.result).toEqual({ winner: 'w', reason: 'flag' });
    const sighted = recordFromMatch(state, 'sighted');
    expect(sighted.game.moves).toEqual(['e2e4']);
  });
});

describe('checklist 34: the evidence log is exportable', () => {
  const log: LogEntry[] = [
    { seq: 1, at: 1_000_000, by: 'blind', what: 'lift', detail: 'e2', refused: false },
    { seq: 2, at: 1_004_000, by: 'blind', what: 'place', detail: 'e4', refused: false },
    { seq: 3, at: 1_065_000, by: 'sighted', what: 'claim', detail: 'repetition', refused: true },
  ];
  test('as text, one line per entry with the time since the first', () => {
    expect(evidenceLogText(log)).toBe(
      '   1  0:00:00  blind  lift  e2\n   2  0:00:04  blind  place  e4\n   3  0:01:05  sighted  claim  repetition  (refused)\n',
    );
  });
  test('as JSON with every field', () => {
    expect(JSON.parse(evidenceLogJson(log))).toEqual(log);
  });
});
