/**
 * Issue 12, the last three procedures: when each control is offered and when not, headless. With
 * the sealer absent at a resumption and no arbiter, the player who must reply may open the envelope
 * alone and then seal his reply, starting the absent player's clock (000 Art 16.2, 16.4; 003/001
 * Art 14.2, 14.4); in E72 the accuser may name the capture by two touched men (002 Art 20 1(d)2),
 * on the blind player's command line as "touched c6 takes e4". Where a control is offered, the
 * intent it sends is accepted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { adjournmentFor, proceduresFor } from '../../src/controllers/rights.ts';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { MatchDriver, type MatchOptions } from '../../src/match/index.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';

const HOUR = 3_600_000;

/** 1. e4 e5, White (the blind player) seals Nf3 and adjourns; five hours later the resumption. */
function adjourned(roles: MatchOptions['roles'] = ['blind', 'sighted']): MatchDriver {
  const d = MatchDriver.started({ roles });
  d.play('e2e4').play('e7e5');
  d.as('blind').sealMove('g1f3');
  d.as('blind').adjourn();
  return d.tick(5 * HOUR);
}

describe('opening the envelope with the sealer absent', () => {
  it('is offered to the player who must reply, without an arbiter, and the envelope then opens', () => {
    const d = adjourned();
    expect(adjournmentFor(d.state, 'sighted')?.mayOpenForAbsentSealer).toBe(true);
    // Not to the sealer himself, nor to an assistant or a spectator.
    expect(adjournmentFor(d.state, 'blind')?.mayOpenForAbsentSealer).toBe(false);
    expect(adjournmentFor(d.state, 'spectator')?.mayOpenForAbsentSealer).toBe(false);
    // Asking in the ordinary way first does not withdraw it: the sealer has still not come.
    d.as('sighted').resume();
    expect(adjournmentFor(d.state, 'sighted')?.mayOpenForAbsentSealer).toBe(true);
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'sighted' });
    expect(d.refusal).toBeUndefined();
    expect(d.state.boards.sighted.game.moves.at(-1)).toBe('g1f3');
    expect(adjournmentFor(d.state, 'sighted')).toBeNull();
  });

  it('is not offered once the sealer has asked to resume: he is present', () => {
    const d = adjourned();
    d.as('blind').resume();
    expect(adjournmentFor(d.state, 'sighted')?.mayOpenForAbsentSealer).toBe(false);
    expect(adjournmentFor(d.state, 'sighted')?.mayResume).toBe(true);
  });

  it('is not offered to a player when an arbiter takes part (he opens it), nor while the move is sealed', () => {
    const withArbiter = adjourned(['blind', 'sighted', 'arbiter']);
    expect(adjournmentFor(withArbiter.state, 'sighted')?.mayOpenForAbsentSealer).toBe(false);
    withArbiter.dispatch({ kind: 'resume', sealerAbsent: true, by: 'sighted' });
    expect(withArbiter.refusal?.code).toBe('notAuthorized');

    const sealing = MatchDriver.started({ roles: ['blind', 'sighted'] });
    sealing.play('e2e4').play('e7e5');
    sealing.as('blind').sealMove('g1f3');
    expect(adjournmentFor(sealing.state, 'sighted')?.mayOpenForAbsentSealer).toBe(false);
  });
});

describe('sealing the reply for the absent sealer', () => {
  function resumedWithoutSealer(): MatchDriver {
    const d = adjourned();
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'sighted' });
    return d.tick(60_000);
  }

  it('is offered to the replier once his reply is written, and starts the absent player’s clock', () => {
    const d = resumedWithoutSealer();
    d.as('sighted').sealMove('b8c6');
    expect(adjournmentFor(d.state, 'sighted')?.maySealForAbsentOpponent).toBe(true);
    expect(adjournmentFor(d.state, 'blind')?.maySealForAbsentOpponent).toBe(false);
    d.dispatch({ kind: 'adjourn', opponentAbsent: true, by: 'sighted' });
    expect(d.refusal).toBeUndefined();
    expect(d.state.clock.running).toBe('w');
    expect(adjournmentFor(d.state, 'sighted')?.maySealForAbsentOpponent).toBe(false);
  });

  it('with an arbiter, who opened the envelope, it is offered the same: the reply is the player’s own right', () => {
    const d = adjourned(['blind', 'sighted', 'arbiter']);
    d.as('arbiter').resume();
    d.tick(60_000).as('sighted').sealMove('b8c6');
    expect(adjournmentFor(d.state, 'sighted')?.maySealForAbsentOpponent).toBe(true);
    expect(adjournmentFor(d.state, 'arbiter')?.maySealForAbsentOpponent).toBe(false);
    d.dispatch({ kind: 'adjourn', opponentAbsent: true, by: 'sighted' });
    expect(d.refusal).toBeUndefined();
    expect(d.state.clock.running).toBe('w');
  });

  it('is not offered once the absent player has come to the board', () => {
    const d = resumedWithoutSealer();
    d.as('blind').query('timeUsed');
    d.as('sighted').sealMove('b8c6');
    expect(adjournmentFor(d.state, 'sighted')?.maySealForAbsentOpponent).toBe(false);
    // The ordinary adjournment stays.
    expect(adjournmentFor(d.state, 'sighted')?.maySeal).toBe(true);
  });

  it('is not offered at an ordinary adjournment, nor before the reply is written', () => {
    const d = MatchDriver.started({ roles: ['blind', 'sighted'] });
    d.play('e2e4');
    d.as('sighted').sealMove('e7e5');
    expect(adjournmentFor(d.state, 'sighted')?.maySealForAbsentOpponent).toBe(false);
    const resumed = resumedWithoutSealer();
    expect(adjournmentFor(resumed.state, 'sighted')).toBeNull();
  });
});

describe('E72: naming the capture by two touched men', () => {
  // Black (the sighted player) touched his knight f6, his bishop c6 and the pawn on e4, then played Rxd4.
  const FEN = '3rk3/8/2b2n2/8/3PP3/8/8/4K3 b - - 0 1';
  const drivers: BlindDriver[] = [];
  afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

  function accusedBlind(profileId: MatchOptions['profileId'] = 'fide1972') {
    const d = new BlindDriver(
      startMemorySession(
        { blindColor: 'w', startFen: FEN, profileId, roles: ['blind', 'sighted', 'arbiter'] },
        manualClock(0),
      ),
    );
    drivers.push(d);
    d.as('sighted', { kind: 'move', uci: 'd8d4' }).as('sighted', { kind: 'pressClock' });
    return d;
  }

  it('is offered to the accuser only while he is asked to name, and only in E72', () => {
    const d = accusedBlind();
    expect(proceduresFor(d.state, 'blind')).not.toContain('nameTouchedCapture');
    d.type('claim touch').type('y');
    d.as('arbiter', { kind: 'decideClaim', upheld: true });
    expect(proceduresFor(d.state, 'blind')).toEqual(
      expect.arrayContaining(['nameTouchedPiece', 'nameTouchedCapture']),
    );
    expect(proceduresFor(d.state, 'sighted')).not.toContain('nameTouchedCapture');
    for (const profileId of ['fide1977', 'fide1993-ibca1985'] as const)
      expect(proceduresFor(accusedBlind(profileId).state, 'blind')).not.toContain('nameTouchedCapture');
  });

  it('typed "touched c6 takes e4": the rook move is taken back and the bishop must take on e4', () => {
    const d = accusedBlind();
    d.clear().type('touched c6 takes e4');
    expect(d.last).toBe('Nobody has asked you to name a touched piece.');
    d.type('claim touch').type('y');
    d.as('arbiter', { kind: 'decideClaim', upheld: true });
    d.clear().type('touched c6 takes e4');
    expect(d.texts.join(' | ')).toContain(
      'Black’s move is taken back: the touched piece on Cesar six must capture on Evan four',
    );
    expect(d.state.plies.map((p) => p.uci)).toEqual([]);
    expect(d.state.declaredMove).toEqual({ color: 'b', uci: 'c6e4' });
  });

  it('a capture the men cannot make is refused with the reason, and the naming stays open for another', () => {
    const d = accusedBlind();
    d.type('claim touch').type('y');
    d.as('arbiter', { kind: 'decideClaim', upheld: true });
    d.clear().type('touched f6 x d4');
    expect(d.last).toBe('The touched men cannot make that capture; name another capture or piece');
    expect(d.state.touchNaming).toMatchObject({ namer: 'w', accused: 'b' });
    expect(d.state.plies.map((p) => p.uci)).toEqual(['d8d4']);
    d.type('touched d8 takes d4');
    expect(d.last).toBe('That capture is the move he made; name another capture or piece');
    d.prefs = { ...d.prefs, locale: 'de' };
    d.type('touched f6 x d4');
    expect(d.last).toBe(
      'Die berührten Figuren können so nicht schlagen; nennen Sie ein anderes Schlagen oder eine andere Figur',
    );
    d.type('touched c6 x e4');
    expect(d.state.declaredMove).toEqual({ color: 'b', uci: 'c6e4' });
  });
});
