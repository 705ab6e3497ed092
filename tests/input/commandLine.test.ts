/** The typed command line: every notation of the core, phonetic words, commands, errors read aloud (NT-04). */
import { describe, expect, it } from 'vitest';
import { formatMoveInfo, legalMoves } from '../../src/core/index.ts';
import { parseCommandLine } from '../../src/input/commandLine.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PROMOTION = '8/4P1k1/8/8/8/8/6K1/8 w - - 0 1';
const CASTLES = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';

const moveOf = (fen: string, text: string) => {
  const r = parseCommandLine(fen, text);
  return r.ok && r.value.kind === 'move' ? r.value.uci : r;
};

describe('NT-04: moves in every notation', () => {
  it.each([
    ['e4', 'e2e4'],
    ['Nf3', 'g1f3'],
    ['Ng1-f3', 'g1f3'],
    ['g1f3', 'g1f3'],
    ['7163', 'g1f3'],
    ['5254', 'e2e4'],
    ['Knight Gustav one Felix three', 'g1f3'],
    ['Springer Gustav eins Felix drei', 'g1f3'],
    ['Evan four', 'e2e4'],
    // Typing is not misheard: rhyming letters that a spoken "e four" is asked about are played.
    ['e four', 'e2e4'],
    ['knight g one f three', 'g1f3'],
  ])('"%s"', (text, uci) => {
    expect(moveOf(START, text)).toBe(uci);
  });

  it.each([
    ['O-O', 'e1g1'],
    ['0-0-0', 'e1c1'],
    ['Kurze Rochade', 'e1g1'],
    ['Lange Rochade', 'e1c1'],
  ])('castling "%s"', (text, uci) => {
    expect(moveOf(CASTLES, text)).toBe(uci);
  });

  it('reads every legal move of the start position in every notation the core writes', () => {
    for (const m of legalMoves(START)) {
      for (const notation of ['san', 'long', 'uci', 'correspondence', 'uedemann'] as const) {
        expect(moveOf(START, formatMoveInfo(m, notation))).toBe(m.uci);
      }
    }
  });

  it('promotion by name, symbol and the correspondence digit', () => {
    expect(moveOf(PROMOTION, 'e8=Q')).toBe('e7e8q');
    expect(moveOf(PROMOTION, 'e7e8n')).toBe('e7e8n');
    expect(moveOf(PROMOTION, 'Evan eight promotes to rook')).toBe('e7e8r');
  });
});

describe('commands typed', () => {
  it.each([
    ['c', 'clock', undefined],
    ['l', 'lastMove', undefined],
    ['p N', 'whereIs', { piece: 'n' }],
    ['p b q', 'whereIs', { color: 'b', piece: 'q' }],
    ['s 4', 'readRank', { rank: '4' }],
    ['s e', 'readFile', { file: 'e' }],
    ['lift g1', 'lift', { square: 'g1' }],
    ['resign', 'resign', undefined],
    ['draw', 'offerDraw', undefined],
    ['where is the white knight', 'whereIs', { color: 'w', piece: 'n' }],
    ['place Felix three', 'place', { square: 'f3' }],
  ])('"%s" → %s', (text, command, args) => {
    const r = parseCommandLine(START, text);
    expect(r).toEqual({
      ok: true,
      value: args ? { kind: 'command', command, args } : { kind: 'command', command },
    });
  });
});

describe('errors are values with a sentence to read aloud', () => {
  it('an illegal move is rejected, naming it', () => {
    const r = parseCommandLine(START, 'e5');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('illegal');
      expect(r.error.message).toContain('e5');
    }
  });

  it('a promotion without a piece lists the four candidates and plays none', () => {
    const r = parseCommandLine(PROMOTION, 'e8');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.candidates?.map((c) => c.uci).sort()).toEqual(['e7e8b', 'e7e8n', 'e7e8q', 'e7e8r']);
  });

  it('nonsense and empty lines are rejected, in German too', () => {
    expect(parseCommandLine(START, 'xyzzy')).toMatchObject({ ok: false, error: { code: 'unknown' } });
    expect(parseCommandLine(START, '   ')).toMatchObject({ ok: false, error: { code: 'empty' } });
    const de = parseCommandLine(START, 'xyzzy', { locale: 'de' });
    expect(!de.ok && de.error.message).toContain('kenne ich nicht');
    expect(parseCommandLine('nonsense', 'e4')).toMatchObject({
      ok: false,
      error: { code: 'invalidPosition' },
    });
  });
});
