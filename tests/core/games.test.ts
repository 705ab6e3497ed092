// Real games as regression data: the 20 classic games replay through the PGN importer, and every
// move of every game round-trips through every notation and both SAN styles; the 000 sample game
// of spec 2.16.5 replays in its short and its long algebraic form.
import { describe, expect, test } from 'vitest';
import {
  currentFen,
  FIDE1980_SAN,
  FIGURINE_PIECE_LETTERS,
  formatMove,
  GERMAN_PIECE_LETTERS,
  importPgn,
  importPgnDatabase,
  mateOrStalemate,
  moveHistory,
  NOTATIONS,
  parseMove,
  PGN_SAN,
  START_FEN,
  type SanStyle,
} from '../../src/core/index.ts';
import { CLASSIC_PGN } from '../helpers/classicGames.ts';

const STYLES: readonly (readonly [string, SanStyle])[] = [
  ['FIDE 1980', FIDE1980_SAN],
  ['PGN', PGN_SAN],
];

describe('classic-games.pgn', () => {
  const imported = importPgnDatabase(CLASSIC_PGN);

  test('all 20 games import, with their tags and results', () => {
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value).toHaveLength(20);
    const first = imported.value[0];
    expect(first?.tags.White).toBe('McDonnell');
    expect(first?.tags.Black).toBe('La Bourdonnais');
    expect(first?.result).toBe('1-0');
    // 18. Bf4# ends the first game: the replayed position must be checkmate.
    if (first) expect(mateOrStalemate(currentFen(first.game))).toEqual({ winner: 'w', reason: 'checkmate' });
    for (const g of imported.value) {
      expect(g.game.moves.length).toBeGreaterThan(0);
      expect(g.result).toBe(g.tags.Result);
    }
  });

  test('the SAN written in the file is the SAN the importer derives for each move', () => {
    if (!imported.ok) throw new Error(JSON.stringify(imported.error));
    const fileSans = CLASSIC_PGN.split(/\n\s*\n/)
      .filter((block) => block.trim() !== '' && !block.trim().startsWith('['))
      .map((movetext) =>
        movetext
          .replace(/\d+\.(\.\.)?/g, ' ')
          .split(/\s+/)
          .filter((t) => t !== '' && !['1-0', '0-1', '1/2-1/2', '*'].includes(t)),
      );
    expect(fileSans).toHaveLength(20);
    imported.value.forEach((g, i) => {
      expect(moveHistory(g.game).map((m) => m.san)).toEqual(fileSans[i]);
    });
  });

  test('every move round-trips through every notation and both SAN styles', { timeout: 120_000 }, () => {
    if (!imported.ok) throw new Error(JSON.stringify(imported.error));
    let checked = 0;
    for (const g of imported.value) {
      for (const move of moveHistory(g.game)) {
        for (const notation of NOTATIONS) {
          for (const [styleName, style] of STYLES) {
            const text = formatMove(move.fenBefore, move.uci, notation, style);
            // The Uedemann table has no promotion form (checklist 82).
            const noForm = notation === 'uedemann' && move.promotion !== undefined;
            expect(text.ok, `${move.uci} ${notation}`).toBe(!noForm);
            if (!text.ok) continue;
            const back = parseMove(move.fenBefore, text.value, notation);
            expect(back, `${notation} ${styleName} “${text.value}”`).toEqual({
              ok: true,
              value: { uci: move.uci, san: move.san },
            });
            const auto = parseMove(move.fenBefore, text.value, 'auto');
            expect(auto.ok && auto.value.uci, `auto “${text.value}”`).toBe(move.uci);
            checked++;
          }
        }
        // National initials and figurines (Supp. No. 1 rule 2) round-trip too.
        for (const letters of [GERMAN_PIECE_LETTERS, FIGURINE_PIECE_LETTERS]) {
          const style = { ...FIDE1980_SAN, pieceLetters: letters };
          for (const notation of ['san', 'long'] as const) {
            const text = formatMove(move.fenBefore, move.uci, notation, style);
            const back = text.ok
              ? parseMove(move.fenBefore, text.value, notation, { pieceLetters: letters })
              : text;
            expect(back.ok && back.value.uci, text.ok ? text.value : '').toBe(move.uci);
          }
        }
        expect(formatMove(move.fenBefore, move.uci, 'san', PGN_SAN)).toEqual({ ok: true, value: move.san });
      }
    }
    expect(checked).toBeGreaterThan(1000 * NOTATIONS.length * STYLES.length);
  });
});

describe('the 000 sample game (spec 2.16.5, OCR corrected)', () => {
  const SHORT =
    '1 d4 Nf6 2 c4 e6 3 Nc3 Bb4 4 Bd2 O-O 5 e4 d5 6 exd5 exd5 7 cxd5 Bxc3 8 Bxc3 Nxd5 9 Nf3 b6 ' +
    '10 Qb3 Nxc3 11 bxc3 c5 12 Be2 cxd4 13 Nxd4 Re8 14 O—O Nd7 15 a4 Nc5 16 Qb4 Bb7 17 a5 bxa5';
  const LONG =
    '1 d2-d4 Ng8-f6 2 c2-c4 e7-e6 3 Nb1-c3 Bf8-b4 4 Bc1-d2 O-O 5 e2-e4 d7-d5 6 e4xd5 e6xd5 ' +
    '7 c4xd5 Bb4xc3 8 Bd2xc3 Nf6xd5 9 Ng1-f3 b7-b6 10 Qd1-b3 Nd5xc3 11 b2xc3 c7-c5 12 Bf1-e2 c5xd4 ' +
    '13 Nf3xd4 Rf8-e8 14 O-O Nb8-d7 15 a2-a4 Nd7-c5 16 Qb3-b4 Bc8-b7 17 a4-a5 b6xa5';
  const tokens = (text: string): string[] => text.split(' ').filter((t) => !/^\d+$/.test(t));

  test('the short form replays move by move in short algebraic', () => {
    let fen = START_FEN;
    for (const san of tokens(SHORT)) {
      const r = parseMove(fen, san, 'san');
      expect(r.ok, san).toBe(true);
      if (!r.ok) return;
      const next = formatMove(fen, r.value.uci, 'long');
      expect(next.ok).toBe(true);
      fen = currentFen({ startFen: fen, moves: [r.value.uci] });
    }
    expect(tokens(SHORT)).toHaveLength(34);
  });

  test('the long form replays to the same game, and writing the short form long gives the long form', () => {
    const short = importPgn(SHORT);
    const long = importPgn(LONG);
    expect(short.ok && long.ok).toBe(true);
    if (!short.ok || !long.ok) return;
    expect(long.value.game.moves).toEqual(short.value.game.moves);
    expect(short.value.game.moves).toHaveLength(34);
    const written = moveHistory(short.value.game).map((m) => formatMove(m.fenBefore, m.uci, 'long'));
    expect(written.map((w) => (w.ok ? w.value : w.error.code))).toEqual(tokens(LONG));
    const sans = moveHistory(short.value.game).map((m) => formatMove(m.fenBefore, m.uci, 'san'));
    expect(sans.map((w) => (w.ok ? w.value : w.error.code))).toEqual(tokens(SHORT.replace('O—O', 'O-O')));
  });

  test('the long form read move by move with the long reader', () => {
    let fen = START_FEN;
    for (const text of tokens(LONG)) {
      const r = parseMove(fen, text, 'long');
      expect(r.ok, text).toBe(true);
      if (!r.ok) return;
      fen = currentFen({ startFen: fen, moves: [r.value.uci] });
    }
  });
});
