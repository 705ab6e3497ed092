// The aperture gates through the match: the clock press waits for capture removal, placement and
// announcement (BL-12, BL-13); a slip of the tongue is correctable before the press and not after
// (BL-22); touch-move binds the player (BL-08, BL-09); j'adoube is announced to the opponent (BL-10).
import { describe, expect, it } from 'vitest';
import { MatchDriver } from '../../src/match/index.ts';

function afterOpening(options = {}): MatchDriver {
  // 1. e4 d5: White (blind) can capture on d5.
  const d = MatchDriver.started(options);
  d.play('e2e4');
  d.play('d7d5');
  return d;
}

describe('the clock gates (BL-12, BL-13)', () => {
  it('refuses the press before capture removal, placement and announcement, and says what is missing', () => {
    const d = afterOpening({ captureRemoval: 'explicit' });
    const b = d.as('blind');
    b.pressClock();
    expect(d.refusal?.code).toBe('notPlaced');
    b.lift('e4');
    b.pressClock();
    expect(d.refusal?.missing).toEqual(['pieceInHand', 'notPlaced', 'notAnnounced']);
    b.place('d5');
    expect(d.refusal?.code).toBe('captureNotRemoved');
    b.removeCaptured('d5');
    b.place('d5');
    b.pressClock();
    expect(d.refusal?.missing).toEqual(['notAnnounced']);
    expect(d.state.plies).toHaveLength(2);
    b.announce();
    b.pressClock();
    expect(d.refusal).toBeUndefined();
    expect(d.state.plies.at(-1)?.san).toBe('exd5');
    expect(d.state.clock.running).toBe('b');
  });

  it('a typed or spoken move includes the capture removal even where removal is explicit', () => {
    const d = afterOpening({ captureRemoval: 'explicit' });
    d.as('blind').move('e4d5');
    expect(d.refusal).toBeUndefined();
    expect(d.last.map((e) => e.type)).toEqual(['lifted', 'lifted', 'captureRemoved', 'placed']);
    d.as('blind').announce();
    d.as('blind').pressClock();
    expect(d.state.plies.at(-1)?.san).toBe('exd5');
  });

  it('tells the player what is missing when he asks about his move (BL-31 moveInProgress)', () => {
    const d = afterOpening();
    d.as('blind').lift('e4');
    d.as('blind').place('d5');
    d.as('blind').query('moveInProgress');
    const answer = d.lastOf('answered');
    expect(answer?.audience).toEqual(['blind']);
    expect(answer?.answer).toMatchObject({
      topic: 'moveInProgress',
      placed: { from: 'e4', to: 'd5' },
      missing: ['notAnnounced'],
    });
  });

  it('a lift back into the same aperture is no move, and the touched piece must move (BL-09)', () => {
    const d = afterOpening();
    const b = d.as('blind');
    b.lift('g1');
    b.place('g1');
    expect(d.lastOf('placedBack')).toMatchObject({
      square: 'g1',
      obligation: { kind: 'move', square: 'g1' },
    });
    b.lift('b1');
    b.place('c3');
    expect(d.refusal?.code).toBe('touchObligation');
    expect(d.refusal?.obligation).toMatchObject({ kind: 'move', square: 'g1' });
  });

  it("j'adoube before lifting exempts the piece and is announced to everyone (BL-10)", () => {
    const d = afterOpening();
    const b = d.as('blind');
    b.jAdoube();
    expect(d.lastOf('jAdoubeDeclared')).toMatchObject({ color: 'w', audience: 'everyone' });
    b.lift('g1');
    b.place('g1');
    b.lift('b1');
    b.place('c3');
    expect(d.refusal).toBeUndefined();
  });

  it('refuses an illegal placement and keeps the piece in the hand (GR-25)', () => {
    const d = afterOpening();
    d.as('blind').lift('e4');
    d.as('blind').place('e6');
    expect(d.refusal?.code).toBe('illegalPlacement');
    expect(d.state.boards.blind.aperture.hand?.from).toBe('e4');
  });

  it('nobody acts out of turn, and a board that is behind cannot start a move', () => {
    const d = MatchDriver.started({ relay: 'manual' });
    d.as('sighted').move('e7e5');
    expect(d.refusal?.code).toBe('notYourTurn');
    d.play('e2e4');
    // Manual relay: the sighted player has not yet executed e4 on his board.
    d.as('sighted').move('e7e5');
    expect(d.refusal?.code).toBe('boardBehind');
    d.as('sighted').execute();
    d.as('sighted').move('e7e5');
    expect(d.refusal).toBeUndefined();
  });
});

describe('slip of the tongue (BL-22, r.6)', () => {
  it('a wrong announcement never reaches the board; it is corrected before the press', () => {
    const d = MatchDriver.started();
    const b = d.as('blind');
    // Announced first (S85 lists announcement last but the conditions are cumulative).
    b.announce('g1f3');
    expect(d.lastOf('announced')).toMatchObject({ uci: 'g1f3', audience: 'everyone' });
    b.lift('g1');
    b.place('h3');
    b.pressClock();
    expect(d.refusal?.missing).toEqual(['announcementMismatch']);
    b.correct('g1h3');
    expect(d.lastOf('announcementCorrected')).toMatchObject({
      previous: 'g1f3',
      uci: 'g1h3',
      audience: 'everyone',
    });
    b.pressClock();
    expect(d.refusal).toBeUndefined();
    expect(d.state.scores.sighted).toEqual(['g1h3']);
    expect(d.state.boards.sighted.game.moves).toEqual(['g1h3']);
  });

  it('cannot be corrected after the clock press', () => {
    const d = MatchDriver.started();
    d.play('g1f3');
    d.as('blind').correct('g1h3');
    expect(d.refusal?.code).toBe('alreadyPressed');
    expect(d.state.scores.blind).toEqual(['g1f3']);
    d.as('blind').pressClock();
    expect(d.refusal?.code).toBe('alreadyPressed');
  });

  it('an announcement differing from the move on the board is refused (it never reaches the opponent)', () => {
    const d = MatchDriver.started();
    d.as('blind').lift('e2');
    d.as('blind').place('e4');
    d.as('blind').announce('e2e3');
    expect(d.refusal?.code).toBe('announcementMismatch');
    expect(d.heard('sighted')).toEqual([]);
  });
});

describe('who sees the hands', () => {
  it("the blind player is not told the sighted player's touches, only his announced move (GR-62)", () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.as('sighted').touch('g8');
    expect(d.heard('blind')).toEqual([]);
    expect(d.heard('arbiter').map((e) => e.type)).toEqual(['lifted']);
    expect(d.heard('sighted').map((e) => e.type)).toEqual(['lifted']);
    d.as('sighted').move('g8f6');
    d.as('sighted').pressClock();
    expect(d.heard('blind').map((e) => e.type)).toEqual(['announced', 'executed']);
  });
});

describe('the sighted board (BL-11: normal rules)', () => {
  it('a selected piece is touched: another piece may not be moved while it has a legal move', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.as('sighted').touch('g8');
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('touchObligation');
    // The click changed nothing: the knight from g8 is still in hand and b8 untouched.
    expect(d.state.boards.sighted.aperture.board.get('b8')).toEqual({ color: 'b', type: 'n' });
    expect(d.state.boards.sighted.aperture.hand?.from).toBe('g8');
    d.as('sighted').move('g8f6');
    d.as('sighted').pressClock();
    expect(d.state.plies.at(-1)?.san).toBe('Nf6');
  });

  it('with advisory touch-move the other move stands and the violation is logged as an event', () => {
    const d = MatchDriver.started({ sightedTouchMove: 'advisory' });
    d.play('e2e4');
    d.as('sighted').touch('g8');
    d.as('sighted').move('b8c6');
    expect(d.refusal).toBeUndefined();
    expect(d.lastOf('touchObligationIgnored')).toMatchObject({ obligation: { kind: 'move', square: 'g8' } });
  });

  it('touching an opponent’s piece leaves it on the board and obliges its capture (Art 7.2)', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.play('d7d5');
    d.play('g1f3');
    d.as('sighted').touch('e4');
    expect(d.state.boards.sighted.aperture.board.get('e4')).toEqual({ color: 'w', type: 'p' });
    d.as('sighted').move('b8c6');
    expect(d.refusal?.code).toBe('touchObligation');
    d.as('sighted').move('d5e4');
    expect(d.refusal).toBeUndefined();
  });
});
