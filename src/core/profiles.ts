/**
 * Rule editions as data (spec §3). A Profile names the Laws edition and the blind supplement a game
 * is played under, and carries every difference between the editions that changes what the
 * software does as a field. The aperture lifecycle, the clock and the claims read these fields;
 * nothing else in Twinboard branches on an edition id.
 */
import type { ResultReason } from './outcome.ts';

export const PROFILE_IDS = [
  'fide1993-ibca1985',
  'fide1988-ibca1985',
  'fide1980',
  'fide1977',
  'fide1972',
  'fide2018',
] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** The Laws of Chess edition: 1972 (Skopje, 002), 1977/78 (004), 1980 (000), 1988 (003), 1993 (001), 2018. */
export type LawsEdition = 'E72' | 'E77' | 'E80' | 'E88' | 'E93' | 'E2018';
/** The blind supplement: 1972 No. 4, 1980 No. 3, IBCA 1985, or today's Appendix D. */
export type BlindSupplement = 'S72' | 'S80' | 'S85' | 'appendixD2018';

/**
 * What a player who touched one of his own pieces and one of the opponent's must do (spec §2.4.2,
 * §3 row 8): E72 Art 20 1(c) capture with the touched man, else with another man, else move the
 * touched own man; E80 Art 8.2(b) capture, else move own piece, else capture the enemy piece with
 * any piece; E88/E93 Art 7.2(b) capture, else move or capture the first piece touched that can be.
 */
export type OwnAndEnemyTouchedRule =
  'captureElseOtherCaptureElseMoveOwn' | 'captureElseMoveOwnElseCaptureEnemy' | 'captureElseFirstTouched';

/** How the order of simultaneous touches is settled (E93 Art 7.2: the own piece is deemed touched). */
export type TouchOrderUnknownRule = 'opponentSpecifies' | 'notAddressed' | 'ownPieceDeemedTouched';

/**
 * The clock during a repetition or fifty-move claim (spec §2.11, GR-56): E72 the claimant's clock
 * keeps running; E77 Interp 18.2 (1976) exactly five minutes charged; E80/E88/E93 clocks stopped and
 * five minutes added to the claimant's time if the claim is wrong; 2018 Art 9.5.3 two minutes added
 * to the opponent's remaining time if the claim is wrong.
 */
export type ClaimClockRule =
  | { readonly kind: 'running' }
  | { readonly kind: 'fixedCharge'; readonly minutes: number }
  | { readonly kind: 'stoppedPenaltyToClaimant'; readonly minutes: number }
  | { readonly kind: 'stoppedBonusToOpponent'; readonly minutes: number };

/** Extensions of the fifty-move rule written into the Laws themselves (spec §2.8, GR-41). */
export type FiftyMoveExtensions = 'none' | 'knnVsKp100' | 'sixEndings75';

/** Colours reversed (spec §2.5, §3 row 12). */
export type ColourReversalRule =
  | { readonly kind: 'annul' }
  /** Continue once this fraction of the first control's time has elapsed (`basis` says whose time). */
  | {
      readonly kind: 'continueAfterFraction';
      readonly fraction: number;
      readonly basis: 'firstControlTime' | 'bothPlayersFirstControlTime';
    }
  /** 2018 Art 7.3: fewer than ten moves by both players → new game; otherwise continue. */
  | { readonly kind: 'continueAfterMoves'; readonly moves: number };

/**
 * A draw offer made other than right after one's own move (spec §2.10, §3 row 21): E72 the Laws
 * provide only the regular offer; E80 Interp 18.1 (1974A) the opponent may accept, reject or
 * postpone; E88 10.10 the offerer is warned; E93 10.8 and 2018 11.5 it may be penalised.
 */
export type IrregularDrawOfferRule = 'notProvided' | 'postponable' | 'warning' | 'mayBePenalised';

/** Which sealed moves lose (spec §2.13, §3 row 22). */
export type SealedMoveInvalidRule =
  'unclearSignificanceLoses' | 'unclearOrIllegalLoses' | 'ambiguousFalseOrIllegalLoses';

/** Rule 7 of the blind supplement: positions differ but the scores agree (BL-26). */
export type Rule7Handling = 'arbiterSanction' | 'adjustToScores';

/** Both flags fallen and the order unknown (spec §2.12, §3 row 27). */
export type BothFlagsFallenRule = 'arbiterJudgement' | 'continueNextPeriod';

/** Adjourning before the end of the session (spec §2.13, §3 row 24). */
export type EarlyAdjournmentRule = 'none' | 'arbiterDiscretion' | 'remainingSessionTimeAdded';

/** Endings that finish the game on the board, whatever the clock shows afterwards (GR-17). */
export type ImmediateEnding = Extract<
  ResultReason,
  'checkmate' | 'stalemate' | 'resignation' | 'agreement' | 'insufficientMaterial'
>;

/** Minimum times an arbiter's clock adjustment must leave (E88/E93 Art 12.4, 12.6; GR-64). */
export interface ClockAdjustmentFloors {
  readonly minutesToControl: number;
  readonly minutesPerRemainingMove: number;
}

/** One rule edition: the Laws, the blind supplement, and every behaviour-changing difference. */
export interface Profile {
  readonly id: ProfileId;
  readonly label: string;
  /** Where the seed is silent and the profile follows another edition, and why (shown in the settings). */
  readonly notes: readonly string[];
  readonly laws: LawsEdition;
  readonly blindSupplement: BlindSupplement;
  /** S72/S80: two boards obligatory; S85 and Appendix D: either player may demand them (BL-01). */
  readonly twinBoards: 'obligatory' | 'onDemand';
  /** S85 intro: tournament directors may adapt the supplement (BL-03). */
  readonly localAdaptation: boolean;
  /** Rook touched before the king (§3 row 6): warning but castling valid, or castling with that rook forbidden. */
  readonly rookTouchedFirstCastling: 'warningValid' | 'forbidden';
  /** King touched first (or king and rook together) and castling illegal (§3 row 7). */
  readonly kingFirstCastlingIllegal: 'moveKing' | 'moveKingOrCastleOtherSide';
  /** E72 Art 20 1(a): if the first two touched men are king and rook, he must castle with that rook. */
  readonly kingAndRookTouchedMustCastle: boolean;
  readonly ownAndEnemyTouched: OwnAndEnemyTouchedRule;
  readonly touchOrderUnknown: TouchOrderUnknownRule;
  readonly claimClock: ClaimClockRule;
  readonly fiftyMoveExtensions: FiftyMoveExtensions;
  /** Whether regulations announced before the event may extend the fifty-move rule (§2.8). */
  readonly organiserFiftyMoveExtensions: boolean;
  /** E88/E93: K–K, K–KB, K–KN, KB–KB same-coloured bishops end the game at once (§3 row 19). */
  readonly insufficientMaterialDraw: boolean;
  /** The opponent of a bare king oversteps the time: loss (E72–E80) or draw (E88+) (§3 row 20). */
  readonly flagVsBareKing: 'loss' | 'draw';
  /** 2018 Art 9.6: fivefold repetition ends the game without a claim; null where no such rule. */
  readonly automaticRepetition: number | null;
  /** 2018 Art 9.6.2: 75 moves without capture or pawn move end the game; null where no such rule. */
  readonly automaticMoveLimit: number | null;
  readonly colourReversal: ColourReversalRule;
  readonly irregularDrawOffer: IrregularDrawOfferRule;
  readonly sealedMoveInvalid: SealedMoveInvalidRule;
  readonly rule7: Rule7Handling;
  /** S72/S80: the assistant has the fixed duties (a)–(f); S85: any or all of them (BL-29). */
  readonly assistantDuties: 'fixedList' | 'anyOrAll';
  /** r.10 (all supplements): the sighted player may have an assistant only when the VH player has none (BL-05). */
  readonly sightedAssistantOnlyWhenVhHasNone: boolean;
  /** E88/E93 floors for arbiter clock adjustments; null where the arbiter judges freely. */
  readonly clockAdjustmentFloors: ClockAdjustmentFloors | null;
  readonly bothFlagsFallen: BothFlagsFallenRule;
  readonly earlyAdjournment: EarlyAdjournmentRule;
  /** Endings that stand even if the mover had not pressed the clock (003 Art 6.5; 001 Art 6.5; 002 Interp 4). */
  readonly immediateEndings: readonly ImmediateEnding[];
}

const MODERN_ENDINGS: readonly ImmediateEnding[] = [
  'checkmate',
  'stalemate',
  'resignation',
  'agreement',
  'insufficientMaterial',
];

const FIDE1993: Profile = {
  id: 'fide1993-ibca1985',
  label: 'FIDE 1993 + IBCA 1985',
  // The seeds hold no 1993 blind supplement; S85 is assumed to accompany E93 (spec §1.4 item 7).
  notes: ['No blind supplement of 1993 in the seeds: IBCA 1985 applies.'],
  laws: 'E93',
  blindSupplement: 'S85',
  twinBoards: 'onDemand',
  localAdaptation: true,
  rookTouchedFirstCastling: 'forbidden',
  kingFirstCastlingIllegal: 'moveKingOrCastleOtherSide',
  kingAndRookTouchedMustCastle: false,
  ownAndEnemyTouched: 'captureElseFirstTouched',
  touchOrderUnknown: 'ownPieceDeemedTouched',
  claimClock: { kind: 'stoppedPenaltyToClaimant', minutes: 5 },
  fiftyMoveExtensions: 'none',
  organiserFiftyMoveExtensions: true,
  insufficientMaterialDraw: true,
  flagVsBareKing: 'draw',
  automaticRepetition: null,
  automaticMoveLimit: null,
  colourReversal: { kind: 'continueAfterFraction', fraction: 0.25, basis: 'bothPlayersFirstControlTime' },
  irregularDrawOffer: 'mayBePenalised',
  sealedMoveInvalid: 'ambiguousFalseOrIllegalLoses',
  rule7: 'adjustToScores',
  assistantDuties: 'anyOrAll',
  sightedAssistantOnlyWhenVhHasNone: true,
  clockAdjustmentFloors: { minutesToControl: 5, minutesPerRemainingMove: 1 },
  bothFlagsFallen: 'continueNextPeriod',
  earlyAdjournment: 'remainingSessionTimeAdded',
  immediateEndings: MODERN_ENDINGS,
};

const FIDE1988: Profile = {
  ...FIDE1993,
  id: 'fide1988-ibca1985',
  label: 'FIDE 1988 + IBCA 1985',
  notes: [],
  laws: 'E88',
  // E88 Art 7.2 has no tie-break sentence for an unknown touch order.
  touchOrderUnknown: 'notAddressed',
  fiftyMoveExtensions: 'sixEndings75',
  // E88 10.8: the increase must be "clearly established in the Laws of Chess", not by organisers.
  organiserFiftyMoveExtensions: false,
  colourReversal: { kind: 'continueAfterFraction', fraction: 0.25, basis: 'firstControlTime' },
  irregularDrawOffer: 'warning',
  sealedMoveInvalid: 'unclearOrIllegalLoses',
  earlyAdjournment: 'none',
};

const FIDE1980: Profile = {
  id: 'fide1980',
  label: 'FIDE 1980',
  notes: [],
  laws: 'E80',
  blindSupplement: 'S80',
  twinBoards: 'obligatory',
  localAdaptation: false,
  rookTouchedFirstCastling: 'warningValid',
  kingFirstCastlingIllegal: 'moveKingOrCastleOtherSide',
  kingAndRookTouchedMustCastle: false,
  ownAndEnemyTouched: 'captureElseMoveOwnElseCaptureEnemy',
  touchOrderUnknown: 'notAddressed',
  claimClock: { kind: 'stoppedPenaltyToClaimant', minutes: 5 },
  fiftyMoveExtensions: 'knnVsKp100',
  organiserFiftyMoveExtensions: true,
  insufficientMaterialDraw: false,
  flagVsBareKing: 'loss',
  automaticRepetition: null,
  automaticMoveLimit: null,
  colourReversal: { kind: 'annul' },
  irregularDrawOffer: 'postponable',
  sealedMoveInvalid: 'unclearSignificanceLoses',
  rule7: 'arbiterSanction',
  assistantDuties: 'fixedList',
  sightedAssistantOnlyWhenVhHasNone: true,
  clockAdjustmentFloors: null,
  bothFlagsFallen: 'arbiterJudgement',
  earlyAdjournment: 'arbiterDiscretion',
  // 000 Interp 14.4 (1976): only a completed checkmate or stalemate stands despite the flag.
  immediateEndings: ['checkmate', 'stalemate', 'resignation', 'agreement'],
};

const FIDE1972: Profile = {
  ...FIDE1980,
  id: 'fide1972',
  label: 'FIDE 1972 (Skopje)',
  notes: [],
  laws: 'E72',
  blindSupplement: 'S72',
  kingFirstCastlingIllegal: 'moveKing',
  kingAndRookTouchedMustCastle: true,
  ownAndEnemyTouched: 'captureElseOtherCaptureElseMoveOwn',
  touchOrderUnknown: 'opponentSpecifies',
  claimClock: { kind: 'running' },
  fiftyMoveExtensions: 'none',
  irregularDrawOffer: 'notProvided',
  earlyAdjournment: 'none',
  // 002 Interp 4 (1958): a mating move completed before the flag fell wins.
  immediateEndings: ['checkmate', 'resignation', 'agreement'],
};

/**
 * FIDE 1977/78 (seed 004: the Laws with the Interpretations to 1976). Where 004 is silent the
 * nearest edition, FIDE 1980, is followed; `notes` says where.
 */
const FIDE1977: Profile = {
  ...FIDE1980,
  id: 'fide1977',
  label: 'FIDE 1977/78',
  notes: [
    'No blind supplement in the 1977/78 text: the FIDE 1980 supplement applies.',
    'No rule on invalid sealed moves, early adjournment, both flags fallen or clock adjustments in the 1977/78 text: FIDE 1980 applies.',
  ],
  laws: 'E77',
  // 004 Interp 6.1 (1975): after touching the king first he may castle on the other side.
  kingFirstCastlingIllegal: 'moveKingOrCastleOtherSide',
  // 004 Art 8.2(b): capture; else move his own piece; else capture the enemy piece.
  ownAndEnemyTouched: 'captureElseMoveOwnElseCaptureEnemy',
  // 004 Interp 18.2 (1976): exactly five minutes charged to the claimant for the verification.
  claimClock: { kind: 'fixedCharge', minutes: 5 },
  // 004 Art 12.4 with Interp 12.4 (1958A): no draw "against the will of one of the players".
  insufficientMaterialDraw: false,
  flagVsBareKing: 'loss',
  // 004 Interp 9.4 (1958): a game begun with colours reversed is annulled.
  colourReversal: { kind: 'annul' },
  // 004 Interp 18.1 (1974A): the opponent may accept, reject or postpone an irregular offer.
  irregularDrawOffer: 'postponable',
  fiftyMoveExtensions: 'none',
};

const FIDE2018: Profile = {
  ...FIDE1993,
  id: 'fide2018',
  label: 'FIDE 2018 (Appendix D)',
  notes: [],
  laws: 'E2018',
  blindSupplement: 'appendixD2018',
  claimClock: { kind: 'stoppedBonusToOpponent', minutes: 2 },
  automaticRepetition: 5,
  automaticMoveLimit: 75,
  colourReversal: { kind: 'continueAfterMoves', moves: 10 },
  earlyAdjournment: 'none',
};

/** Every edition, keyed by id. */
export const PROFILES: Readonly<Record<ProfileId, Profile>> = {
  'fide1993-ibca1985': FIDE1993,
  'fide1988-ibca1985': FIDE1988,
  fide1980: FIDE1980,
  fide1977: FIDE1977,
  fide1972: FIDE1972,
  fide2018: FIDE2018,
};

/** E93 + S85 (spec §3: the newest Laws with the only supplement that defines the vocabulary). */
export const DEFAULT_PROFILE_ID: ProfileId = 'fide1993-ibca1985';

export function isProfileId(text: string): text is ProfileId {
  return (PROFILE_IDS as readonly string[]).includes(text);
}

/** The profile for an id, falling back to the default for unknown ids (stored settings may be stale). */
export function getProfile(id: string): Profile {
  return isProfileId(id) ? PROFILES[id] : PROFILES[DEFAULT_PROFILE_ID];
}
