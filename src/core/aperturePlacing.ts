/**
 * The steps that handle pieces on the board: j'adoube, lifting (one piece or several at once),
 * removing and returning a captured piece, placing the piece in hand (legality, the touch-move
 * check, castling, capture removal) and choosing the promotion piece.
 */
import {
  inspect,
  isSquare,
  legalMovesFrom,
  movesLikeThat,
  PROMOTION_PIECES,
  type MoveInfo,
  type Piece,
  type PromotionPiece,
  type Square,
} from './rules.ts';
import type { Profile } from './profiles.ts';
import { withSquare } from './editedBoard.ts';
import { withItem } from './lists.ts';
import {
  changed,
  refuse,
  turnOf,
  type ApertureEvent,
  type ApertureState,
  type Placement,
  type PlacementReason,
  type StepResult,
  type Touch,
} from './apertureState.ts';
import { addTouch, describeObligation, nextGroup, obligationOf, permittedMoves } from './apertureTouches.ts';
import { analyse, movesTo, rookFirstCastle } from './apertureAnalysis.ts';

/** Art 7.1 (E88/E93) / Art 8.1 (E72–E80): the next lift is an adjustment, exempt from touch-move. */
export function doDeclareJAdoube(state: ApertureState): StepResult {
  if (state.hand) return refuse(state, 'handFull', 'Put the piece in your hand down first.');
  return {
    state: changed(state, { jAdoubeDeclared: true }),
    events: [{ type: 'jAdoubeDeclared', by: turnOf(state) }],
  };
}

export function doLift(state: ApertureState, text: string, profile: Profile): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const square = text;
  const piece = state.board.get(square);
  if (!piece) {
    // Castling the physical way (BL-16): the king, then the rook, though the rook went by itself.
    const rookBack = automaticRookTakenBack(state, square);
    if (rookBack) return doLift(rookBack, square, profile);
    return refuse(state, 'emptySquare', `There is no piece on ${square}.`, { square });
  }
  const mover = turnOf(state);
  if (piece.color !== mover) return doRemoveCaptured(state, square, profile);
  if (state.hand) return refuse(state, 'handFull', 'Put the piece in your hand down first.', { square });
  const pending = analyse(state);
  if (pending.stage === 'promotion' || (pending.stage === 'complete' && state.promotion !== null)) {
    // 003 Art 6.4: a pawn released on the promotion square may not be played to another square.
    return refuse(state, 'promotionPending', 'The pawn has been released on the promotion square.', {
      square,
    });
  }
  if (state.placements.length > 0 && !mayLiftAfterPlacement(state, square, profile)) {
    return refuse(state, 'alreadyPlaced', 'A piece has already been released on a new square.', { square });
  }
  const exempt = state.jAdoubeDeclared;
  const touches = addTouch(state.touches, { square, piece, own: true, group: nextGroup(state), exempt });
  const next: ApertureState = changed(state, {
    board: withSquare(state.board, square, undefined),
    hand: { piece, from: square },
    touches,
    jAdoubeDeclared: false,
  });
  return {
    state: next,
    events: [{ type: 'lifted', square, piece, own: true, exempt, obligation: obligationOf(next, profile) }],
  };
}

/**
 * Where the rook follows the king by itself (the `castlingRook: 'automatic'` option), a player who
 * castles as at the board — the king lifted and placed two squares over, then the rook lifted from
 * its corner and placed beside him (003 Art 5.1(b), 6.3: the king first) — reaches for a rook that
 * has already moved. His lift on the rook's own square takes the automatic rook move back, so the
 * rook is lifted from there and the castling completes when he places it. Undefined otherwise.
 */
function automaticRookTakenBack(state: ApertureState, square: Square): ApertureState | undefined {
  const [king, rook, more] = state.placements;
  if (state.hand || more || !king || !rook || king.piece.type !== 'k' || rook.piece.type !== 'r') return;
  const twoOver =
    king.from[1] === king.to[1] && Math.abs(king.from.charCodeAt(0) - king.to.charCodeAt(0)) === 2;
  if (!twoOver || rook.from !== square || rook.to[1] !== square[1]) return;
  const automatic = state.options.castlingRook === 'automatic' || state.options.kind === 'sighted';
  const there = state.board.get(rook.to);
  if (!automatic || there?.type !== 'r' || there.color !== rook.piece.color) return;
  return changed(state, {
    board: withSquare(withSquare(state.board, rook.to, undefined), rook.from, rook.piece),
    placements: [king],
  });
}

/** The only lifts allowed after a release: the rook completing castling, or (rook first) the king. */
function mayLiftAfterPlacement(state: ApertureState, square: Square, profile: Profile): boolean {
  const pending = analyse(state);
  if (pending.stage === 'castlingRook') return square === pending.castle.rookFrom;
  const first = state.placements[0];
  if (state.placements.length !== 1 || !first || first.piece.type !== 'r') return false;
  if (profile.rookTouchedFirstCastling !== 'warningValid') return false;
  return rookFirstCastle(state.fen, first) !== undefined && state.board.get(square)?.type === 'k';
}

/** Records several pieces touched at once (their order cannot be established; Art 7.2 tie-break). */
export function doTouchTogether(
  state: ApertureState,
  texts: readonly string[],
  profile: Profile,
): StepResult {
  const bad = texts.find((t) => !isSquare(t));
  if (bad !== undefined) return refuse(state, 'badSquare', `“${bad}” is not a square.`, { square: bad });
  const group = nextGroup(state);
  let touches = state.touches;
  const events: ApertureEvent[] = [];
  for (const square of texts as Square[]) {
    const piece = state.board.get(square);
    if (!piece) return refuse(state, 'emptySquare', `There is no piece on ${square}.`, { square });
    const own = piece.color === turnOf(state);
    touches = addTouch(touches, { square, piece, own, group, exempt: state.jAdoubeDeclared });
  }
  const next = changed(state, { touches, jAdoubeDeclared: false });
  const obligation = obligationOf(next, profile);
  for (const square of texts as Square[]) {
    const piece = state.board.get(square) as Piece;
    events.push({
      type: 'lifted',
      square,
      piece,
      own: piece.color === turnOf(state),
      exempt: state.jAdoubeDeclared,
      obligation,
    });
  }
  return { state: next, events };
}

/** r.3(a)/(b): the captured piece is taken off the mover's own board; the lift is a touch (BL-08). */
export function doRemoveCaptured(state: ApertureState, text: string, profile: Profile): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const square = text;
  const piece = state.board.get(square);
  if (!piece) return refuse(state, 'emptySquare', `There is no piece on ${square}.`, { square });
  if (piece.color === turnOf(state))
    return refuse(state, 'notEnemyPiece', `The piece on ${square} is your own.`, { square });
  const exempt = state.jAdoubeDeclared;
  const next: ApertureState = changed(state, {
    board: withSquare(state.board, square, undefined),
    removed: withItem(state.removed, { square, piece }),
    touches: addTouch(state.touches, { square, piece, own: false, group: nextGroup(state), exempt }),
    jAdoubeDeclared: false,
  });
  return {
    state: next,
    events: [
      { type: 'lifted', square, piece, own: false, exempt, obligation: obligationOf(next, profile) },
      { type: 'captureRemoved', square, piece },
    ],
  };
}

/** Puts a wrongly removed opponent's piece back; the touch stays in the ledger. */
export function doReturnCaptured(state: ApertureState, text: string): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const entry = state.removed.find((r) => r.square === text);
  if (!entry) return refuse(state, 'notRemoved', `No piece was removed from ${text}.`, { square: text });
  if (state.board.has(entry.square))
    return refuse(state, 'squareOccupied', `${text} is occupied.`, { square: text });
  const board = withSquare(state.board, entry.square, entry.piece);
  return {
    state: changed(state, { board, removed: state.removed.filter((r) => r !== entry) }),
    events: [{ type: 'captureReturned', square: entry.square, piece: entry.piece }],
  };
}

/** The piece in the player's hand and the square it came from. */
type Hand = NonNullable<ApertureState['hand']>;

/**
 * Puts the piece in hand down on `text`: back on its own square, as the second half of castling,
 * or as a legal move the touch-move rule permits (removing the captured man where the options do).
 */
export function doPlace(state: ApertureState, text: string, profile: Profile): StepResult {
  if (!isSquare(text)) return refuse(state, 'badSquare', `“${text}” is not a square.`, { square: text });
  const to = text;
  const hand = state.hand;
  if (!hand) return refuse(state, 'nothingInHand', 'You are not holding a piece.', { square: to });
  if (to === hand.from) return placeBack(state, hand, profile);
  const occupant = state.board.get(to);
  if (occupant && occupant.color === hand.piece.color)
    return refuse(state, 'squareOccupied', `Your own piece stands on ${to}.`, { square: to });
  const castling = placeInCastling(state, hand, to);
  if (castling) return castling;
  const candidates = movesTo(legalMovesFrom(state.fen, hand.from), to);
  if (candidates.length === 0) {
    return refuse(state, 'illegalPlacement', `The piece on ${hand.from} cannot go to ${to}.`, {
      square: to,
      reason: placementReason(state.fen, hand.from, to),
      piece: hand.piece,
    });
  }
  const touch = touchMoveVerdict(state, candidates, to, profile);
  if (touch.refused) return touch.refused;
  const sample = candidates[0] as MoveInfo;
  const extra = rookTouchedFirst(state, sample, profile)
    ? [...touch.events, { type: 'warning', code: 'rookTouchedFirst' } as const]
    : touch.events;
  return placeMove(state, hand, to, sample, extra);
}

/** S85 r.3(b): back into its own aperture is not a move; the touch (and any obligation) stands. */
function placeBack(state: ApertureState, hand: Hand, profile: Profile): StepResult {
  const next = changed(state, { board: withSquare(state.board, hand.from, hand.piece), hand: null });
  return {
    state: next,
    events: [
      { type: 'placedBack', square: hand.from, piece: hand.piece, obligation: obligationOf(next, profile) },
    ],
  };
}

/**
 * The second half of castling already begun, or undefined when none is: after the king, only the
 * rook to its square (003 Art 6.3); after the rook (where such castling stands), only the king.
 */
function placeInCastling(state: ApertureState, hand: Hand, to: Square): StepResult | undefined {
  const pending = analyse(state);
  if (pending.stage === 'castlingRook') {
    // 003 Art 6.3: once the king is released two squares away, only castling on that side may follow.
    if (hand.from !== pending.castle.rookFrom || to !== pending.castle.rookTo)
      return refuse(state, 'castlingIncomplete', `Castling: the rook goes to ${pending.castle.rookTo}.`, {
        square: to,
      });
    return commitPlacement(state, { piece: hand.piece, from: hand.from, to }, []);
  }
  if (state.placements.length === 1 && state.placements[0]?.piece.type === 'r') {
    // Rook first, then the king (allowed only in editions where such castling stands).
    const castle = rookFirstCastle(state.fen, state.placements[0]);
    if (!castle || hand.from !== castle.from || to !== castle.to)
      return refuse(state, 'illegalPlacement', `The king can only go to ${castle?.to ?? hand.from}.`, {
        square: to,
      });
    return commitPlacement(state, { piece: hand.piece, from: hand.from, to }, [
      { type: 'warning', code: 'rookTouchedFirst' },
    ]);
  }
  return undefined;
}

/**
 * The touch-move rule on a legal placement: refused under a strict obligation the move does not
 * meet, else noted as ignored (lenient) or nothing (no obligation, or the move meets it).
 */
function touchMoveVerdict(
  state: ApertureState,
  candidates: readonly MoveInfo[],
  to: Square,
  profile: Profile,
): { readonly refused?: StepResult; readonly events: readonly ApertureEvent[] } {
  const permitted = permittedMoves(state.fen, state.touches, profile);
  // Without an obligation every legal move is permitted.
  if (!permitted.obligation || anyPermitted(candidates, permitted.moves)) return { events: [] };
  if (state.options.touchMove === 'strict')
    return {
      refused: refuse(state, 'touchObligation', describeObligation(permitted.obligation), {
        square: to,
        obligation: permitted.obligation,
      }),
      events: [],
    };
  return { events: [{ type: 'touchObligationIgnored', obligation: permitted.obligation }] };
}

/**
 * E72–E80 Interp 6.1 (1971): castling begun by touching the rook earns a warning, also when the
 * rook was lifted and put back before the king went two squares.
 */
function rookTouchedFirst(state: ApertureState, move: MoveInfo, profile: Profile): boolean {
  if (!move.castle || profile.rookTouchedFirstCastling !== 'warningValid') return false;
  let firstOwn: Touch | undefined;
  let kingTouch: Touch | undefined;
  for (const t of state.touches) {
    if (t.own && !t.exempt && firstOwn === undefined) firstOwn = t;
    if (t.own && t.piece.type === 'k' && kingTouch === undefined) kingTouch = t;
  }
  return (
    firstOwn?.piece.type === 'r' &&
    firstOwn.square === move.rookFrom &&
    kingTouch !== undefined &&
    kingTouch.group !== firstOwn.group
  );
}

/**
 * Commits a legal placement. A captured man still on the board is taken off with it where it is
 * removed on the drop (the option, or the sighted side); otherwise a capture onto its square is
 * refused until the man is removed by hand.
 */
function placeMove(
  state: ApertureState,
  hand: Hand,
  to: Square,
  move: MoveInfo,
  extra: readonly ApertureEvent[],
): StepResult {
  const placement = { piece: hand.piece, from: hand.from, to };
  if (!move.captured || !move.capturedOn || !state.board.has(move.capturedOn))
    return commitPlacement(state, placement, extra);
  const onDrop = state.options.captureRemoval === 'onDrop' || state.options.kind === 'sighted';
  if (!onDrop && move.capturedOn === to)
    return refuse(state, 'captureNotRemoved', `Remove the piece on ${to} first.`, { square: to });
  if (!onDrop) return commitPlacement(state, placement, extra);
  const piece = state.board.get(move.capturedOn) as Piece;
  const removedState: ApertureState = changed(state, {
    board: withSquare(state.board, move.capturedOn, undefined),
    removed: withItem(state.removed, { square: move.capturedOn, piece }),
  });
  return commitPlacement(removedState, placement, [
    { type: 'captureRemoved', square: move.capturedOn, piece },
    ...extra,
  ]);
}

/** Why a placement with no legal move there is illegal: the piece's movement, or the own king. */
function placementReason(fen: string, from: Square, to: Square): PlacementReason {
  if (!movesLikeThat(fen, from, to)) return 'pieceMovement';
  const info = inspect(fen);
  return info.ok && info.value.inCheck ? 'inCheck' : 'wouldBeInCheck';
}

/** Whether one of the candidates is among the permitted moves. */
function anyPermitted(candidates: readonly MoveInfo[], permitted: readonly MoveInfo[]): boolean {
  for (const m of candidates) for (const p of permitted) if (p === m || p.uci === m.uci) return true;
  return false;
}

function commitPlacement(
  state: ApertureState,
  placement: Placement,
  before: readonly ApertureEvent[],
): StepResult {
  const board = withSquare(state.board, placement.to, placement.piece);
  let next: ApertureState = changed(state, {
    board,
    hand: null,
    placements: withItem(state.placements, placement),
  });
  const events: ApertureEvent[] = [
    ...before,
    { type: 'placed', from: placement.from, to: placement.to, piece: placement.piece },
  ];
  const pending = analyse(next);
  if (pending.stage === 'castlingRook') {
    const { castle } = pending;
    const side = castle.castle ?? 'king';
    events.push({ type: 'castlingStarted', side, rookFrom: castle.rookFrom, rookTo: castle.rookTo });
    if (state.options.castlingRook === 'automatic' || state.options.kind === 'sighted') {
      const rook = board.get(castle.rookFrom);
      if (rook) {
        next = changed(next, {
          board: withSquare(withSquare(board, castle.rookFrom, undefined), castle.rookTo, rook),
          placements: withItem(next.placements, { piece: rook, from: castle.rookFrom, to: castle.rookTo }),
        });
        events.push({ type: 'placed', from: castle.rookFrom, to: castle.rookTo, piece: rook });
      }
    }
  } else if (pending.stage === 'promotion') {
    events.push({ type: 'promotionPending', square: pending.square });
  }
  return { state: next, events };
}

export function doChoosePromotion(state: ApertureState, text: string): StepResult {
  const pending = analyse(state);
  if (state.promotion !== null)
    return refuse(state, 'promotionAlreadyChosen', 'The new piece has already been placed.');
  if (pending.stage !== 'promotion')
    return refuse(state, 'noPromotionPending', 'No pawn is waiting to be promoted.');
  const piece = text.trim().toLowerCase();
  if (!(PROMOTION_PIECES as readonly string[]).includes(piece))
    return refuse(state, 'badPromotionPiece', `“${text}” is not a queen, rook, bishop or knight.`);
  const promotion = piece as PromotionPiece;
  // 000 Art 6.6(c) / 003 Art 5.6(d): any of the four, irrespective of the pieces still on the board.
  const board = withSquare(state.board, pending.square, { color: turnOf(state), type: promotion });
  return {
    state: changed(state, { board, promotion }),
    events: [{ type: 'promotionChosen', square: pending.square, piece: promotion }],
  };
}
