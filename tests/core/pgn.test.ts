// PGN import and export: what a real file contains is tolerated (tags, comments, variations,
// NAGs, clocks, a start position), what comes out is standard PGN, and export then import gives
// back the same game, tags and clocks. Broken input is an error value naming what is wrong.
import { describe, expect, test } from 'vitest';
import {
  exportPgn,
  formatClock,
  importPgn,
  importPgnDatabase,
  moveHistory,
  parseClockComment,
  PGN_ERROR_CODES,
  START_FEN,
  type Game,
  type PgnGame,
} from '../../src/core/index.ts';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';
import { describePgnError } from '../../src/speech/pgnErrors.ts';

// Imported once: replaying 20 games costs seconds on a busy machine, and later imports hit the
// position cache.
const DB = importPgnDatabase(CLASSIC_PGN);
function classicGames(): PgnGame[] {
  if (!DB.ok) throw new Error(JSON.stringify(DB.error));
  return DB.value;
}

const RICH = `% exported by a tool; this escape line is ignored
[Event "Blind Olympiad"]
[Site "Skopje"]
[Date "1972.10.01"]
[Round "3"]
[White "A \\"Quoted\\" Player"]
[Black "B"]
[Result "1-0"]
[Annotator "Someone"]

1. e4 {[%clk 1:59:58] the king's pawn} e5 {[%clk 1:59:50]} 2.Nf3 $1 Nc6 ; a line comment
3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3) 3... a6 !? 4. Ba4 {[%clk 1:58:00.5]}
Nf6 5. O-O Be7 1-0
`;

describe('importPgn', () => {
  test('reads tags, comments, NAGs, nested variations and move numbers in every spelling', () => {
    const r = importPgn(RICH);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const g = r.value;
    expect(g.tags.Event).toBe('Blind Olympiad');
    expect(g.tags.White).toBe('A "Quoted" Player');
    expect(g.tags.Annotator).toBe('Someone');
    expect(g.result).toBe('1-0');
    expect(moveHistory(g.game).map((m) => m.san)).toEqual([
      'e4',
      'e5',
      'Nf3',
      'Nc6',
      'Bb5',
      'a6',
      'Ba4',
      'Nf6',
      'O-O',
      'Be7',
    ]);
    expect(g.clocks).toEqual([7_198_000, 7_190_000, null, null, null, null, 7_080_500, null, null, null]);
    expect(g.comments[0]).toBe("the king's pawn");
    expect(g.comments[1]).toBeNull();
    expect(g.comments[3]).toBe('a line comment');
    expect(g.game.startFen).toBe(START_FEN);
  });

  test('a FEN tag sets the start position, and Black may move first ("1...")', () => {
    const text = `[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4p3/4K3 b - - 0 40"]
[Result "0-1"]

40... Kd7 41. Kd2 e1=Q+ 42. Kxe1 0-1`;
    const r = importPgn(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.game.startFen).toBe('4k3/8/8/8/8/8/4p3/4K3 b - - 0 40');
    expect(r.value.game.moves).toEqual(['e8d7', 'e1d2', 'e2e1q', 'd2e1']);
    expect(r.value.result).toBe('0-1');
  });

  test('moves in any notation parseMove reads are accepted (FIDE 1980 d8Q, ++, long form, 0-0)', () => {
    const r = importPgn('1 e2-e4 e7-e5 2 Ng1-f3 Nb8-c6 3 Bf5 1-0'.replace('Bf5', 'Bb5'));
    expect(r.ok && r.value.game.moves).toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5']);
    const promo = importPgn('[FEN "8/3P3k/8/8/8/8/8/K7 w - - 0 1"]\n\n1. d8Q Kg6 *');
    expect(promo.ok && promo.value.game.moves).toEqual(['d7d8q', 'h7g6']);
    const castle = importPgn('[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. 0-0 Kd7 *');
    expect(castle.ok && castle.value.game.moves).toEqual(['e1g1', 'e8d7']);
  });

  test('a bare move list with no tags and no result is read as an unfinished game', () => {
    const r = importPgn('1. f3 e5 2. g4 Qh4#');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.result).toBe('*');
      expect(r.value.game.moves).toHaveLength(4);
    }
  });

  test('clock comments with and without decimals', () => {
    expect(parseClockComment('[%clk 0:00:07]')).toBe(7000);
    expect(parseClockComment('note [%clk 1:02:03.25] more')).toBe(3_723_250);
    expect(parseClockComment('no clock')).toBeNull();
    expect(formatClock(3_723_250)).toBe('1:02:03.25');
    expect(formatClock(7000)).toBe('0:00:07');
    expect(formatClock(0)).toBe('0:00:00');
  });

  test('the clock face: whole seconds rounded up, hours only when there are any, 0:00 once fallen', () => {
    expect(formatClock(65_001, 'display')).toBe('1:06');
    expect(formatClock(3_723_000, 'display')).toBe('1:02:03');
    expect(formatClock(-500, 'display')).toBe('0:00');
  });
});

describe('annotations and game boundaries', () => {
  test('move suffixes become NAGs (!, ?, !!, ??, !?, ?!), attached or apart, and "1. ... e5" is read', () => {
    const r = importPgn('1. e4! ... e5? 2. Nf3!! Nc6?? 3. Bb5 !? a6 ?! $10 *');
    expect(r.ok && r.value.nags).toEqual([[1], [2], [3], [4], [5], [6, 10]]);
  });

  test('a comment word starting with % never starts an exported line (it would be an escape line)', () => {
    const game: Game = { startFen: START_FEN, moves: ['e2e4'] };
    const comment = `${'word '.repeat(14)}%done and more`;
    const text = exportPgn(game, { comments: [comment] });
    expect(text.split('\n').some((l) => l.startsWith('%'))).toBe(false);
    const back = importPgn(text);
    expect(back.ok && back.value.comments[0]).toBe(comment);
  });

  test("a comment between games is the next game's comment before move 1, not a game of its own", () => {
    const r = importPgnDatabase('1. e4 e5 1-0\n\n{Second game:}\n[White "B"]\n\n1. d4 d5 0-1\n');
    expect(r.ok && r.value.map((g) => [g.startComment, g.game.moves.length])).toEqual([
      [null, 2],
      ['Second game:', 2],
    ]);
  });
});

describe('exportPgn', () => {
  const promotionGame: Game = {
    startFen: '6k1/3P4/8/6K1/8/8/8/8 w - - 0 1',
    moves: ['g5g6', 'g8h8', 'd7d8q'],
  };

  test('Seven Tag Roster first in its order, defaults, extra tags after, SetUp/FEN for a set position', () => {
    const text = exportPgn(promotionGame, { tags: { Annotator: 'Me', White: 'Ann', Site: 'Bled' } });
    const tagLines = text.split('\n\n')[0]?.split('\n') ?? [];
    expect(tagLines).toEqual([
      '[Event "?"]',
      '[Site "Bled"]',
      '[Date "????.??.??"]',
      '[Round "?"]',
      '[White "Ann"]',
      '[Black "?"]',
      '[Result "1-0"]',
      '[SetUp "1"]',
      '[FEN "6k1/3P4/8/6K1/8/8/8/8 w - - 0 1"]',
      '[Annotator "Me"]',
    ]);
  });

  test('PGN SAN movetext (d8=Q, # for mate) and the result token at the end', () => {
    const text = exportPgn(promotionGame);
    const movetext = text.split('\n\n')[1]?.trim();
    expect(movetext).toBe('1. Kg6 Kh8 2. d8=Q# 1-0');
  });

  test('clock comments, and a move number again for Black after a comment', () => {
    const game: Game = { startFen: START_FEN, moves: ['e2e4', 'e7e5', 'g1f3'] };
    const text = exportPgn(game, { clocks: [7_198_000, null, 5_000], result: '*' });
    expect(text.split('\n\n')[1]?.trim()).toBe('1. e4 {[%clk 1:59:58]} 1... e5 2. Nf3 {[%clk 0:00:05]} *');
  });

  test('a game starting with Black to move numbers its first move "n..."', () => {
    const game: Game = { startFen: '4k3/8/8/8/8/8/4p3/4K3 b - - 0 40', moves: ['e8d7', 'e1d2'] };
    expect(exportPgn(game).split('\n\n')[1]?.trim()).toBe('40... Kd7 41. Kd2 *');
  });

  test('movetext lines are at most 80 characters and a number stays with its move', () => {
    for (const g of classicGames()) {
      const clocks = g.game.moves.map((_, i) => 5_400_000 - i * 29_500);
      const text = exportPgn(g.game, { tags: g.tags, result: g.result, clocks });
      for (const line of text.split('\n')) {
        expect(line.length).toBeLessThanOrEqual(80);
        expect(line).not.toMatch(/\d\.$/);
      }
    }
  });

  test('export then import gives back the same game, tags, result, clocks and comments', () => {
    for (const [i, g] of classicGames().entries()) {
      const clocks = g.game.moves.map((_, ply) => (ply % 7 === 3 ? null : 3_600_000 - ply * 12_345));
      const comments = g.game.moves.map((_, ply) => (ply === 2 ? 'a {braced} remark' : null));
      const text = exportPgn(g.game, { tags: g.tags, result: g.result, clocks, comments });
      const back = importPgn(text);
      expect(back.ok, `game ${i + 1}`).toBe(true);
      if (!back.ok) continue;
      expect(back.value.game).toEqual(g.game);
      expect(back.value.tags).toEqual(g.tags);
      expect(back.value.result).toBe(g.result);
      expect(back.value.clocks).toEqual(clocks);
      expect(back.value.comments[2]).toBe('a braced remark');
    }
    const set = exportPgn(promotionGame, { clocks: promotionGame.moves.map(() => 1500) });
    const again = importPgn(set);
    expect(again.ok && again.value.game).toEqual(promotionGame);
    expect(again.ok && again.value.clocks).toEqual(promotionGame.moves.map(() => 1500));
  });

  test('tag values with quotes, backslashes and line breaks survive export and import', () => {
    const tags = { White: 'Ann "the Blind" Lee', Black: 'C:\\games\\bob', Annotator: 'two\nlines' };
    const back = importPgn(exportPgn({ startFen: START_FEN, moves: ['e2e4'] }, { tags }));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.tags.White).toBe('Ann "the Blind" Lee');
    expect(back.value.tags.Black).toBe('C:\\games\\bob');
    expect(back.value.tags.Annotator).toBe('two lines');
  });

  test('the whole database survives export and import as a database', () => {
    const games = classicGames();
    const text = games.map((g) => exportPgn(g.game, { tags: g.tags, result: g.result })).join('\n');
    const back = importPgnDatabase(text);
    expect(back.ok && back.value.map((g) => g.game)).toEqual(games.map((g) => g.game));
  });
});

describe('broken PGN: an error value with a code, never an exception', () => {
  test('an illegal move names the ply and the move', () => {
    const r = importPgn('[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke6 *');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('illegalMove');
    expect(r.error.ply).toBe(6);
    expect(r.error.move).toBe('Ke6');
    expect(r.error.moveError?.code).toBe('illegal');
    expect(describePgnError('en', r.error)).toContain('ply 6');
    expect(describePgnError('en', r.error)).toContain('3... Ke6');
    expect(r.error.line).toBe(4);
  });

  test('in a database the error also names the game', () => {
    const text = `${CLASSIC_PGN}\n[Event "bad"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf8# 1-0\n`;
    const r = importPgnDatabase(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.gameNumber).toBe(21);
      expect(r.error.ply).toBe(7);
      expect(describePgnError('en', r.error)).toContain('Game 21');
    }
  });

  test.each([
    ['empty text', '', 'empty'],
    ['only whitespace', '  \n\t ', 'empty'],
    ['truncated: the result never comes', '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3', 'truncated'],
    ['truncated inside a move', '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. N', 'unreadableMove'],
    ['truncated inside a tag', '[Event "x"]\n[Site "Lon', 'badTag'],
    ['truncated inside a comment', '1. e4 {a comment that never ends', 'unterminatedComment'],
    ['truncated inside a variation', '1. e4 (1. d4 d5 *', 'unterminatedVariation'],
    ['a variation closed that was never opened', '1. e4 ) e5 *', 'unexpectedToken'],
    ['a bad FEN tag', '[FEN "8/8/8 w - -"]\n\n1. e4 *', 'invalidFen'],
    ['a move that is no move', '1. e4 hello *', 'unreadableMove'],
    ['an ambiguous move', '[FEN "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1"]\n\n1. Nf3 *', 'illegalMove'],
    ['a lone dollar', '1. e4 $ e5 *', 'unexpectedToken'],
    ['two games given to importPgn', '1. e4 e5 *\n\n1. d4 d5 *', 'multipleGames'],
  ])('%s', (_name, text, code) => {
    const r = importPgn(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(describePgnError('en', r.error).length).toBeGreaterThan(10);
    }
  });

  test('10 kB of noise, many times over, is refused without an exception', () => {
    let seed = 7;
    const next = (): number => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 4_294_967_296;
    };
    const alphabets = [
      ' \n[]{}()";$%.!?*-/0123456789abcdefghKQRBNOxe',
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 \n',
      String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i)),
    ];
    for (let round = 0; round < 30; round++) {
      const alphabet = alphabets[round % alphabets.length] as string;
      let text = '';
      for (let i = 0; i < 10_240; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      const single = importPgn(text);
      const db = importPgnDatabase(text);
      expect(single.ok).toBe(false);
      expect(db.ok).toBe(false);
      if (!single.ok) expect(PGN_ERROR_CODES).toContain(single.error.code);
    }
  });
});
