// PGN through the record: every real game exported and imported again gives the same game, tags,
// result and clock readings; malformed files give clear errors with stable codes.
import { describe, expect, test } from 'vitest';
import { exportPgn, importPgn, importPgnFile, newRecord, type GameRecord } from '../../src/record/index.ts';
import { createGame, type Game } from '../../src/core/index.ts';
import { CLASSIC_PGN, classicRecords } from '../helpers/classicGames.ts';
import { describePgnError } from '../../src/speech/pgnErrors.ts';

const GAMES: GameRecord[] = classicRecords();

/** Plausible clock readings: 2 hours, each ply spending a different number of seconds. */
function withClocks(record: GameRecord): GameRecord {
  const left = { w: 7_200_000, b: 7_200_000 };
  const clocks = record.game.moves.map((_, ply) => {
    const side = ply % 2 === 0 ? 'w' : 'b';
    left[side] -= ((ply * 37) % 300) * 1000 + 1000;
    return left[side];
  });
  return { ...record, clocks, comments: record.game.moves.map((_, i) => (i % 7 === 3 ? `note ${i}` : null)) };
}

describe('PGN export then import gives back the same game', () => {
  test.each(GAMES.map((g) => [`${g.tags.White} - ${g.tags.Black}`, g] as const))(
    '%s, clocks included',
    (_, g) => {
      const record = withClocks(g);
      const pgn = exportPgn(record);
      expect(pgn).toMatch(/\{\[%clk \d+:\d\d:\d\d\]/);
      const back = importPgn(pgn);
      if (!back.ok) throw new Error(JSON.stringify(back.error));
      expect(back.value.game).toEqual(record.game);
      expect(back.value.clocks).toEqual(record.clocks);
      expect(back.value.comments).toEqual(record.comments);
      expect(back.value.result).toEqual(record.result);
      expect(back.value.tags).toEqual(record.tags);
    },
  );

  test('a game in progress from a set-up position keeps its FEN and has no result', () => {
    const start = (createGame('4k3/8/8/8/8/8/4P3/4K3 b - - 0 40') as { value: Game }).value;
    const record = {
      ...newRecord({ ...start, moves: ['e8d7', 'e2e4'] }, { White: 'A', Black: 'B' }),
      clocks: [60_000, 59_000],
    };
    const pgn = exportPgn(record);
    expect(pgn).toContain('[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]');
    expect(pgn).toContain('40... Kd7');
    const back = importPgn(pgn);
    if (!back.ok) throw new Error(JSON.stringify(back.error));
    expect(back.value.game).toEqual(record.game);
    expect(back.value.clocks).toEqual(record.clocks);
    expect(back.value.result).toBeNull();
    expect(back.value.tags).toMatchObject({ White: 'A', Black: 'B' });
  });
});

describe('malformed PGN gives a clear error', () => {
  const cases: [string, string, string][] = [
    ['empty', '   ', 'empty'],
    ['illegal move', '[White "A"]\n\n1. e4 e5 2. Qxf7 *', 'illegalMove'],
    ['not a move', '1. e4 banana *', 'unreadableMove'],
    ['unterminated comment', '1. e4 {never closed', 'unterminatedComment'],
    ['bad tag', '[White "A\n\n1. e4 *', 'badTag'],
  ];
  test.each(cases)('%s', (_, text, code) => {
    const r = importPgn(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(describePgnError('en', r.error).length).toBeGreaterThan(10);
  });

  test('the error says where: line and ply of an illegal move', () => {
    const r = importPgn('[Event "x"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bb5 Ke7 4. Qh8 *');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.line).toBe(5);
    expect(r.error.ply).toBe(7);
  });

  test('one bad game in a database rejects the whole file', () => {
    const r = importPgnFile(`${CLASSIC_PGN}\n\n[White "X"]\n\n1. e4 e5 2. Ke3 *\n`);
    expect(r.ok).toBe(false);
  });

  test('a database cannot be imported as a single game', () => {
    const r = importPgn(CLASSIC_PGN);
    expect(r.ok ? null : r.error.code).toBe('multipleGames');
  });
});
