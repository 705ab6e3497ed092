/**
 * The sighted player's board as a pure controller, like the blind player's: `sightedStep(view,
 * input, match)` takes the screen's own state (the cursor, the piece picked up, the promotion
 * being chosen) and one input (an arrow key, a click, tap, drop or Enter on a square, a promotion
 * piece) and returns the next state and the intents to send. Choosing an own piece is a touch
 * (BL-11), the next square moves it; in manual relay an opponent's piece picked up carries out his
 * announced move (BL-24). The match decides what is legal; this only asks. The React binding is
 * screens/sighted/SightedPlayer.tsx (`useSightedBoard`); tests drive it headlessly.
 */
import { fenWithPlacement, pieceAt, type Color, type PromotionPiece, type Square } from '../../core/index.ts';
import { step } from '../../core/navigation.ts';
import type { Intent } from '../../match/intents.ts';
import { awaitingExecution, awaitingRepetition, seatOfPly } from '../../match/progress.ts';
import { colorOf, turnOf } from '../../match/setup.ts';
import type { MatchState } from '../../match/types.ts';
import { may } from '../rights.ts';

const ROLE = 'sighted' as const;

/** What a picked-up piece is for: the player's own move, or carrying out the opponent's. */
export type Purpose = 'move' | 'execute';
export type Selection = { readonly from: Square; readonly purpose: Purpose } | null;

/** The screen's own state (everything else is the match's). */
export interface SightedView {
  readonly cursor: Square;
  /** The piece picked up on this screen (a touched piece in the match stays selected anyway). */
  readonly picked: Selection;
  /** A pawn dropped on the last rank waits for the piece to become. */
  readonly promotion: { readonly from: Square; readonly to: Square; readonly purpose: Purpose } | null;
}

export type SightedInput =
  | { readonly kind: 'arrow'; readonly direction: 'up' | 'down' | 'left' | 'right' }
  /** A click, a tap, a drop or Enter on a square. */
  | { readonly kind: 'choose'; readonly square: Square }
  | { readonly kind: 'promote'; readonly piece: PromotionPiece }
  | { readonly kind: 'cancelPromotion' };

export interface SightedOutput {
  readonly view: SightedView;
  /** Sent in order. */
  readonly intents: readonly Intent[];
  /** The board takes the focus (the control used went away with the change). */
  readonly focus: 'board' | null;
}

/** The screen when it opens: the cursor on the king's pawn of the player's side. */
export function initialSightedView(match: MatchState): SightedView {
  return { cursor: colorOf(match.setup, ROLE) === 'w' ? 'e2' : 'e7', picked: null, promotion: null };
}

/** The position on the sighted player's own board, a touched piece shown where it stood. */
export function sightedBoardFen(match: MatchState): string {
  const aperture = match.boards[ROLE].aperture;
  const hand = aperture.hand;
  return fenWithPlacement(
    aperture.fen,
    hand ? new Map([...aperture.board, [hand.from, hand.piece]]) : aperture.board,
  );
}

/** The selected piece: the one picked up here, or the one touched in the match (also after a reload). */
export function selectionOf(view: SightedView, match: MatchState): Selection {
  const hand = match.boards[ROLE].aperture.hand;
  return view.picked ?? (hand ? { from: hand.from, purpose: 'move' } : null);
}

/** Whether it is the sighted player's turn in a game being played. */
export function isMyTurn(match: MatchState): boolean {
  return match.phase === 'playing' && turnOf(match) === colorOf(match.setup, ROLE);
}

/** Whether the blind player's announced move waits for this player to say it back (BL-18). */
export function canRepeat(match: MatchState): boolean {
  const ply = awaitingRepetition(match);
  return ply !== null && seatOfPly(match, ply) === 'blind' && may(match, ROLE, { kind: 'repeat' });
}

/** Whether the opponent's announced and repeated move waits for this player to carry it out. */
export function canExecute(match: MatchState): boolean {
  const ply = awaitingExecution(match, ROLE);
  return (
    ply !== null &&
    ply.announced !== null &&
    ply.repeated !== null &&
    may(match, ROLE, { kind: 'execute', board: ROLE })
  );
}

/** Whether a drag may start on `square`. */
export function canDrag(view: SightedView, match: MatchState, square: Square): boolean {
  const piece = pieceAt(sightedBoardFen(match), square);
  if (!piece) return false;
  const me = colorOf(match.setup, ROLE);
  const current = selectionOf(view, match);
  if (current && current.from !== square && !(piece.color === me && current.purpose === 'move')) return false;
  return piece.color === me ? isMyTurn(match) : canExecute(match);
}

/** One step of the sighted player's board. */
export function sightedStep(view: SightedView, input: SightedInput, match: MatchState): SightedOutput {
  const me: Color = colorOf(match.setup, ROLE);
  switch (input.kind) {
    case 'arrow':
      return {
        view: { ...view, cursor: step(view.cursor, input.direction, me).square },
        intents: [],
        focus: null,
      };
    case 'choose':
      return choose(view, input.square, match, me);
    case 'promote': {
      const p = view.promotion;
      if (!p) return { view, intents: [], focus: null };
      return { ...finish(view, p.from, p.to, p.purpose, input.piece), focus: 'board' };
    }
    case 'cancelPromotion':
      return {
        view: { ...view, promotion: null, cursor: view.promotion?.from ?? view.cursor },
        intents: [],
        focus: 'board',
      };
  }
}

function finish(view: SightedView, from: Square, to: Square, purpose: Purpose, piece?: PromotionPiece) {
  const uci = `${from}${to}${piece ?? ''}`;
  const intent: Intent =
    purpose === 'move' ? { kind: 'move', uci, by: ROLE } : { kind: 'execute', board: ROLE, uci, by: ROLE };
  return { view: { ...view, picked: null, promotion: null }, intents: [intent], focus: null };
}

function choose(view: SightedView, square: Square, match: MatchState, me: Color): SightedOutput {
  const at = { ...view, cursor: square };
  const fen = sightedBoardFen(match);
  const current = selectionOf(view, match);
  const piece = pieceAt(fen, square);
  // A second square after a piece is picked up: the move (an own piece instead re-picks, under touch-move).
  if (current && current.from !== square && !(piece && piece.color === me && current.purpose === 'move')) {
    const moving = pieceAt(fen, current.from);
    if (moving?.type === 'p' && (square[1] === '8' || square[1] === '1'))
      return {
        view: { ...at, promotion: { from: current.from, to: square, purpose: current.purpose } },
        intents: [],
        focus: null,
      };
    return {
      ...finish(at, current.from, square, current.purpose),
      view: { ...at, picked: null, promotion: null },
    };
  }
  if (!piece) return { view: at, intents: [], focus: null };
  if (piece.color === me && isMyTurn(match)) {
    if (current?.from === square) return { view: at, intents: [], focus: null };
    const hand = match.boards[ROLE].aperture.hand;
    // BL-11: a deliberate selection of an own piece is a touch.
    const intents: Intent[] = hand?.from === square ? [] : [{ kind: 'touch', square, by: ROLE }];
    return { view: { ...at, picked: { from: square, purpose: 'move' } }, intents, focus: null };
  }
  if (piece.color !== me && canExecute(match))
    return { view: { ...at, picked: { from: square, purpose: 'execute' } }, intents: [], focus: null };
  return { view: at, intents: [], focus: null };
}
