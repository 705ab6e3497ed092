// The archive over the Storage port: saving as played, listing, reopening, importing (every good
// game kept, each bad one named) and the list's discretion about games in progress (checklist 83).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createArchive, downloadName, makeGameId } from '../../src/session/archive.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { createGame, playMoves, type Game } from '../../src/core/index.ts';
import { makeResult, newRecord } from '../../src/record/index.ts';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';
import { describePgnError } from '../../src/speech/pgnErrors.ts';

const start = (createGame() as { value: Game }).value;

function counter() {
  let n = 0;
  return () => `id${++n}`;
}

describe('saving a game as it is played', () => {
  test('each save replaces the stored game; the game reopens with its moves, clocks and result', () => {
    const store = memoryStore();
    const archive = createArchive(store);
    let game = start;
    const clocks: number[] = [];
    for (const [i, uci] of ['e2e4', 'e7e5', 'g1f3'].entries()) {
      const next = playMoves(game, [uci]);
      if (!next.ok) throw new Error();
      game = next.value;
      clocks.push(600_000 - i * 1000);
      archive.save(
        'live',
        { ...newRecord(game, { White: 'Anna', Black: 'Bert' }), clocks },
        { source: 'local', now: 100 + i },
      );
    }
    expect(archive.list()).toHaveLength(1);
    const reopened = archive.get('live');
    expect(reopened?.game.moves).toEqual(['e2e4', 'e7e5', 'g1f3']);
    expect(reopened?.clocks).toEqual([600_000, 599_000, 598_000]);
    // A second archive over the same store (a reload) sees the same.
    expect(createArchive(store).get('live')?.game.moves).toHaveLength(3);
  });

  test('checklist 83: a game in progress is listed without its move count; a finished one with it', () => {
    const archive = createArchive(memoryStore());
    const played = playMoves(start, ['e2e4', 'e7e5', 'g1f3']);
    if (!played.ok) throw new Error();
    archive.save('a', newRecord(played.value, { White: 'A', Black: 'B' }), { source: 'paired', now: 1 });
    expect(archive.list()[0]).toMatchObject({ inProgress: true, moves: null, result: '*' });
    archive.save(
      'a',
      { ...newRecord(played.value, { White: 'A', Black: 'B' }), result: makeResult('resignation', 'b') },
      { source: 'paired', now: 2 },
    );
    expect(archive.list()[0]).toMatchObject({ inProgress: false, moves: 2, result: '1-0' });
  });

  test('the list is newest first, and a removed game is gone', () => {
    const archive = createArchive(memoryStore());
    archive.save('old', newRecord(start, { White: 'Old' }), { source: 'local', now: 1 });
    archive.save('new', newRecord(start, { White: 'New' }), { source: 'local', now: 5 });
    expect(archive.list().map((e) => e.white)).toEqual(['New', 'Old']);
    archive.remove('old');
    expect(archive.list().map((e) => e.id)).toEqual(['new']);
    expect(archive.get('old')).toBeNull();
  });

  test('a damaged index does not stop the archive', () => {
    const store = memoryStore({ 'twinboard.archive.index': '{not json' });
    const archive = createArchive(store);
    expect(archive.list()).toEqual([]);
    archive.save('x', newRecord(start), { source: 'local', now: 1 });
    expect(archive.list()).toHaveLength(1);
  });
});

describe('importing PGN files', () => {
  test('all 20 classic games are imported and listed with players, result and move count', () => {
    const archive = createArchive(memoryStore());
    const r = archive.importFile(CLASSIC_PGN, 1000, counter());
    expect(r.errors).toEqual([]);
    expect(r.added).toHaveLength(20);
    expect(archive.list()).toHaveLength(20);
    const first = archive.list().find((e) => e.id === 'id1');
    expect(first).toMatchObject({ white: 'McDonnell', black: 'La Bourdonnais', result: '1-0', moves: 18 });
    expect(archive.get('id1')?.result).toEqual({ winner: 'w', reason: 'checkmate' });
  });

  test('a bad game is named with its line and reason, and the good games of the file are kept', () => {
    const store = memoryStore();
    const archive = createArchive(store);
    archive.save('keep', newRecord(start, { White: 'Keep' }), { source: 'local', now: 1 });
    const text = `${CLASSIC_PGN}\n[White "Bad"]\n\n1. e4 e5 2. Ke3 *\n`;
    const badLine = text.split('\n').indexOf('1. e4 e5 2. Ke3 *') + 1;
    const r = archive.importFile(text, 2, counter());
    expect(r.added).toHaveLength(20);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ code: 'illegalMove', line: badLine, gameNumber: 21, ply: 3 });
    expect(describePgnError('en', r.errors[0]!)).toBe(
      `Game 21, line ${badLine}: ply 3 (2. Ke3, White): “Ke3”: no king can move to e3.`,
    );
    expect(archive.list()).toHaveLength(21);
    expect(archive.list().map((e) => e.white)).not.toContain('Bad');
    expect(archive.get('keep')?.tags.White).toBe('Keep');
  });

  test('a file with no good game changes nothing', () => {
    const store = memoryStore();
    const archive = createArchive(store);
    archive.save('keep', newRecord(start, { White: 'Keep' }), { source: 'local', now: 1 });
    const before = JSON.stringify(
      ['twinboard.archive.index', 'twinboard.archive.game.keep'].map((k) => store.get(k)),
    );
    const r = archive.importFile('[White "Bad"]\n\n1. e4 e5 2. Ke3 *\n', 2, counter());
    expect(r.added).toEqual([]);
    expect(r.errors.map((e) => e.code)).toEqual(['illegalMove']);
    expect(store.get('twinboard.archive.game.id1')).toBeNull();
    expect(
      JSON.stringify(['twinboard.archive.index', 'twinboard.archive.game.keep'].map((k) => store.get(k))),
    ).toBe(before);
  });

  test('an annotated game keeps its comment before move 1, its comments and NAGs in the archive', () => {
    const archive = createArchive(memoryStore());
    const text = readFileSync(join(process.cwd(), 'tests/fixtures/pgn/annotated.pgn'), 'utf8');
    const r = archive.importFile(text, 1, counter());
    expect(r.errors).toEqual([]);
    const opera = archive.get('id1');
    expect(opera?.startComment).toBe(
      'The Opera Game, played in a box at the Paris opera during The Barber of Seville.',
    );
    expect(opera?.comments[3]).toBe("Philidor's Defence.");
    expect(opera?.nags?.[5]).toEqual([6]);
    expect(archive.pgn('id1')).toContain('3. d4 Bg4 $6 {Better is}');
  });

  test('exported PGN text of a stored game imports again', () => {
    const archive = createArchive(memoryStore());
    archive.importFile(CLASSIC_PGN, 1, counter());
    const again = createArchive(memoryStore()).importFile(archive.pgn('id5') ?? '', 2, counter());
    expect(again.errors).toEqual([]);
    expect(again.added[0]?.white).toBe(archive.list().find((e) => e.id === 'id5')?.white);
  });
});

test('ids and download names', () => {
  expect(makeGameId(1_700_000_000_000, 0.5)).toMatch(/^g[0-9a-z]+$/);
  expect(makeGameId(1, 0.1)).not.toBe(makeGameId(1, 0.2));
  expect(
    downloadName({ white: 'Grünfeld', black: 'La Bourdonnais', date: '1834.??.??', id: 'x' }, 'brf'),
  ).toBe('Grunfeld_La-Bourdonnais_1834.brf');
  expect(downloadName({ white: '', black: '', date: '', id: 'g1' }, 'pgn')).toBe('g1.pgn');
});
