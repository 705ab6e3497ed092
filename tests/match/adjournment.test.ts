// Reading and judging a sealed move per edition (spec §2.13, §3 row 22; checklist 77). The
// adjournment in play (sealing, custody, resumption) is tested through intents in adjournmentFlow.
import { describe, expect, test } from 'vitest';
import { PROFILES } from '../../src/core/index.ts';
import { judgeSealedMove, readSealedText } from '../../src/match/concerns/adjournment.ts';

const E93 = PROFILES['fide1993-ibca1985'];
const E72 = PROFILES.fide1972;
// White (blind) to move, two knights can reach d2: Nbd2 / Nfd2.
const TWO_KNIGHTS = 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 0 4';
// White to move; Black has a bare king.
const BARE_KING = '7k/8/8/8/8/8/4P3/4K2R w K - 0 40';

describe('checklist 77: an invalid sealed move per edition', () => {
  test('free text is read: short, long, UCI, castling with O or 0; ambiguity and illegality detected', () => {
    expect(readSealedText(TWO_KNIGHTS, 'Nbd2')).toMatchObject({ kind: 'move', move: { uci: 'b1d2' } });
    expect(readSealedText(TWO_KNIGHTS, 'Nd2')).toEqual({ kind: 'ambiguous' });
    expect(readSealedText(TWO_KNIGHTS, 'Bc1-g5')).toMatchObject({ kind: 'move', move: { uci: 'c1g5' } });
    expect(readSealedText(TWO_KNIGHTS, 'Qd8')).toEqual({ kind: 'illegal' });
    expect(readSealedText(TWO_KNIGHTS, 'my knight somewhere')).toEqual({ kind: 'unintelligible' });
    expect(readSealedText('4k3/8/8/8/8/8/8/4K2R w K - 0 1', '0-0')).toMatchObject({
      kind: 'move',
      move: { castle: 'king' },
    });
  });

  test('E93: ambiguous, unintelligible or illegal sealed moves lose', () => {
    for (const text of ['Nd2', 'the horse', 'Qd8']) {
      const v = judgeSealedMove(TWO_KNIGHTS, { kind: 'text', text }, E93);
      expect(v.kind).toBe('loss');
      expect(v.kind === 'loss' && v.loser).toBe('w');
    }
  });

  test('E72: a clear but illegal move goes to the arbiter; an ambiguous one loses', () => {
    expect(judgeSealedMove(TWO_KNIGHTS, { kind: 'text', text: 'Qd8' }, E72).kind).toBe('arbiterDecides');
    expect(judgeSealedMove(TWO_KNIGHTS, { kind: 'text', text: 'Nd2' }, E72).kind).toBe('loss');
  });

  test('against a bare king an invalid sealed move draws under E93 but loses under E72', () => {
    expect(judgeSealedMove(BARE_KING, { kind: 'text', text: 'Qd8' }, E93)).toEqual({
      kind: 'draw',
      reason: 'illegal',
    });
    expect(judgeSealedMove(BARE_KING, { kind: 'text', text: 'xyz' }, E72).kind).toBe('loss');
  });
});
