/**
 * The aperture's vocabulary and the building of its states: the state of one board during a turn,
 * the steps a player takes, the past-tense events and the stable refusal codes (the public types of
 * aperture.ts), and the helpers every step uses to make the next state (`changed`, a fresh turn)
 * or a refusal.
 */
import { err, ok, type Result } from './result.ts';
import {
  inspect,
  START_FEN,
  type Color,
  type MoveInfo,
  type Piece,
  type PromotionPiece,
  type Square,
} from './rules.ts';

/** One deliberate touch (a lift) in this turn's ledger (GR-20). */
export interface Touch {
  readonly square: Square;
  readonly piece: Piece;
  /** True for a piece of the side to move. */
  readonly own: boolean;
  /** Touches in the same group were simultaneous (their order cannot be established). */
  readonly group: number;
  /** Lifted after j'adoube: an adjustment, exempt from touch-move (Art 7.1 / 8.1). */
  readonly exempt: boolean;
}

export interface ApertureOptions {
  /** `aperture`: the VH board, executed = placed + capture removed + announced (r.3); `sighted`: normal rules. */
  readonly kind: 'aperture' | 'sighted';
  /**
   * `onDrop` (DEFAULT, BL-14): dropping on an enemy piece removes it, and an en-passant drop removes
   * the pawn from its real square; `explicit` (training fidelity): the player removes it himself.
   */
  readonly captureRemoval: 'onDrop' | 'explicit';
  /** Who moves the rook once the king stands two squares away (BL-16 CONFIG). */
  readonly castlingRook: 'player' | 'automatic';
  /** `strict` allows only obligated moves; `advisory` allows any legal move and logs the violation (GR-21). */
  readonly touchMove: 'strict' | 'advisory';
}

const DEFAULT_APERTURE_OPTIONS: ApertureOptions = {
  kind: 'aperture',
  captureRemoval: 'onDrop',
  castlingRook: 'player',
  touchMove: 'strict',
};

export interface Placement {
  readonly piece: Piece;
  readonly from: Square;
  readonly to: Square;
}

export interface ApertureState {
  /** The position before the move in progress (the last executed move is in it). */
  readonly fen: string;
  /** Whose moves this board's owner makes; `both` for a single shared board. */
  readonly owner: Color | 'both';
  readonly options: ApertureOptions;
  /** What stands in the apertures now. */
  readonly board: ReadonlyMap<Square, Piece>;
  /** The piece in the player's hand and where it came from. */
  readonly hand: { readonly piece: Piece; readonly from: Square } | null;
  /** Opponent's pieces taken off this board during this turn. */
  readonly removed: readonly { readonly square: Square; readonly piece: Piece }[];
  readonly touches: readonly Touch[];
  readonly jAdoubeDeclared: boolean;
  /** Own pieces released on a different square this turn (king then rook when castling). */
  readonly placements: readonly Placement[];
  readonly promotion: PromotionPiece | null;
  /** The announced move (UCI), if any. */
  readonly announced: string | null;
  /** The last move completed on this board by a clock press. */
  readonly lastCompleted: { readonly uci: string; readonly san: string; readonly by: Color } | null;
}

export type ApertureStep =
  | { readonly type: 'declareJAdoube' }
  | { readonly type: 'lift'; readonly square: string }
  | { readonly type: 'touchTogether'; readonly squares: readonly string[] }
  | { readonly type: 'removeCaptured'; readonly square: string }
  | { readonly type: 'returnCaptured'; readonly square: string }
  | { readonly type: 'place'; readonly square: string }
  | { readonly type: 'choosePromotion'; readonly piece: string }
  | { readonly type: 'announce'; readonly uci?: string }
  | { readonly type: 'correctAnnouncement'; readonly uci: string }
  | { readonly type: 'pressClock' };

export const REFUSAL_CODES = [
  'badSquare',
  'badMove',
  'notYourTurn',
  'emptySquare',
  'handFull',
  'nothingInHand',
  'notEnemyPiece',
  'notRemoved',
  'squareOccupied',
  'illegalPlacement',
  'touchObligation',
  'captureNotRemoved',
  'wrongPieceRemoved',
  'alreadyPlaced',
  'castlingIncomplete',
  'promotionPending',
  'noPromotionPending',
  'badPromotionPiece',
  'promotionAlreadyChosen',
  'promotionNotChosen',
  'notPlaced',
  'pieceInHand',
  'notAnnounced',
  'alreadyAnnounced',
  'illegalAnnouncement',
  'announcementMismatch',
  'promotionNotAnnounced',
  'notApplicable',
  'alreadyPressed',
  'gameOver',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];
/** Why a placement is illegal: the piece does not move so, or the own king is or would be in check. */
export type PlacementReason = 'pieceMovement' | 'inCheck' | 'wouldBeInCheck';

/** What the player must do because of his touches (GR-21), in data for describe/announce. */
export type Obligation =
  | { readonly kind: 'move'; readonly square: Square; readonly piece: Piece }
  | { readonly kind: 'capture'; readonly square: Square; readonly piece: Piece; readonly with?: Square }
  | { readonly kind: 'castle'; readonly rookSquare: Square };

export type ApertureEvent =
  | { readonly type: 'jAdoubeDeclared'; readonly by: Color }
  | {
      readonly type: 'lifted';
      readonly square: Square;
      readonly piece: Piece;
      readonly own: boolean;
      readonly exempt: boolean;
      readonly obligation: Obligation | null;
    }
  | { readonly type: 'captureRemoved'; readonly square: Square; readonly piece: Piece }
  | { readonly type: 'captureReturned'; readonly square: Square; readonly piece: Piece }
  | {
      readonly type: 'placedBack';
      readonly square: Square;
      readonly piece: Piece;
      readonly obligation: Obligation | null;
    }
  | { readonly type: 'placed'; readonly from: Square; readonly to: Square; readonly piece: Piece }
  | {
      readonly type: 'castlingStarted';
      readonly side: 'king' | 'queen';
      readonly rookFrom: Square;
      readonly rookTo: Square;
    }
  | { readonly type: 'promotionPending'; readonly square: Square }
  | { readonly type: 'promotionChosen'; readonly square: Square; readonly piece: PromotionPiece }
  | { readonly type: 'announced'; readonly uci: string; readonly san: string }
  | {
      readonly type: 'announcementCorrected';
      readonly previous: string;
      readonly uci: string;
      readonly san: string;
    }
  | { readonly type: 'clockPressed'; readonly by: Color }
  | { readonly type: 'moveCompleted'; readonly uci: string; readonly san: string; readonly move: MoveInfo }
  | { readonly type: 'moveReceived'; readonly uci: string; readonly san: string }
  | { readonly type: 'warning'; readonly code: 'rookTouchedFirst' }
  | { readonly type: 'touchObligationIgnored'; readonly obligation: Obligation }
  | {
      readonly type: 'refused';
      readonly code: RefusalCode;
      readonly message: string;
      readonly square?: string;
      readonly obligation?: Obligation;
      /** For an illegal placement: why, and the piece in hand. */
      readonly reason?: PlacementReason;
      readonly piece?: Piece;
      /** For a refused clock press: every condition still missing, in the order r.3 lists them. */
      readonly missing?: readonly RefusalCode[];
    };

export interface StepResult {
  readonly state: ApertureState;
  readonly events: readonly ApertureEvent[];
}

export interface ApertureError {
  readonly code: 'invalidFen';
  readonly message: string;
}

/** A fresh board for `fen`, owned by one side (or `both` for a shared local board). */
export function createAperture(
  fen: string,
  owner: Color | 'both' = 'both',
  options: Partial<ApertureOptions> = {},
): Result<ApertureState, ApertureError> {
  const r = inspect(fen);
  if (!r.ok) return err({ code: 'invalidFen', message: r.error.message });
  return ok(freshTurn(r.value.fen, owner, { ...DEFAULT_APERTURE_OPTIONS, ...options }, null));
}

export function freshTurn(
  fen: string,
  owner: Color | 'both',
  options: ApertureOptions,
  lastCompleted: ApertureState['lastCompleted'],
): ApertureState {
  const info = inspect(fen);
  return changed(NEW_TURN, {
    fen,
    owner,
    options,
    // Shared with the position's (cached, never written) board: a step that changes a board makes
    // an edited view of it (editedBoard.ts), so a fresh turn need not copy it (issue 14).
    board: info.ok ? info.value.board : new Map(),
    lastCompleted,
  });
}

/** What a turn starts with (the position and the owner come with it). */
const NEW_TURN: ApertureState = {
  fen: START_FEN,
  owner: 'both',
  options: DEFAULT_APERTURE_OPTIONS,
  board: new Map(),
  hand: null,
  removed: [],
  touches: [],
  jAdoubeDeclared: false,
  placements: [],
  promotion: null,
  announced: null,
  lastCompleted: null,
};

/**
 * The state with some fields changed (`{ ...state, ...c }`). Every state is built by this one
 * literal, in one field order, so that all of them share one hidden class and reading their fields
 * stays fast (issue 14).
 */
export function changed(state: ApertureState, c: Partial<ApertureState>): ApertureState {
  const next: { -readonly [K in keyof ApertureState]: ApertureState[K] } = {
    fen: state.fen,
    owner: state.owner,
    options: state.options,
    board: state.board,
    hand: state.hand,
    removed: state.removed,
    touches: state.touches,
    jAdoubeDeclared: state.jAdoubeDeclared,
    placements: state.placements,
    promotion: state.promotion,
    announced: state.announced,
    lastCompleted: state.lastCompleted,
  };
  return Object.assign(next, c);
}

export const refuse = (
  state: ApertureState,
  code: RefusalCode,
  message: string,
  extra: Partial<Extract<ApertureEvent, { type: 'refused' }>> = {},
): StepResult => ({ state, events: [{ type: 'refused', code, message, ...extra }] });

// The side to move is the character after the first space of the FEN (read without splitting it:
// this runs several times per intent on the server, issue 14).
export const turnOf = (state: ApertureState): Color =>
  state.fen.charAt(state.fen.indexOf(' ') + 1) === 'b' ? 'b' : 'w';
export const mayAct = (state: ApertureState): boolean =>
  state.owner === 'both' || state.owner === turnOf(state);
