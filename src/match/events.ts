/**
 * Events: what happened, in the past tense, each with its audience (who should hear or see it), so
 * every screen renders the same facts in its own modality. The aperture lifecycle's own events
 * (core/aperture.ts) pass through tagged with the seat and colour that acted. Queries are answered
 * to the asker only (BL-31); refusals go back to whoever tried.
 */
import type {
  Score,
  ApertureEvent,
  ClaimClockCharge,
  Color,
  FloorWarning,
  GameResult,
  Obligation,
  Piece,
  PlacementReason,
  PromotionPiece,
  Square,
  RefusalCode as ApertureRefusalCode,
} from '../core/index.ts';
import type { IntentKind, Penalty, QueryTopic, SettingOverride } from './intents.ts';
import type { AnnulReason, ClaimKind, Discrepancy, Duty, PlayerRole, Role } from './types.ts';

/** Who an event is for: everyone at the table, or the listed roles only. */
export type Audience = 'everyone' | readonly Role[];

/** Refusal codes of the match layer (the aperture's own codes pass through as they are). */
export const MATCH_REFUSAL_CODES = [
  'badIntent',
  'notAuthorized',
  'notEntitled',
  'notStarted',
  'alreadyStarted',
  'notYourTurn',
  'notYourPiece',
  'boardBehind',
  'nothingToAnnounce',
  'nothingToRepeat',
  'notRepeated',
  'nothingToExecute',
  'illegalExecution',
  'notOpponentPiece',
  'notOwnPiece',
  'noDrawOffer',
  'drawOfferOpen',
  'clocksStopped',
  'clocksRunning',
  'discrepancyOpen',
  'noDiscrepancy',
  'noClaim',
  'claimOpen',
  'claimNotAllowed',
  'badTime',
  'roleTaken',
  'assistantConflict',
  'fixedSetting',
  'positionNotVerified',
  'alreadyAgreed',
  'sealing',
  'adjourned',
  'notAdjourned',
  'noSealedMove',
  'illegalSealedMove',
  'nothingToTakeBack',
  'declaredMove',
  'noTouchNaming',
  'noSuchPly',
  'notLate',
  'badScore',
  /** A paired screen whose seat another screen took over (issue 10: nothing dropped silently). */
  'seatTakenElsewhere',
] as const;
export type MatchRefusalCode = (typeof MATCH_REFUSAL_CODES)[number];

/** An intent that changed nothing, and why (stable `code`, fallback `message`). */
/** Why a named touched man or capture does not bind the accused (E72 Art 20 2(a)). */
export type NamingReason = 'pieceNotBound' | 'captureImpossible' | 'captureMade';

/**
 * Why a claim is not allowed now, as the rule says it (issue 28: a refusal says the rule's reason):
 * repetition and fifty moves only by the player having the move (`notYourMove`) and before his move
 * is played on the board (`movePlayed`, GR-36: he states the move instead); no draw by insufficient
 * material in the edition (`noSuchDraw`); a touch claim after the claimant touched a piece himself
 * (`touchedSince`, Art 7.4 / 8.4; `blindTouchedSince` for the assistant's report) or without the
 * piece named (`nameThePiece`); a capture named by the opponent where the edition has none
 * (`noNamedCapture`); a touch enforced on a piece that cannot move or has moved (`cannotEnforce`).
 * `statedMove`: the move stated with a claim is not a legal move (code `badMove`).
 */
export type ClaimReason =
  | 'notYourMove'
  | 'movePlayed'
  | 'noSuchDraw'
  | 'touchedSince'
  | 'blindTouchedSince'
  | 'nameThePiece'
  | 'noNamedCapture'
  | 'cannotEnforce'
  | 'statedMove';

export interface Refusal {
  readonly code: MatchRefusalCode | ApertureRefusalCode;
  readonly message: string;
  /** For a refused clock press: every execution condition still missing (BL-12). */
  readonly missing?: readonly ApertureRefusalCode[];
  /** For a touch-move refusal: what binds the player (GR-21). */
  readonly obligation?: Obligation;
  /**
   * For an illegal placement: why (the piece's movement or the own king), and the piece. For a
   * touched man or capture named in vain (E72 Art 20): why it binds nobody.
   */
  readonly reason?: PlacementReason | NamingReason | ClaimReason;
  readonly piece?: Piece;
}

type Pair = { readonly w: number; readonly b: number };

/** What a query returns; only the asker hears it (BL-31, S85 r.9(d)). */
export type Answer =
  | { readonly topic: 'movesMade'; readonly moves: Pair }
  | {
      readonly topic: 'timeUsed';
      readonly usedMs: Pair;
      readonly remainingMs: Pair;
      readonly movesToControl: { readonly w: number | null; readonly b: number | null };
    }
  | {
      readonly topic: 'lastMove';
      readonly move: {
        readonly color: Color;
        readonly uci: string;
        readonly san: string;
        readonly fenBefore: string;
      } | null;
    }
  | {
      readonly topic: 'moveInProgress';
      readonly holding: string | null;
      readonly placed: { readonly from: string; readonly to: string } | null;
      readonly announced: string | null;
      readonly obligation: Obligation | null;
      /** What still stands between the player and the clock press (BL-12, BL-13). */
      readonly missing: readonly ApertureRefusalCode[];
    }
  | { readonly topic: 'duties'; readonly duties: readonly Duty[] };

type Tag = { readonly audience: Audience };
type BoardTag = Tag & { readonly seat: PlayerRole; readonly color: Color };

/** The aperture's step events that pass through unchanged, tagged with seat, colour and audience. */
export type BoardEvent = Exclude<
  ApertureEvent,
  {
    type:
      | 'refused'
      | 'announced'
      | 'announcementCorrected'
      | 'clockPressed'
      | 'moveCompleted'
      | 'moveReceived'
      | 'jAdoubeDeclared';
  }
> &
  BoardTag;

/** Move facts an announcement carries, so each modality can word it (BL-15, BL-17, BL-19). */
export interface AnnouncedMove {
  readonly uci: string;
  readonly san: string;
  /** The position before the move (for describe). */
  readonly fen: string;
  readonly capture: boolean;
  readonly enPassant: boolean;
  readonly castle?: 'king' | 'queen';
  readonly promotion?: PromotionPiece;
  readonly check: boolean;
  readonly mate: boolean;
}

/** Everything the reducer reports. */
export type MatchEvent =
  | BoardEvent
  | (Tag & { readonly type: 'gameStarted'; readonly toMove: Color })
  | (Tag & { readonly type: 'joined'; readonly role: Role })
  | (Tag & { readonly type: 'left'; readonly role: Role })
  | (Tag & { readonly type: 'twinBoardsSet'; readonly on: boolean; readonly by: Role })
  | (Tag & {
      readonly type: 'refused';
      readonly intent: IntentKind;
      readonly by: Role;
      readonly refusal: Refusal;
    })
  | (BoardTag & { readonly type: 'jAdoubeDeclared' })
  /** Manual relay (BL-24): the opponent's piece lifted, put back, or the own captured piece taken off. */
  | (Tag & {
      readonly type: 'relayLifted' | 'relayPutBack' | 'relayRemoved';
      readonly seat: PlayerRole;
      readonly ply: number;
      readonly piece: Piece;
      readonly square: Square;
    })
  | (BoardTag &
      AnnouncedMove & {
        readonly type: 'announced';
        readonly by: Role | 'twinboard';
        /** The ply, once the move is complete; null while announced before the clock press. */
        readonly ply: number | null;
      })
  | (BoardTag & {
      readonly type: 'announcementCorrected';
      readonly previous: string;
      readonly uci: string;
      readonly san: string;
      readonly fen: string;
      readonly by: Role;
    })
  | (BoardTag & { readonly type: 'clockPressed'; readonly by: Role | 'twinboard'; readonly ply: number })
  | (BoardTag & {
      readonly type: 'moveCompleted';
      readonly ply: number;
      readonly uci: string;
      readonly san: string;
    })
  | (Tag & {
      readonly type: 'repeated';
      readonly ply: number | null;
      /** The colour of the repeating player (the opponent of the mover). */
      readonly color: Color;
      readonly uci: string;
      readonly fen: string;
      readonly by: Role | 'twinboard';
      readonly matches: boolean;
    })
  | (Tag & {
      readonly type: 'executed';
      readonly ply: number;
      readonly board: PlayerRole;
      readonly uci: string;
      readonly san: string;
      readonly by: Role | 'twinboard';
      readonly matches: boolean;
    })
  | (Tag & {
      readonly type: 'discrepancy';
      readonly discrepancy: Discrepancy;
      /** The last move as it was announced, and the position before it (what each role is told). */
      readonly announced: { readonly fen: string; readonly uci: string } | null;
    })
  | (Tag & {
      readonly type: 'correctionApplied';
      readonly rule: 7 | 8;
      /** Plies standing on both boards after the correction. */
      readonly plies: number;
      /** Moves taken back by the correction (on the boards reset, or retracted under rule 8). */
      readonly takenBack: number;
      readonly boardsReset: readonly PlayerRole[];
      readonly clockRestored: 'log' | 'proportional' | null;
      readonly by: Role | 'twinboard';
    })
  | (Tag & { readonly type: 'correctionAgreed'; readonly by: Role })
  /** Practice: plies taken back; the game goes on from the position before them. */
  | (Tag & { readonly type: 'takenBack'; readonly by: Role; readonly plies: number; readonly toMove: Color })
  | (Tag & {
      readonly type: 'drawOffered';
      readonly color: Color;
      readonly regular: boolean;
    })
  | (Tag & { readonly type: 'drawDeclined'; readonly color: Color; readonly implicit: boolean })
  | (Tag & {
      readonly type: 'claimed';
      readonly claim: ClaimKind;
      readonly color: Color;
      readonly by: Role;
      readonly move: string | null;
    })
  | (Tag & { readonly type: 'touchReported'; readonly square: string; readonly by: Role })
  | (Tag & {
      readonly type: 'claimDecided';
      readonly claim: ClaimKind;
      readonly color: Color;
      readonly upheld: boolean;
      readonly by: Role | 'twinboard';
      /** Plies (0 = start) at which the claimed position stood, when checkable (GR-37). */
      readonly evidence: readonly number[];
      /** The time the edition's rule charged or gave with the decision (§2.11, GR-56). */
      readonly charge?: ClaimClockCharge;
      /** A wrong claim's declared move, which the claimant must now play (003 Art 10.11(b)). */
      readonly declaredMove?: { readonly uci: string; readonly fen: string };
    })
  | (Tag & {
      readonly type: 'clocksStopped';
      readonly by: Role | 'twinboard';
      readonly reason: 'arbiter' | 'seekingArbiter' | 'discrepancy' | 'claim';
    })
  | (Tag & { readonly type: 'clocksResumed'; readonly by: Role | 'twinboard'; readonly running: Color })
  | (Tag & {
      readonly type: 'clockAdjusted';
      readonly color: Color;
      readonly usedMs: number;
      readonly warnings: readonly FloorWarning[];
    })
  /**
   * BL-31 / checklist 49, 83: what a player is told of a clock adjustment — only that the arbiter
   * adjusted the clocks, never the readings (`clockAdjusted` carries them to the arbiter and assistants).
   */
  | (Tag & { readonly type: 'clocksAdjusted'; readonly by: Role })
  /** The player having the move begins to seal (§2.13); nothing of the move itself. */
  | (Tag & { readonly type: 'sealingBegun'; readonly sealer: Color; readonly by: Role })
  /** For the writer of the sealed move only (GR-70, GR-71): what he wrote. */
  | (Tag & {
      readonly type: 'sealedMoveWritten';
      /** The move as kept: UCI for structured entry, the text as written for free-text sealing. */
      readonly move: string;
      /** Short algebraic when the move reads as one legal move, else null. */
      readonly san: string | null;
      /** The position before the sealed move (for describe). */
      readonly fen: string;
      readonly changed: boolean;
      readonly by: Role;
    })
  /** Custody for the arbiter (GR-71): a sealed move was written or changed; never which. */
  | (Tag & { readonly type: 'sealedMoveRecorded'; readonly changed: boolean; readonly by: Role })
  /** The sealer stopped the clock without starting the opponent's (E93 13.1(a)). */
  | (Tag & {
      readonly type: 'adjourned';
      readonly sealer: Color;
      readonly moveNumber: number;
      /** The remaining session time added to the sealer's used time (E93 13.1(b)); 0 elsewhere. */
      readonly chargedMs: number;
      readonly by: Role;
    })
  /** Without an arbiter, one player has asked to resume; the other must too (GR-96). */
  | (Tag & { readonly type: 'resumeAsked'; readonly by: Role })
  /** The envelope is opened at resumption (000 Art 16; 003/001 Art 14) and the verdict given (§2.13). */
  | (Tag & {
      readonly type: 'sealedMoveOpened';
      readonly sealer: Color;
      readonly move: string;
      readonly san: string | null;
      readonly fen: string;
      readonly verdict: 'played' | 'loss' | 'draw' | 'arbiterDecides';
      /** Why an invalid sealed move is invalid (E93 Art 10.16), else null. */
      readonly reason: 'ambiguous' | 'unintelligible' | 'illegal' | null;
      readonly by: Role;
    })
  | (Tag & {
      readonly type: 'penalized';
      readonly color: Color;
      readonly penalty: Penalty;
      readonly ms: number;
    })
  | (Tag & { readonly type: 'settingOverridden'; readonly override: SettingOverride })
  | (Tag & { readonly type: 'flagFell'; readonly color: Color })
  /** Both flags have fallen: the game goes on and each player starts the next period (003/001 Art 12.8). */
  | (Tag & { readonly type: 'bothFlagsFell' })
  /**
   * Touch-move enforced on `color` (Art 7.2 / 8.2): the piece on `square` must move; `takenBack`
   * when the move he made instead was taken back (Art 7.4 / 8.4).
   */
  | (Tag & {
      readonly type: 'touchEnforced';
      readonly color: Color;
      readonly square: string;
      /** E72 Art 20 1(d)2: the man on `square` must capture the one on `captures`. */
      readonly captures?: string;
      readonly takenBack: boolean;
      readonly by: Role | 'twinboard';
    })
  /** E72 Art 20.3: the accusation is upheld and `color` must name the touched man; his clock runs. */
  | (Tag & { readonly type: 'touchNamingAsked'; readonly color: Color })
  /** An illegal move found later: the position before ply `ply` stands again (000 Art 9.1; 003/001 Art 8.1). */
  | (Tag & {
      readonly type: 'positionReinstated';
      readonly ply: number;
      /** The player of the illegal move, who must move the piece on `square` (Art 7 / 8 applied). */
      readonly color: Color;
      readonly square: string;
      readonly takenBack: number;
      readonly clockRestored: 'log' | 'proportional';
      readonly by: Role;
    })
  /** The game was annulled and a new one is set up (000 Art 9; 003/001 Art 8; GR-27). */
  | (Tag & {
      readonly type: 'gameAnnulled';
      readonly reason: AnnulReason;
      /** Plies of the annulled game (archived in `annulled`). */
      readonly plies: number;
      /** The blind player's colour in the new game. */
      readonly blindColor: Color;
      readonly by: Role;
    })
  /** Colours reversed, judged by the edition (§3 row 12): the game stands and goes on. */
  | (Tag & { readonly type: 'coloursReversedStands'; readonly by: Role })
  | (Tag & { readonly type: 'competitionSet'; readonly on: boolean; readonly by: Role })
  /** The blind player's typed score was taken as his scoresheet (BL-38(c)). */
  | (Tag & { readonly type: 'scoreWritten'; readonly moves: number; readonly by: Role })
  | (Tag & {
      readonly type: 'answered';
      readonly by: Role;
      readonly topic: QueryTopic;
      readonly answer: Answer;
    })
  | (Tag & {
      readonly type: 'gameEnded';
      readonly result: GameResult;
      readonly score: Score;
    });

export type MatchEventType = MatchEvent['type'];

/** The event of one type, e.g. `EventOf<'announced'>`. */
export type EventOf<T extends MatchEventType> = Extract<MatchEvent, { type: T }>;

/** Whether `role` is in the event's audience. */
export function isFor(event: MatchEvent, role: Role): boolean {
  return event.audience === 'everyone' || event.audience.includes(role);
}

/** The events one role should hear or see. */
export function eventsFor(events: readonly MatchEvent[], role: Role): MatchEvent[] {
  return events.filter((e) => isFor(e, role));
}
