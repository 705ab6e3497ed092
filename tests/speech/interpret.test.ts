/**
 * interpretUtterance: the wordings of the rules (spec NT-04, checklist 25), commands, doubt that
 * asks instead of guessing, and garbage that is rejected quickly with a reason.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/index.ts';
import { decide, interpretUtterance, scoreUtterance } from '../../src/speech/interpret.ts';
import { describeMove, interpretUtterance as fromIndex } from '../../src/speech/index.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const CASTLES = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
const PROMOTION = '8/4P1k1/8/8/8/8/6K1/8 w - - 0 1';
const TWO_KNIGHTS = 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1'; // Nb1 and Nf3 reach d2? no: d4/e5 …
const KNIGHTS_TO_D2 = 'rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1';
const EN_PASSANT = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';

const move = (fen: string, heard: string | readonly string[]) => {
  const r = interpretUtterance(fen, heard);
  return r.kind === 'move' ? r.uci : r;
};

const offeredFirst = (fen: string, heard: string | readonly string[]) => {
  const r = interpretUtterance(fen, heard);
  return r.kind === 'ambiguous' ? r.candidates[0]?.uci : r;
};

describe('NT-04: every accepted wording of a move', () => {
  it.each([
    ['Evan four', 'e2e4'],
    ['Pawn Evan two to Evan four', 'e2e4'],
    ['echo four', 'e2e4'],
    ['Knight Gustav one to Felix three', 'g1f3'],
    ['Knight Gustav one Felix three', 'g1f3'],
    ['knight golf one foxtrot three', 'g1f3'],
    ['Springer Gustav eins nach Felix drei', 'g1f3'],
    ['Springer Felix drei', 'g1f3'],
    ['Ng1-f3', 'g1f3'],
  ])('"%s" in the start position is played', (heard, uci) => {
    expect(move(START, heard)).toBe(uci);
  });

  // Letters rhyme ("b", "d", "e", "g"), and a long form without its piece word is how a dropped
  // word sounds: understood, but offered by name rather than played unasked.
  it.each([
    ['e4', 'e2e4'],
    ['pawn e2 e4', 'e2e4'],
    ['knight f3 check', 'g1f3'],
    ['Gustav one Felix three', 'g1f3'],
  ])('"%s" in the start position is offered first', (heard, uci) => {
    expect(offeredFirst(START, heard)).toBe(uci);
  });

  it.each([
    ['Kurze Rochade', 'e1g1'],
    ['Lange Rochade', 'e1c1'],
    ['castle kingside', 'e1g1'],
    ['castle queenside', 'e1c1'],
    ['king side castle', 'e1g1'],
    ['short castle', 'e1g1'],
    ['castle long', 'e1c1'],
    ['long castling', 'e1c1'],
    ['oh oh', 'e1g1'],
    ['oh oh oh', 'e1c1'],
    ['O-O', 'e1g1'],
    ['0-0-0', 'e1c1'],
  ])('castling: "%s"', (heard, uci) => {
    expect(move(CASTLES, heard)).toBe(uci);
  });

  it.each([
    ['Evan seven Evan eight promotes to Queen', 'e7e8q'],
    ['Evan eight promotes to queen', 'e7e8q'],
    ['e8=N', 'e7e8n'],
    ['Evan eight queen', 'e7e8q'],
    ['Evan acht Dame', 'e7e8q'],
    ['e8 wird Turm', 'e7e8r'],
    ['echo eight knight check', 'e7e8n'],
  ])('promotion: "%s"', (heard, uci) => {
    expect(move(PROMOTION, heard)).toBe(uci);
  });
  it('promotion in letters ("e8 equals queen") is offered first: letters rhyme', () => {
    expect(offeredFirst(PROMOTION, 'e8 equals queen')).toBe('e7e8q');
  });

  it('accepts "takes", "schlägt", "x", "captures" and en passant', () => {
    expect(move(EN_PASSANT, 'Evan takes Felix six')).toBe('e5f6');
    expect(move(EN_PASSANT, 'Evan schlägt Felix sechs en passant')).toBe('e5f6');
    expect(move(EN_PASSANT, 'exf6')).toBe('e5f6');
    expect(move(EN_PASSANT, 'e captures f6 e.p.')).toBe('e5f6');
  });

  it('is exported from src/speech/index.ts', () => {
    expect(fromIndex(START, 'Evan four')).toEqual({ kind: 'move', uci: 'e2e4', san: 'e4' });
  });
});

describe('checklist 25: an ambiguous or illegal utterance executes nothing', () => {
  it('asks which knight when two knights can go to the square said', () => {
    const r = interpretUtterance(KNIGHTS_TO_D2, 'knight David two');
    expect(r.kind).toBe('ambiguous');
    if (r.kind === 'ambiguous')
      expect(
        r.candidates
          .slice(0, 2)
          .map((c) => c.uci)
          .sort(),
      ).toEqual(['b1d2', 'f3d2']);
    expect(move(KNIGHTS_TO_D2, 'knight Bella David two')).toBe('b1d2');
    expect(move(KNIGHTS_TO_D2, 'knight Felix three David two')).toBe('f3d2');
    expect(move(TWO_KNIGHTS, 'knight David four')).toBe('f3d4');
  });

  it('asks for the piece when a promotion is said without one', () => {
    const r = interpretUtterance(PROMOTION, 'Evan eight');
    expect(r.kind).toBe('ambiguous');
    if (r.kind === 'ambiguous')
      expect(r.candidates.map((c) => c.uci).sort()).toEqual(['e7e8b', 'e7e8n', 'e7e8q', 'e7e8r']);
  });

  it.each(['Evan five', 'e5', 'Evan six', 'king Evan two', 'Kurze Rochade', 'Lange Rochade'])(
    'the illegal "%s" in the start position plays no move',
    (heard) => {
      expect(interpretUtterance(START, heard).kind).not.toBe('move');
    },
  );

  it('never plays a move of another piece than the one named first', () => {
    expect(interpretUtterance(START, 'knight takes Evan four').kind).not.toBe('move');
    expect(interpretUtterance(START, 'bishop Evan four').kind).not.toBe('move');
  });
});

describe('n-best alternatives', () => {
  it('takes the first alternative that clearly names a move', () => {
    expect(move(START, ['the night', 'knight Gustav one Felix three'])).toBe('g1f3');
  });
  it('asks, the earlier alternative first, when clear alternatives disagree', () => {
    expect(offeredFirst(START, ['Evan four', 'David four'])).toBe('e2e4');
  });
});

describe('commands', () => {
  it.each([
    ['where is the white knight', 'whereIs', { color: 'w', piece: 'n' }],
    ['where are the knights', 'whereIs', { piece: 'n' }],
    ['wo ist der schwarze Läufer', 'whereIs', { color: 'b', piece: 'b' }],
    ['lift Gustav one', 'lift', { square: 'g1' }],
    ['place Felix three', 'place', { square: 'f3' }],
    ['remove David five', 'remove', { square: 'd5' }],
    ['read rank four', 'readRank', { rank: '4' }],
    ['read file Evan', 'readFile', { file: 'e' }],
    ['read diagonal Cesar one', 'readDiagonal', { square: 'c1' }],
    ['read square Evan four', 'readSquare', { square: 'e4' }],
    ['two', 'number', { value: '2' }],
  ])('"%s" → %s %o', (heard, command, args) => {
    expect(interpretUtterance(START, heard)).toEqual({ kind: 'command', command, args });
  });

  it.each([
    ["j'adoube", 'adjust'],
    ['correct announcement', 'correctAnnouncement'],
    ['press the clock', 'pressClock'],
    ['offer draw', 'offerDraw'],
    ['Remis anbieten', 'offerDraw'],
    ['accept draw', 'acceptDraw'],
    ['decline draw', 'declineDraw'],
    ['claim draw by repetition', 'claimRepetition'],
    ['claim fifty moves', 'claimFiftyMoves'],
    ['claim on time', 'claimTime'],
    ['resign', 'resign'],
    ['ich gebe auf', 'resign'],
    ['last move', 'lastMove'],
    ['last capture', 'lastCapture'],
    ['whose move', 'whoseMove'],
    ['clock', 'clock'],
    ['how many moves', 'movesMade'],
    ['time used', 'timeUsed'],
    ['repeat', 'repeat'],
    ['list white pieces', 'listPieces'],
    ['help', 'help'],
    ['yes', 'yes'],
    ['ja', 'yes'],
    ['no', 'no'],
    ['nein', 'no'],
  ])('"%s" → %s', (heard, command) => {
    const r = interpretUtterance(START, heard);
    expect(r.kind === 'command' && r.command).toBe(command);
  });
});

describe('garbage is rejected with a reason, fast', () => {
  const cases: [string, string][] = [
    ['', 'empty'],
    ['   ', 'empty'],
    ['?!', 'empty'],
    ['um uh hmm', 'noMatch'],
    ['bonjour comment allez vous', 'noMatch'],
    ['the weather is nice today', 'noMatch'],
    ['x'.repeat(10_000), 'tooLong'],
    ['knight Gustav one Felix three '.repeat(400), 'tooLong'],
  ];
  it.each(cases)('"%s" → unrecognized', (heard, reason) => {
    const start = performance.now();
    const r = interpretUtterance(START, heard);
    expect(performance.now() - start).toBeLessThan(100);
    expect(r).toEqual({ kind: 'unrecognized', reason });
  });

  it('an empty list of alternatives and a bad position are rejected too', () => {
    expect(interpretUtterance(START, [])).toEqual({ kind: 'unrecognized', reason: 'empty' });
    expect(interpretUtterance('not a fen', 'Evan four')).toEqual({
      kind: 'unrecognized',
      reason: 'invalidPosition',
    });
  });
});

describe('the word-for-word fast path agrees with the full matcher', () => {
  it('gives the same answer as scoring every phrase, for every legal move said in SAN', () => {
    for (const fen of [START, CASTLES, PROMOTION, KNIGHTS_TO_D2, EN_PASSANT]) {
      for (const m of legalMoves(fen)) {
        for (const heard of [m.san, m.uci, `${m.san} check`]) {
          const scores = scoreUtterance(fen, heard);
          const full = typeof scores === 'string' ? { kind: 'unrecognized', reason: scores } : decide(scores);
          expect(interpretUtterance(fen, heard)).toEqual(full);
        }
      }
    }
  });
});

describe("the player's own words (describe lexicon overrides, checklist 27)", () => {
  it('understands moves said with the words the player chose', () => {
    const lexicon = { pieces: { n: 'horse' }, takes: 'eats', to: 'goes to' };
    const fen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
    for (const m of legalMoves(fen)) {
      for (const form of ['long', 'short'] as const) {
        const said = describeMove(fen, m.uci, { form, lexicon });
        // Played, or (a close rival in sound) offered with it first; never another move.
        const r = interpretUtterance(fen, said, { lexicon });
        expect(r.kind === 'move' ? r.uci : r.kind === 'ambiguous' && r.candidates[0]?.uci, said).toBe(m.uci);
      }
    }
    expect(move(START, 'horse Gustav one goes to Felix three')).not.toBe('g1f3');
  });
});
