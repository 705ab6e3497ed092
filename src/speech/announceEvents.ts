/**
 * The vocabulary of announcements (DESIGN.md principle 6): the events `announce` speaks
 * (`AnnounceEvent`), the preferences it speaks them by, and the utterances and earcons it gives.
 * announce.ts turns the events into words.
 */
import type {
  Color,
  File,
  PieceType,
  PromotionPiece,
  Rank,
  ResultReason,
  Score,
  Square,
} from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import type { LexiconOverrides, MoveForm, PositionReading } from './describe.ts';
import type { VocabularyId } from './vocabularies.ts';

// The utterances and earcons are the Speaker's and the Earcons port's plain types (ports/).
export { EARCON_IDS, type EarconId } from '../ports/earcons.ts';
export type { Politeness, Utterance } from '../ports/speaker.ts';

/** How many words the player wants (see `AnnouncePrefs.verbosity`). */
export type Verbosity = 'brief' | 'normal' | 'full';

/** How a player wants to be told things. */
export interface AnnouncePrefs {
  readonly vocabulary?: VocabularyId;
  /** The UI language of every message that is not chess words. */
  readonly locale?: Locale;
  /**
   * `brief`: the fewest words (own actions as the square, earcons carry the kind); `normal`;
   * `full`: opponent's moves with the mover's colour and the captured piece, details of differences.
   */
  readonly verbosity?: Verbosity;
  /** Long (from–to, default) or short (SAN) move words (BL-21, checklist 28). */
  readonly form?: MoveForm;
  /** Say "check" (Art 9.3: not obligatory, so a setting; default on). */
  readonly announceCheck?: boolean;
  readonly lexicon?: LexiconOverrides;
  /** The colour of the player this device speaks to; undefined for arbiters and spectators. */
  readonly player?: Color;
  /** Whose board this device is (a player's own board is "your board"); undefined for the others. */
  readonly seat?: BoardOwner;
}

/** The two players whose boards are compared. */
export type BoardOwner = 'blind' | 'sighted';

type Pair = { readonly w: number; readonly b: number };

/** A claim a player can make (mirrors the match's claim kinds). */
export type AnnounceClaim = 'repetition' | 'fiftyMoves' | 'time' | 'insufficientMaterial' | 'touchMove';

/**
 * Everything that can need words. The match reducer's and the aperture's events map onto these
 * one to one (same names where they exist); `color` is always the colour of the side that acted.
 */
export type AnnounceEvent =
  /** The board cursor moved to a square. */
  | { readonly type: 'navigated'; readonly fen: string; readonly square: Square }
  /** The cursor tried to leave the board. */
  | { readonly type: 'boardEdge' }
  /** The player asked for the whole position, one rank or one file. */
  | {
      readonly type: 'positionRead';
      readonly fen: string;
      readonly by: PositionReading;
      readonly perspective?: Color;
    }
  | { readonly type: 'rankRead'; readonly fen: string; readonly rank: Rank }
  | { readonly type: 'fileRead'; readonly fen: string; readonly file: File }
  | {
      readonly type: 'lifted';
      readonly color: Color;
      readonly square: Square;
      readonly piece: PieceType;
      /** Lifted after j'adoube (no touch obligation). */
      readonly adjusting?: boolean;
      readonly mustMove?: boolean;
    }
  | {
      readonly type: 'putBack';
      readonly color: Color;
      readonly square: Square;
      readonly piece: PieceType;
      readonly mustMove: boolean;
      /** The piece touched first, which must move, when it is another one (touch-move, Art 4.3). */
      readonly bound?: { readonly square: Square; readonly piece: PieceType };
    }
  /** `color` removed an enemy `piece` from `square` (the capture step, r.3(a)). */
  | {
      readonly type: 'captureRemoved';
      readonly color: Color;
      readonly square: Square;
      readonly piece: PieceType;
    }
  | {
      readonly type: 'placed';
      readonly color: Color;
      readonly from: Square;
      readonly to: Square;
      readonly piece: PieceType;
    }
  | { readonly type: 'promotionRequested'; readonly color: Color; readonly square: Square }
  | {
      readonly type: 'promotionChosen';
      readonly color: Color;
      readonly square: Square;
      readonly piece: PromotionPiece;
    }
  /** A move announced (r.1); `fen` is the position before it. The opponent's is the relay. */
  | { readonly type: 'announced'; readonly color: Color; readonly fen: string; readonly uci: string }
  | {
      readonly type: 'announcementCorrected';
      readonly color: Color;
      readonly fen: string;
      readonly uci: string;
    }
  | { readonly type: 'clockPressed'; readonly color: Color }
  /** `color` repeated the opponent's move (BL-18); `matches` is false if it differs. */
  | {
      readonly type: 'repeated';
      readonly color: Color;
      readonly fen: string;
      readonly uci: string;
      readonly matches: boolean;
    }
  | { readonly type: 'adjustDeclared'; readonly color: Color }
  | { readonly type: 'drawOffered'; readonly color: Color }
  | { readonly type: 'drawDeclined'; readonly color: Color }
  | { readonly type: 'claimed'; readonly color: Color; readonly claim: AnnounceClaim }
  | { readonly type: 'claimDecided'; readonly claim: AnnounceClaim; readonly upheld: boolean }
  | { readonly type: 'flagFell'; readonly color: Color }
  /** The player's own time fell below his threshold. */
  | { readonly type: 'lowTime'; readonly color: Color; readonly remainingMs: number }
  /** An optional 15- or 5-minute cue (S85 r.4), if the player turned it on. */
  | { readonly type: 'timeCue'; readonly color: Color; readonly remainingMs: number }
  /**
   * The boards differ (BL-25); `boards`: the players' boards to be reset, `announced`: the last
   * move as announced and the position before it (issue 10: everyone hears what differed).
   */
  | {
      readonly type: 'discrepancy';
      readonly differences: readonly string[];
      readonly rule?: 7 | 8;
      readonly boards?: readonly BoardOwner[];
      readonly announced?: { readonly fen: string; readonly uci: string };
    }
  /** `plies`: the moves taken back; `boardsReset`: whose boards were set to the corrected game. */
  | {
      readonly type: 'correctionApplied';
      readonly plies: number;
      readonly rule?: 7 | 8;
      readonly boardsReset?: readonly BoardOwner[];
    }
  /** The arbiter changed how moves reach the other board (BL-03: told to everyone). */
  | { readonly type: 'relayChanged'; readonly relay: 'automatic' | 'assisted' | 'manual' }
  /** Practice: moves taken back (issue 15). */
  | { readonly type: 'takenBack'; readonly plies: number; readonly toMove: Color }
  | { readonly type: 'clocksStopped' }
  | { readonly type: 'clocksResumed' }
  /** Touch-move enforced on `color` (Art 7.2 / 8.2); `takenBack` when his other move was taken back. */
  | {
      readonly type: 'touchEnforced';
      readonly color: Color;
      readonly square: Square;
      /** E72 Art 20 1(d)2: the piece on `square` must capture the one on `captures`. */
      readonly captures?: Square;
      readonly takenBack: boolean;
    }
  /** E72 Art 20.3: `color` must name the touched man. */
  | { readonly type: 'touchNamingAsked'; readonly color: Color }
  /** An illegal move found later: the position before ply `ply` stands again (Art 8.1 / 9.1). */
  | {
      readonly type: 'positionReinstated';
      readonly ply: number;
      readonly color: Color;
      readonly square: Square;
    }
  /** The game was annulled (and the colours put right when they were reversed). */
  | { readonly type: 'gameAnnulled'; readonly coloursReversed: boolean }
  | { readonly type: 'coloursReversedStands' }
  | { readonly type: 'bothFlagsFell' }
  | { readonly type: 'competitionSet'; readonly on: boolean }
  | { readonly type: 'scoreWritten'; readonly moves: number }
  /** Moves completed; said only when the player asked (BL-31, S85 r.9(d)). */
  | { readonly type: 'movesMade'; readonly moves: Pair; readonly requested: boolean }
  /** Time used (and remaining); said only when the player asked (BL-31). */
  | {
      readonly type: 'timeUsed';
      readonly usedMs: Pair;
      readonly remainingMs?: Pair;
      readonly requested: boolean;
    }
  /** An action changed nothing; `code` is the stable refusal code, `message` its fallback text. */
  | {
      readonly type: 'refused';
      readonly code: string;
      readonly message?: string;
      /** Why a placement is illegal (the piece's movement, the own king in check), or a naming void. */
      readonly reason?:
        | 'pieceMovement'
        | 'inCheck'
        | 'wouldBeInCheck'
        | 'pieceNotBound'
        | 'captureImpossible'
        | 'captureMade';
      readonly piece?: PieceType;
    }
  | {
      readonly type: 'gameEnded';
      readonly score: Score;
      /** The core's outcome model (core/outcome.ts). */
      readonly reason: ResultReason;
    }
  /** A new game began on this screen: who plays which colour, under which rules (by their label). */
  | { readonly type: 'gameStarted'; readonly color: Color; readonly edition: string }
  /** A stored game was resumed (after a reload or from the archive), with what the player holds. */
  | {
      readonly type: 'gameResumed';
      readonly color: Color;
      readonly hand: { readonly piece: PieceType; readonly square: Square } | null;
    };

/** The kinds of event announce() understands. */
export type AnnounceEventType = AnnounceEvent['type'];
