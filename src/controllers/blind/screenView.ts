/**
 * What the blind player's screen renders, projected from the match and the screen's own state:
 * the position he feels, the board's orientation, the marked squares, what the relay waits for and
 * whether a promotion piece is being chosen. Pure; the screen model (model.ts) keeps it as its
 * snapshot, so the React component only renders it.
 */
import type { Color, Square } from '../../core/index.ts';
import type { Orientation } from '../../core/navigation.ts';
import { relayHandOf } from '../../match/index.ts';
import { colorOf } from '../../match/setup.ts';
import type { MatchState } from '../../match/types.ts';
import { moveInHandOf, ownBoardFen } from './boardView.ts';
import { relayAwaited, type RelayAwaited } from './relay.ts';
import { checkedKing } from '../sighted/sightedView.ts';
import { orientationOf, type BlindPrefs, type BlindView } from './controller.ts';

const ROLE = 'blind' as const;

export interface BlindScreenView {
  readonly match: MatchState;
  /** The screen's own state (cursor, dialog, spoken dialogue). */
  readonly view: BlindView;
  /** His own board as the pieces stand (a piece in hand out of its square). */
  readonly fen: string;
  readonly orientation: Orientation;
  readonly myColor: Color;
  /** The square of the piece in hand: his own, or his opponent's in manual relay. */
  readonly handSquare: Square | undefined;
  /** What the opponent's move waits for from this player (manual relay), or null. */
  readonly relay: RelayAwaited | null;
  readonly lastMoveUci: string | undefined;
  readonly promotionPending: boolean;
  /** The king in check on his board during the game (marked for low vision, issue 28), or null. */
  readonly check: Square | null;
}

export function blindScreenView(match: MatchState, view: BlindView, prefs: BlindPrefs): BlindScreenView {
  const aperture = match.boards[ROLE].aperture;
  return {
    match,
    view,
    fen: ownBoardFen(match, ROLE),
    orientation: orientationOf(match, prefs),
    myColor: colorOf(match.setup, ROLE),
    handSquare: relayHandOf(match, ROLE)?.from ?? aperture.hand?.from,
    relay: relayAwaited(match),
    lastMoveUci: aperture.lastCompleted?.uci,
    promotionPending: moveInHandOf(match, ROLE).promotion === 'pending',
    check: match.phase === 'playing' && aperture.placements.length === 0 ? checkedKing(aperture.fen) : null,
  };
}
