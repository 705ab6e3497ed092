// FIDE 1972, 002 Art 20 1(d) and 20.3 (issue 12): a player touched "one or more men of one color
// and two or more men of the opposite color"; upheld, the accusation makes his opponent "specify
// 1) the touched man that must be moved or captured; or 2) the capture that must be made by two
// touched men". One test per case, through intents: the move made instead is taken back, the
// named obligation binds, and a man that cannot move or be captured counts as not touched (2(a)).
import { describe, expect, it } from 'vitest';
import { MatchDriver } from '../../src/match/index.ts';
import { announce } from '../../src/speech/index.ts';
import { parseWire } from '../../src/server/matchEngine.ts';

// Black (the sighted player) to move: Ke8, Rd8, Nf6, Bc6; White (the blind player): Ke1, Pd4, Pe4.
// Black touches his knight, his bishop and the pawn on e4, then plays Rxd4 instead.
const FEN = '3rk3/8/2b2n2/8/3PP3/8/8/4K3 b - - 0 1';

/** Black's Rxd4 accused by White, upheld by the arbiter: White must name, his clock running. */
function accused(): MatchDriver {
  const d = MatchDriver.started({
    profileId: 'fide1972',
    startFen: FEN,
    roles: ['blind', 'sighted', 'arbiter'],
  });
  d.as('sighted').move('d8d4').as('sighted').pressClock();
  d.as('blind').claimTouch();
  d.as('arbiter').decideClaim(true);
  expect(d.state.touchNaming).toMatchObject({ namer: 'w', accused: 'b' });
  return d;
}

const heardBy = (d: MatchDriver, role: 'blind' | 'sighted', player: 'w' | 'b') =>
  announce(d.last, role, { player })
    .map((u) => u.text)
    .join(' | ');

describe('E72 Art 20 1(d): the opponent specifies', () => {
  it('2) the capture by two touched men: Rxd4 is taken back, and only Bxe4 may be played', () => {
    const d = accused();
    d.tick(15_000).dispatch({ kind: 'nameTouchedPiece', square: 'e4', capturingFrom: 'c6', by: 'blind' });
    expect(d.lastOf('touchEnforced')).toMatchObject({
      color: 'b',
      square: 'c6',
      captures: 'e4',
      takenBack: true,
    });
    expect(heardBy(d, 'sighted', 'b')).toBe(
      'Black’s move is taken back: the touched piece on Cesar six must capture on Evan four | Clocks running again',
    );
    expect(d.state.plies.map((p) => p.uci)).toEqual([]);
    expect(d.state.clock.running).toBe('b');
    // The other touched man may not make the capture, nor may the bishop go elsewhere.
    d.as('sighted').move('f6e4');
    expect(d.refusal).toBeDefined();
    d.as('sighted').move('c6d5');
    expect(d.refusal).toBeDefined();
    d.as('sighted').move('c6e4').as('sighted').pressClock();
    expect(d.state.plies.map((p) => p.uci)).toEqual(['c6e4']);
    expect(d.state.declaredMove).toBeNull();
  });

  it('1) the touched man that must be captured: Rxd4 is taken back, and e4 must be taken, by either man', () => {
    const d = accused();
    d.as('blind').nameTouchedPiece('e4');
    expect(d.lastOf('touchEnforced')).toMatchObject({ color: 'b', square: 'e4', takenBack: true });
    expect(d.lastOf('touchEnforced')?.captures).toBeUndefined();
    d.as('sighted').move('d8d5');
    expect(d.refusal?.code).toBe('touchObligation');
    d.as('sighted').move('f6e4').as('sighted').pressClock();
    expect(d.state.plies.map((p) => p.uci)).toEqual(['f6e4']);
  });

  it('1) the touched man that must be moved: the knight, anywhere it can go', () => {
    const d = accused();
    d.as('blind').nameTouchedPiece('f6');
    expect(d.lastOf('touchEnforced')).toMatchObject({ color: 'b', square: 'f6', takenBack: true });
    d.as('sighted').move('c6e4');
    expect(d.refusal?.code).toBe('touchObligation');
    d.as('sighted').move('f6g4').as('sighted').pressClock();
    expect(d.state.plies.map((p) => p.uci)).toEqual(['f6g4']);
  });

  it('2(a): a capture the touched men cannot make is refused, and the naming stays open with the clock running', () => {
    const d = accused();
    d.dispatch({ kind: 'nameTouchedPiece', square: 'd4', capturingFrom: 'f6', by: 'blind' });
    expect(d.refusal?.code).toBe('claimNotAllowed');
    expect(d.refusal?.message).toBe('The piece on f6 cannot capture on d4; name another capture or piece.');
    expect(d.state.touchNaming).toMatchObject({ namer: 'w', accused: 'b' });
    expect(d.state.clock.running).toBe('w');
    expect(d.state.plies.map((p) => p.uci)).toEqual(['d8d4']);
    // The capture he made is no capture to name.
    d.dispatch({ kind: 'nameTouchedPiece', square: 'd4', capturingFrom: 'd8', by: 'blind' });
    expect(d.refusal?.message).toBe('That capture is the move he made; name another capture or piece.');
    // The accused does not name for himself.
    d.dispatch({ kind: 'nameTouchedPiece', square: 'e4', capturingFrom: 'c6', by: 'sighted' });
    expect(d.refusal?.code).toBe('notAuthorized');
  });
});

it('over the wire: the named capture is an intent the server accepts; a square that is not one is refused', () => {
  expect(parseWire({ kind: 'nameTouchedPiece', square: 'e4', capturingFrom: 'c6' }, 'blind').ok).toBe(true);
  const bad = parseWire({ kind: 'nameTouchedPiece', square: 'e4', capturingFrom: 'z9' }, 'blind');
  expect(!bad.ok && bad.error.code).toBe('badIntent');
});
