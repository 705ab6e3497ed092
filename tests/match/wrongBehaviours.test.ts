// The seven wrong behaviours of issue 12, each reproduced through the public API (intents), per
// edition where the editions differ. Each failed before the fix.
import { describe, expect, it } from 'vitest';
import { MatchDriver } from '../../src/match/index.ts';

const SHUFFLE_START = ['g1f3', 'g8f6', 'f3g1'];

describe('1. a failed repetition claim binds the declared move, not only its piece (001 Art 10.13(b))', () => {
  it('after the arbiter rejects the claim with f6g8, f6h5 is refused and f6g8 is played', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted', 'arbiter'] });
    for (const uci of SHUFFLE_START) d.play(uci);
    d.as('sighted').claim('repetition', 'f6g8');
    d.as('arbiter').decideClaim(false);
    d.as('sighted').move('f6h5');
    expect(d.refusal?.code).toBe('declaredMove');
    expect(d.state.boards.sighted.game.moves).toEqual(SHUFFLE_START);
    d.as('sighted').move('f6g8').as('sighted').pressClock();
    expect(d.state.plies.at(-1)?.uci).toBe('f6g8');
    // Owed once: the next move is free again.
    expect(d.state.declaredMove).toBeNull();
  });
});

describe('2. rule 8 back to the resumption uses the times logged there (Art 14.7 / 12.6)', () => {
  it('the clock returns to the reading at the resumption, not to the proportional formula', () => {
    const d = MatchDriver.started({
      relay: 'manual',
      requireRepetition: true,
      moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'],
      roles: ['blind', 'sighted', 'arbiter'],
    });
    d.tick(600_000).play('f1b5');
    d.as('sighted').repeat('f1c4');
    d.as('sighted').execute('f1c4');
    expect(d.state.discrepancy).toMatchObject({ rule: 8, clockSource: 'log' });
    d.as('arbiter').confirmCorrection();
    expect(d.state.clock.sides.w.usedMs).toBe(0);
    expect(d.state.clock.sides.b.usedMs).toBe(0);
  });
});

describe('3. an upheld touch report takes back the move made instead (Art 7.2 / 7.4, S85 r.9(e))', () => {
  it('the sighted player touched g8 and played b8c6: b8c6 is taken back and the knight on g8 must move', () => {
    const d = MatchDriver.started({
      roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
      relay: 'automatic',
    });
    d.play('e2e4');
    d.as('sighted').move('b8c6').as('sighted').pressClock();
    expect(d.state.plies.at(-1)?.uci).toBe('b8c6');
    d.as('blindAssistant').reportTouch('g8');
    d.as('arbiter').decideClaim(true);
    expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4']);
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4']);
    expect(d.state.boards.sighted.game.moves).toEqual(['e2e4']);
    expect(d.state.clock.running).toBe('b');
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('touchObligation');
    d.as('sighted').move('g8f6');
    expect(d.refusal).toBeUndefined();
  });
});

// White: king e1, bishop c1; Black: king e8, pawn a3. Bishop takes a3 leaves K+B v K.
const BISHOP_TAKES_LAST_PAWN = '4k3/8/8/8/8/p7/8/2B1K3 w - - 0 1';

describe('4. no draw by insufficient material in E72, E77 and E80 (Interp 12.4 (1958A))', () => {
  for (const profileId of ['fide1972', 'fide1977', 'fide1980'] as const)
    it(`${profileId}: K+B v K plays on and a claim of insufficient material is refused`, () => {
      const d = MatchDriver.started({ profileId, startFen: BISHOP_TAKES_LAST_PAWN });
      d.play('c1a3');
      expect(d.state.phase).toBe('playing');
      d.as('sighted').claim('insufficientMaterial');
      expect(d.refusal?.code).toBe('claimNotAllowed');
      expect(d.state.result).toBeNull();
    });

  it('fide1993: the same capture ends the game as a draw', () => {
    const d = MatchDriver.started({ startFen: BISHOP_TAKES_LAST_PAWN });
    d.play('c1a3');
    expect(d.state.result).toEqual({ winner: null, reason: 'insufficientMaterial' });
  });
});

describe('5. E77/E80: touching another own piece does not cancel a touched enemy piece’s capture (Art 8.2)', () => {
  for (const profileId of ['fide1977', 'fide1980', 'fide1993-ibca1985'] as const)
    it(`${profileId}: Black touches the pawn on e4, then plays the knight: refused, d5xe4 stands`, () => {
      const d = MatchDriver.started({ profileId });
      d.play('e2e4');
      d.play('d7d5');
      d.play('b1c3');
      d.as('sighted').touch('e4');
      d.as('sighted').move('g8f6');
      expect(d.refusal?.code).toBe('touchObligation');
      d.as('sighted').move('d5e4');
      expect(d.refusal).toBeUndefined();
    });
});

describe('6. E88/E93: a move leaving insufficient material ends the game before the clock press (Art 6.5, 10.4)', () => {
  for (const profileId of ['fide1988-ibca1985', 'fide1993-ibca1985'] as const)
    it(`${profileId}: the draw stands at the placement; a flag falling afterwards changes nothing`, () => {
      const d = MatchDriver.started({
        profileId,
        startFen: BISHOP_TAKES_LAST_PAWN,
        roles: ['blind', 'sighted', 'arbiter'],
      });
      d.as('blind').lift('c1');
      d.as('blind').place('a3');
      d.as('blind').announce();
      expect(d.state.result).toEqual({ winner: null, reason: 'insufficientMaterial' });
      expect(d.state.clock.running).toBeNull();
      d.tick(10 * 3_600_000);
      expect(d.state.result).toEqual({ winner: null, reason: 'insufficientMaterial' });
    });

  it('fide1980: the placement does not end the game', () => {
    const d = MatchDriver.started({ profileId: 'fide1980', startFen: BISHOP_TAKES_LAST_PAWN });
    d.as('blind').lift('c1');
    d.as('blind').place('a3');
    d.as('blind').announce();
    expect(d.state.phase).toBe('playing');
  });
});

describe('7. E72–E80: a rook lifted and put back before castling earns the warning (Interp 6.1 (1971))', () => {
  const CASTLE = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
  for (const profileId of ['fide1972', 'fide1977', 'fide1980'] as const)
    it(`${profileId}: castling stands with a warning`, () => {
      const d = MatchDriver.started({ profileId, startFen: CASTLE });
      d.as('blind').lift('h1');
      d.as('blind').place('h1');
      d.as('blind').lift('e1');
      d.as('blind').place('g1');
      expect(d.refusal).toBeUndefined();
      expect(d.all('warning').map((w) => w.code)).toEqual(['rookTouchedFirst']);
    });

  it('fide1993: castling with the rook touched first is refused (Art 5.1(c))', () => {
    const d = MatchDriver.started({ startFen: CASTLE });
    d.as('blind').lift('h1');
    d.as('blind').place('h1');
    d.as('blind').lift('e1');
    d.as('blind').place('g1');
    expect(d.refusal?.code).toBe('touchObligation');
  });
});
