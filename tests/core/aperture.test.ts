// The aperture move lifecycle (spec BL-06…BL-17, BL-22) and the touch-move obligation engine (§2.4):
// checklist items 9–20 and 53–58, driven step by step as a blind player (or the sighted side) would.
import { describe, expect, test } from 'vitest';
import {
  applyStep,
  createAperture,
  fenWithPlacement,
  missingForClock,
  moveInHand,
  permittedMoves,
  PROFILES,
  readyForClock,
  receiveMove,
  START_FEN,
  type ApertureEvent,
  type ApertureOptions,
  type ApertureState,
  type ApertureStep,
  type Color,
  type Profile,
  type ProfileId,
} from '../../src/core/index.ts';

const E93 = PROFILES['fide1993-ibca1985'];

function board(fen: string, owner: Color | 'both' = 'both', options: Partial<ApertureOptions> = {}) {
  const r = createAperture(fen, owner, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Runs steps; every step must succeed (no refusal). Returns the final state and all events. */
function run(state: ApertureState, steps: ApertureStep[], profile: Profile = E93) {
  const events: ApertureEvent[] = [];
  let s = state;
  for (const step of steps) {
    const r = applyStep(s, step, profile);
    const refused = r.events.find((e) => e.type === 'refused');
    if (refused) throw new Error(`${JSON.stringify(step)} refused: ${JSON.stringify(refused)}`);
    events.push(...r.events);
    s = r.state;
  }
  return { state: s, events };
}

/** Applies one step that must be refused; checks the code and that the state is unchanged. */
function refused(state: ApertureState, step: ApertureStep, code: string, profile: Profile = E93) {
  const r = applyStep(state, step, profile);
  expect(r.events).toHaveLength(1);
  const e = r.events[0];
  expect(e?.type).toBe('refused');
  expect(e && 'code' in e ? e.code : undefined).toBe(code);
  expect(r.state).toBe(state);
  return e as Extract<ApertureEvent, { type: 'refused' }>;
}

const lift = (square: string): ApertureStep => ({ type: 'lift', square });
const place = (square: string): ApertureStep => ({ type: 'place', square });
const remove = (square: string): ApertureStep => ({ type: 'removeCaptured', square });
const announce = (uci?: string): ApertureStep => (uci ? { type: 'announce', uci } : { type: 'announce' });
const press: ApertureStep = { type: 'pressClock' };
const types = (events: readonly ApertureEvent[]) => events.map((e) => e.type);
const completed = (events: readonly ApertureEvent[]) =>
  events.flatMap((e) => (e.type === 'moveCompleted' ? [e.uci] : []));

describe('B. the aperture board', () => {
  test('item 9: lifting an own piece records a touch, in order', () => {
    const { state, events } = run(board(START_FEN), [lift('g1'), place('g1'), lift('b1')]);
    expect(events[0]).toMatchObject({ type: 'lifted', square: 'g1', own: true, exempt: false });
    expect(state.touches.map((t) => t.square)).toEqual(['g1', 'b1']);
    expect(state.touches[0]!.group).toBeLessThan(state.touches[1]!.group);
    expect(state.hand).toEqual({ piece: { color: 'w', type: 'n' }, from: 'b1' });
    expect(state.board.has('b1')).toBe(false);
  });

  test('item 10: back into its own aperture is no move and the obligation stands', () => {
    const { state, events } = run(board(START_FEN), [lift('g1'), place('g1')]);
    expect(events.at(-1)).toMatchObject({
      type: 'placedBack',
      square: 'g1',
      obligation: { kind: 'move', square: 'g1' },
    });
    expect(state.fen).toBe(START_FEN);
    expect(state.placements).toEqual([]);
    refused(state, press, 'notPlaced');
    const holdingPawn = run(state, [lift('e2')]).state;
    const e = refused(holdingPawn, place('e4'), 'touchObligation');
    expect(e.obligation).toMatchObject({ kind: 'move', square: 'g1' });
    // The knight itself may still go anywhere legal.
    const ok = run(state, [lift('g1'), place('f3'), announce(), press]);
    expect(completed(ok.events)).toEqual(['g1f3']);
  });

  test("item 11: j'adoube declared before a lift exempts it and is reported", () => {
    const { state, events } = run(board(START_FEN), [{ type: 'declareJAdoube' }, lift('g1'), place('g1')]);
    expect(events[0]).toEqual({ type: 'jAdoubeDeclared', by: 'w' });
    expect(events[1]).toMatchObject({ type: 'lifted', exempt: true, obligation: null });
    const next = run(state, [lift('e2'), place('e4'), announce(), press]);
    expect(completed(next.events)).toEqual(['e2e4']);
    // Adjusting a piece and then deliberately lifting it again is a real touch.
    const again = run(board(START_FEN), [
      { type: 'declareJAdoube' },
      lift('g1'),
      place('g1'),
      lift('g1'),
      place('g1'),
      lift('e2'),
    ]);
    refused(again.state, place('e4'), 'touchObligation');
    // Without the declaration the same sequence is bound to the knight.
    const bound = run(board(START_FEN), [lift('g1'), place('g1'), lift('e2')]).state;
    refused(bound, place('e4'), 'touchObligation');
  });

  test('the board reads square by square and piece by piece as the player has changed it', () => {
    const start = board('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2');
    const lifted = run(start, [lift('e4')]).state;
    expect(lifted.board.size).toBe(31);
    expect(lifted.board.get('e4')).toBeUndefined();
    expect([...lifted.board.keys()]).not.toContain('e4');
    const taken = run(lifted, [place('d5')]).state;
    expect(taken.board.size).toBe(31);
    expect(taken.board.get('d5')).toEqual({ color: 'w', type: 'p' });
    const copy = new Map(taken.board);
    expect(copy.size).toBe(31);
    expect(copy.get('d5')).toEqual({ color: 'w', type: 'p' });
    expect(copy.has('e4')).toBe(false);
    let whitePawns = 0;
    taken.board.forEach((piece) => {
      if (piece.color === 'w' && piece.type === 'p') whitePawns += 1;
    });
    expect(whitePawns).toBe(8);
    expect(fenWithPlacement(taken.fen, taken.board).split(' ')[0]).toBe(
      'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR',
    );
    // A piece put back leaves the board as it stood.
    const back = run(start, [lift('g1'), place('g1')]).state;
    expect(back.board).toEqual(start.board);
    expect(new Map(back.board)).toEqual(new Map(start.board));
  });

  test('item 12: sighted side — select is a touch, drop completes the move, no announcement', () => {
    const sighted = board(START_FEN, 'both', { kind: 'sighted' });
    const { events } = run(sighted, [lift('e2'), place('e4'), press]);
    expect(types(events)).toEqual(['lifted', 'placed', 'clockPressed', 'moveCompleted']);
    // Normal touch-move applies on the sighted screen too.
    const touched = run(sighted, [lift('b1'), place('b1'), lift('d2')]).state;
    refused(touched, place('d4'), 'touchObligation');
    refused(sighted, announce('e2e4'), 'notApplicable');
  });
});

describe('C. executed move and clock gating', () => {
  // White pawn e5, black just played d7-d5: exd6 e.p. is the capture.
  const EP = 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3';
  const explicit = { captureRemoval: 'explicit' } as const;

  test.each([
    ['capture not removed', [lift('e5'), place('d6'), announce()], 'captureNotRemoved'],
    ['not placed', [lift('e5'), remove('d5'), announce('e5d6')], 'pieceInHand'],
    ['not announced', [lift('e5'), place('d6'), remove('d5')], 'notAnnounced'],
  ] as const)('item 13: %s blocks the clock', (_name, steps, code) => {
    const { state } = run(board(EP, 'w', explicit), [...steps]);
    const e = refused(state, press, code);
    expect(e.missing).toContain(code);
    expect(e.message).toMatch(/cannot be started/);
  });

  test.each([
    [
      'en passant, removal explicit',
      EP,
      'w',
      explicit,
      [lift('e5'), place('d6'), remove('d5'), announce()],
      true,
    ],
    [
      'a wrong piece removed',
      EP,
      'w',
      explicit,
      [remove('f7'), lift('e5'), place('d6'), remove('d5'), announce()],
      false,
    ],
    [
      'announced before, then another move',
      START_FEN,
      'w',
      {},
      [announce('e2e4'), lift('d2'), place('d4')],
      false,
    ],
    [
      'castling, rook by the player',
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
      'w',
      {},
      [lift('e1'), place('g1'), lift('h1'), place('f1'), announce()],
      true,
    ],
    [
      'a promotion',
      '8/4P3/8/8/8/8/k7/7K w - - 0 1',
      'w',
      {},
      [lift('e7'), place('e8'), { type: 'choosePromotion', piece: 'q' }, announce()],
      true,
    ],
    ['the sighted board', START_FEN, 'w', { kind: 'sighted' }, [lift('g1'), place('f3')], true],
  ] as const)(
    'item 13: ready for the clock exactly when nothing is missing (%s)',
    (_name, fen, owner, options, steps, ready) => {
      let s = board(fen, owner, options);
      expect(readyForClock(s)).toBe(missingForClock(s).length === 0);
      for (const step of steps) {
        s = applyStep(s, step, E93).state;
        expect(readyForClock(s)).toBe(missingForClock(s).length === 0);
      }
      expect(readyForClock(s)).toBe(ready);
    },
  );

  test('item 13: the refusal lists every missing condition', () => {
    const { state } = run(board(EP, 'w', explicit), [lift('e5'), place('d6')]);
    expect(refused(state, press, 'captureNotRemoved').missing).toEqual(['captureNotRemoved', 'notAnnounced']);
  });

  test.each([
    ['removal first (S85 order)', [remove('d5'), lift('e5'), place('d6'), announce()]],
    ['placement first (S80 order)', [lift('e5'), place('d6'), remove('d5'), announce()]],
    ['announcement first', [announce('e5d6'), lift('e5'), place('d6'), remove('d5')]],
  ] as const)('item 14: conditions in any order — %s', (_name, steps) => {
    const { events } = run(board(EP, 'w', explicit), [...steps, press]);
    expect(completed(events)).toEqual(['e5d6']);
  });

  test('item 15: the clock starts only on an explicit press', () => {
    const { state, events } = run(board(START_FEN, 'w'), [lift('e2'), place('e4'), announce()]);
    expect(types(events)).not.toContain('clockPressed');
    expect(moveInHand(state, E93)).toMatchObject({ move: { uci: 'e2e4' }, announced: 'e2e4', missing: [] });
    const done = run(state, [press]);
    expect(types(done.events)).toEqual(['clockPressed', 'moveCompleted']);
    refused(done.state, press, 'alreadyPressed');
  });

  test('item 16: a capture removes the piece from the own board; e.p. removes the pawn from its real square', () => {
    const ep = run(board(EP, 'w'), [lift('e5'), place('d6')]);
    expect(ep.events).toContainEqual({
      type: 'captureRemoved',
      square: 'd5',
      piece: { color: 'b', type: 'p' },
    });
    expect(ep.state.board.has('d5')).toBe(false);
    expect(ep.state.board.get('d6')).toEqual({ color: 'w', type: 'p' });
    const done = run(ep.state, [announce(), press]);
    expect(done.events.find((e) => e.type === 'moveCompleted')).toMatchObject({ uci: 'e5d6', san: 'exd6' });
    // In explicit mode a normal capture needs the piece removed before the aperture is free.
    const fen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
    const held = run(board(fen, 'w', explicit), [lift('e4')]).state;
    refused(held, place('d5'), 'captureNotRemoved');
    expect(completed(run(held, [remove('d5'), place('d5'), announce(), press]).events)).toEqual(['e4d5']);
    // Removing the wrong piece blocks the clock until it is put back.
    const wrong = run(board(fen, 'w', explicit), [
      remove('e7'),
      lift('e4'),
      remove('d5'),
      place('d5'),
      announce(),
    ]);
    refused(wrong.state, press, 'wrongPieceRemoved');
    expect(completed(run(wrong.state, [{ type: 'returnCaptured', square: 'e7' }, press]).events)).toEqual([
      'e4d5',
    ]);
  });

  const CASTLE = 'r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8';
  test('item 17: castling — king first, then only castling on that side, completed by the rook', () => {
    const { state, events } = run(board(CASTLE, 'w'), [lift('e1'), place('g1')]);
    expect(events.at(-1)).toEqual({ type: 'castlingStarted', side: 'king', rookFrom: 'h1', rookTo: 'f1' });
    refused(state, press, 'castlingIncomplete');
    refused(state, lift('a1'), 'alreadyPlaced');
    refused(state, lift('e1'), 'emptySquare');
    const rookInHand = run(state, [lift('h1')]).state;
    refused(rookInHand, place('g1'), 'squareOccupied');
    refused(rookInHand, place('h2'), 'squareOccupied');
    refused(rookInHand, place('e1'), 'castlingIncomplete');
    const done = run(rookInHand, [place('f1'), announce(), press]);
    expect(done.events.find((e) => e.type === 'moveCompleted')).toMatchObject({ uci: 'e1g1', san: 'O-O' });
    // With the automatic rook option the app moves the rook itself.
    const auto = run(board(CASTLE, 'w', { castlingRook: 'automatic' }), [
      lift('e1'),
      place('c1'),
      announce(),
      press,
    ]);
    expect(completed(auto.events)).toEqual(['e1c1']);
    expect(auto.state.board.get('d1')).toEqual({ color: 'w', type: 'r' });
  });

  const PROMO = '4k3/1P6/8/8/8/8/6K1/8 w - - 0 60';
  test('item 18: promotion — choice forced, pawn fixed, clock blocked until chosen and announced', () => {
    const { state, events } = run(board(PROMO, 'w'), [lift('b7'), place('b8')]);
    expect(events.at(-1)).toEqual({ type: 'promotionPending', square: 'b8' });
    expect(refused(state, press, 'promotionNotChosen').missing).toEqual([
      'promotionNotChosen',
      'notAnnounced',
    ]);
    refused(state, lift('b8'), 'promotionPending');
    refused(state, announce(), 'promotionNotChosen');
    refused(state, { type: 'choosePromotion', piece: 'k' }, 'badPromotionPiece');
    const chosen = run(state, [{ type: 'choosePromotion', piece: 'n' }]).state;
    expect(chosen.board.get('b8')).toEqual({ color: 'w', type: 'n' });
    refused(chosen, { type: 'choosePromotion', piece: 'q' }, 'promotionAlreadyChosen');
    refused(chosen, announce('b7b8q'), 'announcementMismatch');
    refused(chosen, announce('b7b8'), 'promotionNotAnnounced');
    expect(completed(run(chosen, [announce('b7b8n'), press]).events)).toEqual(['b7b8n']);
    // A second queen is allowed whatever stands on the board.
    const twoQueens = '4k3/1P6/8/8/8/8/6K1/3Q4 w - - 0 60';
    expect(
      completed(
        run(board(twoQueens, 'w'), [
          lift('b7'),
          place('b8'),
          { type: 'choosePromotion', piece: 'q' },
          announce(),
          press,
        ]).events,
      ),
    ).toEqual(['b7b8q']);
  });

  test('item 19: only legal moves can be placed — a pinned piece stays, e.p. only on the next move', () => {
    const pinned = '4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1';
    const s = run(board(pinned, 'w'), [lift('e2')]).state;
    refused(s, place('c3'), 'illegalPlacement');
    // After a waiting move the e.p. chance has gone.
    const later = 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4';
    refused(run(board(later, 'w'), [lift('e5')]).state, place('d6'), 'illegalPlacement');
  });

  test('item 20: mate ends the game on the board — further steps are refused', () => {
    const { state, events } = run(
      board('rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3', 'both'),
      [lift('d1'), place('h5'), announce(), press],
    );
    expect(events.find((e) => e.type === 'moveCompleted')).toMatchObject({
      san: 'Qh5#',
      move: { mate: true },
    });
    refused(state, lift('e8'), 'gameOver');
  });

  test('item 22 (BL-22): a slip of the tongue is corrected before the press, never after', () => {
    const early = run(board(START_FEN, 'w'), [announce('d2d4'), lift('e2'), place('e4')]).state;
    expect(refused(early, press, 'announcementMismatch').missing).toEqual(['announcementMismatch']);
    refused(early, { type: 'correctAnnouncement', uci: 'd2d4' }, 'announcementMismatch');
    const fixed = run(early, [{ type: 'correctAnnouncement', uci: 'e2e4' }]);
    expect(fixed.events).toEqual([
      { type: 'announcementCorrected', previous: 'd2d4', uci: 'e2e4', san: 'e4' },
    ]);
    const pressed = run(fixed.state, [press]).state;
    refused(pressed, { type: 'correctAnnouncement', uci: 'e2e4' }, 'alreadyPressed');
    // A wrong announcement of a move already on the board is refused outright.
    refused(
      run(board(START_FEN, 'w'), [lift('e2'), place('e4')]).state,
      announce('e2e3'),
      'announcementMismatch',
    );
  });
});

describe('H. touched piece per edition', () => {
  test('item 53: lift own knight with legal moves → only knight moves allowed', () => {
    const s = run(board(START_FEN, 'w'), [lift('g1'), place('g1'), lift('e2')]).state;
    refused(s, place('e4'), 'touchObligation');
    // ADVISORY mode lets the move stand and logs the violation for the arbiter.
    const adv = run(board(START_FEN, 'w', { touchMove: 'advisory' }), [
      lift('g1'),
      place('g1'),
      lift('e2'),
      place('e4'),
    ]);
    expect(adv.events).toContainEqual({
      type: 'touchObligationIgnored',
      obligation: { kind: 'move', square: 'g1', piece: { color: 'w', type: 'n' } },
    });
    // A touched piece with no legal move binds nothing (Art 7.3).
    const free = run(board(START_FEN, 'w'), [
      lift('c1'),
      place('c1'),
      lift('e2'),
      place('e4'),
      announce(),
      press,
    ]);
    expect(completed(free.events)).toEqual(['e2e4']);
  });

  // White knight c3 touched, then the black pawn e5 (which the knight cannot take, but the d4 pawn can).
  const OWN_ENEMY = 'rnbqkbnr/pppp1ppp/8/4p3/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 3';
  test.each<[ProfileId, string, string, string]>([
    // E93/E88: move or capture the first piece touched that can be → the knight.
    ['fide1993-ibca1985', 'd4e5', 'c3d5', 'touchObligation'],
    ['fide1988-ibca1985', 'd4e5', 'c3d5', 'touchObligation'],
    // E80: move own piece, else capture → the knight.
    ['fide1980', 'd4e5', 'c3d5', 'touchObligation'],
    // E72 Art 20 1(c): capture with another man first → dxe5.
    ['fide1972', 'c3d5', 'd4e5', 'touchObligation'],
  ])('item 54: %s — own knight then enemy pawn: %s refused, %s allowed', (id, bad, good, code) => {
    const p = PROFILES[id];
    const s = run(board(OWN_ENEMY, 'w'), [lift('c3'), place('c3'), remove('e5')], p).state;
    const holding = run(s, [lift(bad.slice(0, 2))], p).state;
    refused(holding, place(bad.slice(2, 4)), code, p);
    const held = run(
      s,
      [
        { type: 'returnCaptured', square: 'e5' },
        lift(good.slice(0, 2)),
        place(good.slice(2, 4)),
        announce(),
        press,
      ],
      p,
    );
    expect(completed(held.events)).toEqual([good]);
  });

  test('item 54: the touched own piece that can capture the touched enemy piece must do so', () => {
    const fen = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2';
    const s = run(board(fen, 'w'), [lift('e4'), place('e4'), remove('d5')]).state;
    const e = refused(run(s, [lift('c3')]).state, place('d5'), 'touchObligation');
    expect(e.obligation).toEqual({
      kind: 'capture',
      square: 'd5',
      piece: { color: 'b', type: 'p' },
      with: 'e4',
    });
  });

  test('item 54: E93 tie-break — touched together, the own piece is deemed touched first', () => {
    // Knight c3 and pawn e5 touched at once; the knight cannot capture e5.
    const e93 = run(board(OWN_ENEMY, 'w'), [{ type: 'touchTogether', squares: ['e5', 'c3'] }]).state;
    refused(run(e93, [lift('d4')]).state, place('e5'), 'touchObligation');
    // E88 has no tie-break: the recorded order stands (the enemy pawn first → it must be captured).
    const e88 = PROFILES['fide1988-ibca1985'];
    const s88 = run(board(OWN_ENEMY, 'w'), [{ type: 'touchTogether', squares: ['e5', 'c3'] }], e88).state;
    expect(completed(run(s88, [lift('d4'), place('e5'), announce(), press], e88).events)).toEqual(['d4e5']);
  });

  const CASTLE = 'r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8';
  test.each<[ProfileId, boolean]>([
    ['fide1993-ibca1985', false],
    ['fide1988-ibca1985', false],
    ['fide2018', false],
    ['fide1980', true],
    ['fide1972', true],
  ])('item 55: %s — rook lifted before king: castling valid with warning = %s', (id, valid) => {
    const p = PROFILES[id];
    const s = run(board(CASTLE, 'w'), [lift('h1'), place('f1')], p).state;
    if (valid) {
      const done = run(s, [lift('e1'), place('g1'), announce(), press], p);
      expect(done.events).toContainEqual({ type: 'warning', code: 'rookTouchedFirst' });
      expect(completed(done.events)).toEqual(['e1g1']);
    } else {
      refused(s, lift('e1'), 'alreadyPlaced', p);
      expect(completed(run(s, [announce(), press], p).events)).toEqual(['h1f1']);
    }
    // Rook touched and put back, then the king: E88/E93 forbid castling with that rook.
    const back = run(board(CASTLE, 'w'), [lift('h1'), place('h1'), lift('e1')], p).state;
    const r = applyStep(back, place('g1'), p);
    // E72/E80 (Interp 6.1 (1971)): the castling stands, with the warning.
    expect(r.events[0]).toEqual(
      valid ? { type: 'warning', code: 'rookTouchedFirst' } : expect.objectContaining({ type: 'refused' }),
    );
  });

  // King and h1-rook touched together; castling short is illegal (f1 attacked by the bishop on c4).
  const NO_SHORT = 'r3k2r/pppq1ppp/2np1n2/4p3/2b1P3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 9';
  test.each<[ProfileId, boolean]>([
    ['fide1993-ibca1985', true],
    ['fide1980', true],
    ['fide1972', false],
  ])('item 56: %s — king and rook touched, castling illegal: long castling allowed = %s', (id, longOk) => {
    const p = PROFILES[id];
    const s = run(
      board(NO_SHORT, 'w'),
      [{ type: 'touchTogether', squares: ['e1', 'h1'] }, lift('e1')],
      p,
    ).state;
    refused(s, place('g1'), 'illegalPlacement', p);
    const long = applyStep(s, place('c1'), p);
    expect(long.events[0]?.type).toBe(longOk ? 'placed' : 'refused');
    // A plain king move is always allowed; any other piece is not.
    expect(completed(run(s, [place('d1'), announce(), press], p).events)).toEqual(['e1d1']);
    const other = run(
      board(NO_SHORT, 'w'),
      [{ type: 'touchTogether', squares: ['e1', 'h1'] }, lift('a2')],
      p,
    ).state;
    refused(other, place('a3'), 'touchObligation', p);
  });

  test('item 55: E72 Art 20 — the first two touched men king and rook: castle with that rook', () => {
    const e72 = PROFILES.fide1972;
    const s = run(
      board(CASTLE, 'w'),
      [lift('e1'), place('e1'), lift('h1'), place('h1'), lift('e1')],
      e72,
    ).state;
    refused(s, place('f1'), 'touchObligation', e72);
    expect(completed(run(s, [place('g1'), lift('h1'), place('f1'), announce(), press], e72).events)).toEqual([
      'e1g1',
    ]);
    // The same touches in E93 only bind the king (first touched): any king move.
    const e93 = run(board(CASTLE, 'w'), [lift('e1'), place('e1'), lift('h1'), place('h1'), lift('e1')]).state;
    expect(completed(run(e93, [place('f1'), announce(), press]).events)).toEqual(['e1f1']);
  });

  test('item 54: simultaneous touches report how the edition settles the order', () => {
    const OWN_ENEMY_FEN = 'rnbqkbnr/pppp1ppp/8/4p3/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 3';
    const together = (p: Profile) =>
      run(board(OWN_ENEMY_FEN, 'w'), [{ type: 'touchTogether', squares: ['e5', 'c3'] }], p).state.touches;
    expect(permittedMoves(OWN_ENEMY_FEN, together(PROFILES.fide1972), PROFILES.fide1972).orderUnknown).toBe(
      'opponentSpecifies',
    );
    expect(permittedMoves(OWN_ENEMY_FEN, together(E93), E93).orderUnknown).toBe('ownPieceDeemedTouched');
    const single = run(board(OWN_ENEMY_FEN, 'w'), [lift('c3')]).state.touches;
    expect(permittedMoves(OWN_ENEMY_FEN, single, E93)).toMatchObject({
      orderUnknown: null,
      obligation: { kind: 'move', square: 'c3' },
    });
  });

  test('item 56: king touched but with no legal move → any legal move', () => {
    const fen = '4k3/8/8/8/8/8/3PPP2/3QKB2 w - - 0 1';
    const { events } = run(board(fen, 'w'), [
      lift('e1'),
      place('e1'),
      lift('d2'),
      place('d4'),
      announce(),
      press,
    ]);
    expect(completed(events)).toEqual(['d2d4']);
  });

  test('item 58: an illegal placement is refused, the piece stays in hand and the lift counts as a touch', () => {
    const s = run(board(START_FEN, 'w'), [lift('g1')]).state;
    refused(s, place('g3'), 'illegalPlacement');
    expect(s.hand?.from).toBe('g1');
    expect(s.touches.map((t) => t.square)).toEqual(['g1']);
  });
});

describe('relay and bad input', () => {
  test("the opponent's move is received on the owner's board; the owner cannot act out of turn", () => {
    const white = board(START_FEN, 'w');
    const afterE4 = run(white, [lift('e2'), place('e4'), announce(), press]).state;
    refused(afterE4, lift('e4'), 'notYourTurn');
    const r = receiveMove(afterE4, 'e7e5');
    expect(r.events).toEqual([{ type: 'moveReceived', uci: 'e7e5', san: 'e5' }]);
    expect(r.state.board.get('e5')).toEqual({ color: 'b', type: 'p' });
    expect(receiveMove(r.state, 'g1f3').events[0]).toMatchObject({ type: 'refused', code: 'notYourTurn' });
    expect(receiveMove(afterE4, 'e7e4').events[0]).toMatchObject({
      type: 'refused',
      code: 'illegalPlacement',
    });
    expect(receiveMove(afterE4, 'garbage').events[0]).toMatchObject({ type: 'refused', code: 'badMove' });
  });

  test.each<[string, ApertureStep, string]>([
    ['bad square name', lift('z9'), 'badSquare'],
    ['empty string', lift(''), 'badSquare'],
    ['empty square', lift('e4'), 'emptySquare'],
    ['place with nothing in hand', place('e4'), 'nothingInHand'],
    ['place on a bad square', place('i1'), 'badSquare'],
    ['remove own piece', remove('e2'), 'notEnemyPiece'],
    ['return what was never removed', { type: 'returnCaptured', square: 'e7' }, 'notRemoved'],
    ['promotion with no pawn', { type: 'choosePromotion', piece: 'q' }, 'noPromotionPending'],
    ['announce nothing', announce(), 'notPlaced'],
    ['announce garbage', announce('hello'), 'badMove'],
    ['announce an illegal move', announce('e2e5'), 'illegalAnnouncement'],
    ['correct before announcing', { type: 'correctAnnouncement', uci: 'e2e4' }, 'notAnnounced'],
    ['press with nothing done', press, 'notPlaced'],
    ['touch together with a bad square', { type: 'touchTogether', squares: ['e2', 'x'] }, 'badSquare'],
  ])('%s → refusal, never a throw, state unchanged', (_name, step, code) => {
    refused(board(START_FEN, 'w'), step, code);
  });

  test('a second lift while holding a piece is refused', () => {
    const s = run(board(START_FEN, 'w'), [lift('e2')]).state;
    refused(s, lift('d2'), 'handFull');
    refused(s, { type: 'declareJAdoube' }, 'handFull');
    refused(run(s, [place('e4')]).state, lift('d2'), 'alreadyPlaced');
  });

  test('createAperture rejects a garbled FEN with a code', () => {
    const r = createAperture('not a fen');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('invalidFen');
  });
});
