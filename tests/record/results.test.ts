// Results and scoring (spec §2.6, checklist 71, 72): every reason of the core's outcome model, its
// points, its PGN token and tags, its sentence, and the round trip through PGN export and import.
import { describe, expect, test } from 'vitest';
import { createGame, playMoves, RESULT_REASONS, type Game, type ResultReason } from '../../src/core/index.ts';
import {
  describeResult,
  exportPgn,
  importPgn,
  makeResult,
  pgnResultOf,
  pointsFor,
  resultFromPgn,
  scoreLine,
  type GameRecord,
} from '../../src/record/index.ts';

const game = (() => {
  const g = playMoves((createGame() as { value: Game }).value, ['e2e4', 'e7e5', 'g1f3']);
  if (!g.ok) throw new Error(JSON.stringify(g.error));
  return g.value;
})();

describe('checklist 72: scoring 1 / ½ / 0', () => {
  const decisive: ResultReason[] = [
    'checkmate',
    'resignation',
    'flag',
    'lateArrival',
    'invalidSealedMove',
    'forfeit',
  ];
  test.each(decisive)('%s: the winner scores 1, the loser 0', (ending) => {
    const r = makeResult(ending, 'b');
    expect([pointsFor(r, 'w'), pointsFor(r, 'b')]).toEqual([1, 0]);
    expect(scoreLine(r)).toBe('1-0');
    expect(pgnResultOf(r)).toBe('1-0');
    const black = makeResult(ending, 'w');
    expect(scoreLine(black)).toBe('0-1');
  });

  const drawn: ResultReason[] = [
    'stalemate',
    'agreement',
    'repetition',
    'fiftyMoves',
    'insufficientMaterial',
    'flagVsBareKing',
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

  test('an invalid sealed move against a bare king draws (no loser given)', () => {
    const r = makeResult('invalidSealedMove');
    expect(scoreLine(r)).toBe('½-½');
    expect(describeResult(r)).toBe('Draw: invalid sealed move against a bare king. ½-½');
  });

  test('a game in progress has no result token but *', () => {
    expect(pgnResultOf(null)).toBe('*');
  });
});

describe('results are recorded in every export and come back on import', () => {
  test.each(RESULT_REASONS.filter((r) => r !== 'annulled').map((e) => [e] as const))(
    '%s survives PGN export and import',
    (ending) => {
      const result = makeResult(ending, 'w');
      const record: GameRecord = { tags: { White: 'A', Black: 'B' }, game, result, clocks: [], comments: [] };
      const pgn = exportPgn(record);
      expect(pgn).toContain(`[Ending "${ending}"]`);
      expect(pgn).toMatch(/\[Termination "[a-z ]+"\]/);
      const back = importPgn(pgn);
      if (!back.ok) throw new Error(JSON.stringify(back.error));
      expect(back.value.result).toEqual(result);
    },
  );

  test('the Termination tag uses the PGN standard words', () => {
    const pgn = exportPgn({ tags: {}, game, result: makeResult('flag', 'b'), clocks: [], comments: [] });
    expect(pgn).toContain('[Termination "time forfeit"]');
    expect(pgn).toContain('[Result "1-0"]');
    expect(pgn.trimEnd().endsWith('1-0')).toBe(true);
  });

  test('a PGN from elsewhere: 1-0 after mate is a checkmate, otherwise a resignation; ½ is an agreed draw', () => {
    expect(resultFromPgn('1-0', undefined, 'b')).toEqual({ winner: 'w', reason: 'checkmate' });
    expect(resultFromPgn('0-1', undefined, null)).toEqual({ winner: 'b', reason: 'resignation' });
    expect(resultFromPgn('1/2-1/2', undefined, null)).toEqual({ winner: null, reason: 'agreement' });
    expect(resultFromPgn('*', undefined, null)).toBeNull();
    expect(resultFromPgn('1-0', 'nonsense', null)).toEqual({ winner: 'w', reason: 'resignation' });
    // Archives written before the outcome model named some endings differently.
    expect(resultFromPgn('1-0', 'flagFall', null)).toEqual({ winner: 'w', reason: 'flag' });
    expect(resultFromPgn('1/2-1/2', 'bareKingSealedMove', null)).toEqual({
      winner: null,
      reason: 'invalidSealedMove',
    });
  });

  test('the result sentence says who and why, in English and German', () => {
    expect(describeResult(makeResult('resignation', 'b'))).toBe('Black resigns. 1-0');
    expect(describeResult(makeResult('flag', 'w'))).toBe("White's flag fell. 0-1");
    expect(describeResult(makeResult('agreement'))).toBe('Draw agreed. ½-½');
    expect(describeResult(makeResult('lateArrival', 'w'), 'de')).toBe('Weiß verliert wegen Verspätung. 0-1');
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
    if (!back.ok) throw new Error(JSON.stringify(back.error));
    expect(back.value.result).toEqual({ winner: 'w', reason: 'resignation' });
  });
});
