/**
 * The vocabulary of announcements (DESIGN.md principle 6): what `announce` speaks — the match's own
 * events (match/events.ts) and the few only a screen knows (`ScreenEvent`) — the preferences it
 * speaks them by, and the utterances and earcons it gives.
 */
import type { Color, File, PieceType, Rank, Square } from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import type { MatchEvent } from '../match/events.ts';
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
}

/** The two players whose boards are compared. */
export type BoardOwner = 'blind' | 'sighted';

/**
 * What only a screen knows, yet is said like the match's events: the player's read-outs, his time
 * cues, and the opening of a game on this screen. Everything else `announce` says is a MatchEvent.
 */
export type ScreenEvent =
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
  /** The player's own time fell below his threshold. */
  | { readonly type: 'lowTime'; readonly color: Color; readonly remainingMs: number }
  /** An optional 15- or 5-minute cue (S85 r.4), if the player turned it on. */
  | { readonly type: 'timeCue'; readonly color: Color; readonly remainingMs: number }
  /** A new game began on this screen: who plays which colour, under which rules (by their label). */
  | { readonly type: 'gameOpened'; readonly color: Color; readonly edition: string }
  /** A stored game was resumed (after a reload or from the archive), with what the player holds. */
  | {
      readonly type: 'gameResumed';
      readonly color: Color;
      readonly hand: { readonly piece: PieceType; readonly square: Square } | null;
      /** Whose move it is, said when no piece is in hand (issue 28). */
      readonly toMove?: Color;
      /** The last move on the player's board and the position before it; null before the first. */
      readonly lastMove?: { readonly fen: string; readonly uci: string } | null;
    };

/** Everything `announce` can put into words: the match's events and a screen's own. */
export type Announceable = MatchEvent | ScreenEvent;
/** The kinds of event announce() understands. */
export type AnnounceableType = Announceable['type'];
