// Results and scoring (spec §2.6, checklist 71, 72): every ending, its points, its PGN token and tags,
// its sentence, and the round trip through PGN export and import.
import { describe, expect, test } from 'vitest';
import { createGame, playMoves, type Game } from '../../src/core/index.ts';
import {
  describeResult,
  ENDINGS,
  exportPgn,
  importPgn,
  makeResult,
  pgnResultOf,
  pointsFor,
  resultFromCore,
  resultFromPgn,
  scoreLine,
  type Ending,
  type GameRecord,
} from '../../src/record/index.ts';

const game = (() => {
  const g = playMoves((createGame() as { value: Game }).value, ['e2e4', 'e7e5', 'g1f3']);
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
})();

describe('checklist 72: scoring 1 / ½ / 0', () => {
  const decisive: Ending[] = [
    'checkmate',
    'resignation',
    'flagFall',
    'lateForfeit',
    'invalidSealedMove',
    'refusal',
  ];
  test.each(decisive)('%s: the winner scores 1, the loser 0', (ending) => {
    const r = makeResult(ending, 'b');
    expect([pointsFor(r, 'w'), pointsFor(r, 'b')]).toEqual([1, 0]);
    expect(scoreLine(r)).toBe('1-0');
    expect(pgnResultOf(r)).toBe('1-0');
    const black = makeResult(ending, 'w');
    expect(scoreLine(black)).toBe('0-1');
  });

  const drawn: Ending[] = [
    'stalemate',
    'agreement',
    'repetition',
    'fiftyMoves',
    'insufficientMaterial',
    'bareKingFlag',
    'bareKingSealedMove',
  ];
  test.each(drawn)('%s: ½ each', (ending) => {
    const r = makeResult(ending, 'w');
    expect([pointsFor(r, 'w'), pointsFor(r, 'b')]).toEqual([0.5, 0.5]);
    expect(scoreLine(r)).toBe('½-½');
    expect(pgnResultOf(r)).toBe('1/2-1/2');
  });

  test('both players late or refusing: both lose, 0-0, no PGN winner', () => {
    const r = makeResult('doubleForfeit');
    expect([pointsFor(r, 'w'), pointsFor(r, 'b')]).toEqual([0, 0]);
    expect(scoreLine(r)).toBe('0-0');
    expect(pgnResultOf(r)).toBe('*');
  });

  test('a game in progress has no result token but *', () => {
    expect(pgnResultOf(null)).toBe('*');
  });
});

describe('results are recorded in every export and come back on import', () => {
  test.each(ENDINGS.map((e) => [e] as const))('%s survives PGN export and import', (ending) => {
    const result = makeResult(ending, 'w');
    const record: GameRecord = { tags: { White: 'A', Black: 'B' }, game, result, clocks: [], comments: [] };
    const pgn = exportPgn(record);
    expect(pgn).toContain(`[Ending "${ending}"]`);
    expect(pgn).toMatch(/\[Termination "[a-z ]+"\]/);
    const back = importPgn(pgn);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.result).toEqual(result);
  });

  test('the Termination tag uses the PGN standard words', () => {
    const pgn = exportPgn({ tags: {}, game, result: makeResult('flagFall', 'b'), clocks: [], comments: [] });
    expect(pgn).toContain('[Termination "time forfeit"]');
    expect(pgn).toContain('[Result "1-0"]');
    expect(pgn.trimEnd().endsWith('1-0')).toBe(true);
  });

  test('a PGN from elsewhere: 1-0 after mate is a checkmate, otherwise a resignation; ½ is an agreed draw', () => {
    expect(resultFromPgn('1-0', undefined, 'b')).toEqual({ winner: 'w', ending: 'checkmate' });
    expect(resultFromPgn('0-1', undefined, null)).toEqual({ winner: 'b', ending: 'resignation' });
    expect(resultFromPgn('1/2-1/2', undefined, null)).toEqual({ winner: 'draw', ending: 'agreement' });
    expect(resultFromPgn('*', undefined, null)).toBeNull();
    expect(resultFromPgn('1-0', 'nonsense', null)).toEqual({ winner: 'w', ending: 'resignation' });
  });

  test('the result sentence says who and why, in English and German', () => {
    expect(describeResult(makeResult('resignation', 'b'))).toBe('Black resigns. 1-0');
    expect(describeResult(makeResult('flagFall', 'w'))).toBe("White's flag fell. 0-1");
    expect(describeResult(makeResult('agreement'))).toBe('Draw agreed. ½-½');
    expect(describeResult(makeResult('lateForfeit', 'w'), 'de')).toBe('Weiß verliert wegen Verspätung. 0-1');
    expect(describeResult(makeResult('doubleForfeit'))).toBe('Both players lose. 0-0');
  });
});

describe('checklist 71: resignation or agreed draw stands', () => {
  test('a recorded resignation is not turned into a flag fall by a zero clock reading on re-import', () => {
    const record: GameRecord = {
      tags: {},
      game,
      result: makeResult('resignation', 'b'),
      clocks: [null, null, 0],
      comments: [null, null, 'flag fell later'],
    };
    const back = importPgn(exportPgn(record));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.result).toEqual({ winner: 'w', ending: 'resignation' });
  });
});

describe("the match's results (core { winner, reason }) become record results", () => {
  test.each([
    [
      { winner: 'w', reason: 'flag' },
      { winner: 'w', ending: 'flagFall' },
    ],
    [
      { winner: null, reason: 'flagVsBareKing' },
      { winner: 'draw', ending: 'bareKingFlag' },
    ],
    [
      { winner: 'b', reason: 'invalidSealedMove' },
      { winner: 'b', ending: 'invalidSealedMove' },
    ],
    [
      { winner: null, reason: 'invalidSealedMove' },
      { winner: 'draw', ending: 'bareKingSealedMove' },
    ],
    [
      { winner: null, reason: 'lateArrival' },
      { winner: 'none', ending: 'doubleForfeit' },
    ],
    [
      { winner: 'w', reason: 'lateArrival' },
      { winner: 'w', ending: 'lateForfeit' },
    ],
    [
      { winner: 'b', reason: 'checkmate' },
      { winner: 'b', ending: 'checkmate' },
    ],
    [
      { winner: null, reason: 'agreement' },
      { winner: 'draw', ending: 'agreement' },
    ],
    [
      { winner: null, reason: 'seventyFiveMoves' },
      { winner: 'draw', ending: 'seventyFiveMoves' },
    ],
  ] as const)('%o → %o', (core, expected) => {
    expect(resultFromCore(core)).toEqual(expected);
  });

  test('an annulled game has no result', () => {
    expect(resultFromCore({ winner: null, reason: 'annulled' })).toBeNull();
    expect(resultFromCore(null)).toBeNull();
  });
});
