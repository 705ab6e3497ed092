// A whole game through the match reducer: the blind player (White) on his aperture board, the
// sighted player (Black) clicking on his; captures, en passant, both castlings and a promotion.
import { describe, expect, it } from 'vitest';
import { MatchDriver, type EventOf } from '../../src/match/index.ts';

const GAME = [
  'e2e4',
  'd7d5',
  'e4e5',
  'f7f5',
  'e5f6',
  'g8f6',
  'g1f3',
  'b8c6',
  'f1e2',
  'c8e6',
  'e1g1',
  'd8d7',
  'd2d3',
  'e8c8',
  'h2h4',
  'a7a6',
  'h4h5',
  'a6a5',
  'h5h6',
  'a5a4',
  'h6g7',
  'a4a3',
  'g7h8q',
];

describe('a full game through the reducer', () => {
  it('plays captures, en passant, both castlings and a promotion with every step in the log', () => {
    const d = MatchDriver.started();
    for (const uci of GAME) {
      d.tick(3_000);
      d.play(uci);
      expect(d.refusal, `move ${uci}`).toBeUndefined();
    }
    const s = d.state;
    expect(s.plies.map((p) => p.san).join(' ')).toBe(
      'e4 d5 e5 f5 exf6 Nxf6 Nf3 Nc6 Be2 Be6 O-O Qd7 d3 O-O-O h4 a6 h5 a5 h6 a4 hxg7 a3 gxh8=Q',
    );
    // Twin boards and twin scores agree, every move relayed and read back.
    expect(s.boards.blind.game.moves).toEqual(GAME);
    expect(s.boards.sighted.game.moves).toEqual(GAME);
    expect(s.scores.blind).toEqual(GAME);
    expect(s.scores.sighted).toEqual(GAME);
    expect(s.discrepancy).toBeNull();
    expect(s.plies.every((p) => p.executed === p.uci && p.repeated === p.uci)).toBe(true);
    // The promoted queen stands on h8 of both boards.
    for (const seat of ['blind', 'sighted'] as const)
      expect(s.boards[seat].aperture.board.get('h8')).toEqual({ color: 'w', type: 'q' });

    const announced = d.all('announced');
    const find = (san: string): EventOf<'announced'> | undefined => announced.find((e) => e.san === san);
    expect(find('exf6')).toMatchObject({ enPassant: true, capture: true, by: 'blind', color: 'w' });
    expect(find('O-O')).toMatchObject({ castle: 'king', by: 'blind' });
    expect(find('O-O-O')).toMatchObject({ castle: 'queen', by: 'twinboard', color: 'b' });
    expect(find('gxh8=Q')).toMatchObject({ promotion: 'q', capture: true });
    // En passant: the pawn is removed from the square it actually stands on (BL-15).
    const removed = d.all('captureRemoved').find((e) => e.square === 'f5');
    expect(removed).toMatchObject({ seat: 'blind', piece: { color: 'b', type: 'p' } });
    // Castling on the aperture board: king then rook placed (BL-16, rook automatic by default).
    const placed = d.all('placed').filter((e) => e.seat === 'blind' && e.piece.type !== 'p');
    expect(placed.some((e) => e.from === 'e1' && e.to === 'g1')).toBe(true);
    expect(placed.some((e) => e.from === 'h1' && e.to === 'f1')).toBe(true);
    // 23 plies: 12 White moves and 11 Black moves on the clock.
    expect(d.clock().sides.w.moves).toBe(12);
    expect(d.clock().sides.b.moves).toBe(11);

    d.as('sighted').resign();
    expect(d.state.result).toEqual({ winner: 'w', reason: 'resignation' });
    expect(d.lastOf('gameEnded')).toMatchObject({ score: '1-0', audience: 'everyone' });
    expect(d.state.phase).toBe('over');
    d.as('blind').lift('a2');
    expect(d.refusal?.code).toBe('gameOver');
  });

  it('plays the same game with explicit capture removal and the rook placed by the player', () => {
    const d = MatchDriver.started({ captureRemoval: 'explicit', castlingRook: 'player' });
    const b = d.as('blind');
    const play = (uci: string): void => {
      d.tick(1_000);
      d.play(uci);
      expect(d.refusal, uci).toBeUndefined();
    };
    for (const uci of GAME.slice(0, 4)) play(uci);
    // En passant with explicit removal: place first, then take the pawn off f5 (BL-12 either order).
    b.lift('e5');
    b.place('f6');
    b.announce();
    b.pressClock();
    expect(d.refusal?.code).toBe('captureNotRemoved');
    b.removeCaptured('f5');
    b.pressClock();
    expect(d.refusal).toBeUndefined();
    expect(d.state.plies.at(-1)?.san).toBe('exf6');
    // A normal capture: the captured piece must come off before the capturing piece goes in.
    for (const uci of GAME.slice(5, 10)) play(uci);
    // Castling by hand: king two squares, then the rook (BL-16).
    b.lift('e1');
    b.place('g1');
    b.pressClock();
    expect(d.refusal?.missing).toEqual(['castlingIncomplete', 'notAnnounced']);
    b.lift('h1');
    b.place('f1');
    b.announce();
    b.pressClock();
    expect(d.refusal).toBeUndefined();
    expect(d.state.plies.at(-1)?.san).toBe('O-O');
    for (const uci of GAME.slice(11, 20)) play(uci);
    // hxg7: the black pawn must be removed first.
    b.lift('h6');
    b.place('g7');
    expect(d.refusal?.code).toBe('captureNotRemoved');
    b.removeCaptured('g7');
    b.place('g7');
    b.announce();
    b.pressClock();
    expect(d.refusal).toBeUndefined();
    play('a4a3');
    // Promotion: remove the rook, drop the pawn, choose, announce (BL-17).
    b.removeCaptured('h8');
    b.lift('g7');
    b.place('h8');
    expect(d.lastOf('promotionPending')).toMatchObject({ square: 'h8' });
    b.pressClock();
    expect(d.refusal?.missing).toContain('promotionNotChosen');
    b.promote('q');
    b.announce();
    b.pressClock();
    expect(d.refusal).toBeUndefined();
    expect(d.state.scores.sighted.at(-1)).toBe('g7h8q');
  });

  it('ends the game on mate at once, even before the clock press (003/001 Art 6.5)', () => {
    const d = MatchDriver.started();
    for (const uci of ['f2f3', 'e7e5', 'g2g4']) d.play(uci);
    d.as('sighted').move('d8h4');
    expect(d.state.result).toEqual({ winner: 'b', reason: 'checkmate' });
    expect(d.lastOf('gameEnded')).toMatchObject({ score: '0-1' });
    expect(d.state.boards.blind.game.moves.at(-1)).toBe('d8h4');
  });
});
