// Rule editions as data (spec §3): every behaviour-changing field, per edition, table-driven.
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_PROFILE_ID,
  getProfile,
  isProfileId,
  PROFILE_IDS,
  PROFILES,
  type Profile,
  type ProfileId,
} from '../../src/core/index.ts';

type Row = { [K in ProfileId]: unknown };
const FIELDS: [keyof Profile, string, Row][] = [
  [
    'blindSupplement',
    '§3 row 1',
    {
      'fide1993-ibca1985': 'S85',
      'fide1988-ibca1985': 'S85',
      fide1980: 'S80',
      fide1972: 'S72',
      fide2018: 'appendixD2018',
    },
  ],
  [
    'twinBoards',
    'item 1 / BL-01',
    {
      'fide1993-ibca1985': 'onDemand',
      'fide1988-ibca1985': 'onDemand',
      fide1980: 'obligatory',
      fide1972: 'obligatory',
      fide2018: 'onDemand',
    },
  ],
  [
    'vocabularyHint',
    'S85 r.1 / Appendix D',
    {
      'fide1993-ibca1985': 'ibca1985',
      'fide1988-ibca1985': 'ibca1985',
      fide1980: 'ibca1985',
      fide1972: 'ibca1985',
      fide2018: 'fide2018-de',
    },
  ],
  [
    'castlingAfterKingReleased',
    '§3 row 5',
    {
      'fide1993-ibca1985': 'castlingOnThatSide',
      'fide1988-ibca1985': 'castlingOnThatSide',
      fide1980: 'castlingOnly',
      fide1972: 'castlingOnly',
      fide2018: 'castlingOnThatSide',
    },
  ],
  [
    'rookTouchedFirstCastling',
    'item 55 / §3 row 6',
    {
      'fide1993-ibca1985': 'forbidden',
      'fide1988-ibca1985': 'forbidden',
      fide1980: 'warningValid',
      fide1972: 'warningValid',
      fide2018: 'forbidden',
    },
  ],
  [
    'kingFirstCastlingIllegal',
    'item 56 / §3 row 7',
    {
      'fide1993-ibca1985': 'moveKingOrCastleOtherSide',
      'fide1988-ibca1985': 'moveKingOrCastleOtherSide',
      fide1980: 'moveKingOrCastleOtherSide',
      fide1972: 'moveKing',
      fide2018: 'moveKingOrCastleOtherSide',
    },
  ],
  [
    'ownAndEnemyTouched',
    'item 54 / §3 row 8',
    {
      'fide1993-ibca1985': 'captureElseFirstTouched',
      'fide1988-ibca1985': 'captureElseFirstTouched',
      fide1980: 'captureElseMoveOwnElseCaptureEnemy',
      fide1972: 'captureElseOtherCaptureElseMoveOwn',
      fide2018: 'captureElseFirstTouched',
    },
  ],
  [
    'touchOrderUnknown',
    'item 54 / §2.4.2',
    {
      'fide1993-ibca1985': 'ownPieceDeemedTouched',
      'fide1988-ibca1985': 'notAddressed',
      fide1980: 'notAddressed',
      fide1972: 'opponentSpecifies',
      fide2018: 'ownPieceDeemedTouched',
    },
  ],
  [
    'claimClock',
    'item 65 / §3 row 16',
    {
      'fide1993-ibca1985': { kind: 'stoppedPenaltyToClaimant', minutes: 5 },
      'fide1988-ibca1985': { kind: 'stoppedPenaltyToClaimant', minutes: 5 },
      fide1980: { kind: 'stoppedPenaltyToClaimant', minutes: 5 },
      fide1972: { kind: 'running' },
      fide2018: { kind: 'stoppedBonusToOpponent', minutes: 2 },
    },
  ],
  [
    'fiftyMoveExtensions',
    'item 64 / §3 row 17',
    {
      'fide1993-ibca1985': 'none',
      'fide1988-ibca1985': 'sixEndings75',
      fide1980: 'knnVsKp100',
      fide1972: 'none',
      fide2018: 'none',
    },
  ],
  [
    'organiserFiftyMoveExtensions',
    'item 64 / §2.8',
    { 'fide1993-ibca1985': true, 'fide1988-ibca1985': false, fide1980: true, fide1972: true, fide2018: true },
  ],
  [
    'insufficientMaterialDraw',
    'item 66 / §3 row 19',
    {
      'fide1993-ibca1985': true,
      'fide1988-ibca1985': true,
      fide1980: false,
      fide1972: false,
      fide2018: true,
    },
  ],
  [
    'flagVsBareKing',
    'item 46 / §3 row 20',
    {
      'fide1993-ibca1985': 'draw',
      'fide1988-ibca1985': 'draw',
      fide1980: 'loss',
      fide1972: 'loss',
      fide2018: 'draw',
    },
  ],
  [
    'colourReversal',
    'item 60 / §3 row 12',
    {
      'fide1993-ibca1985': {
        kind: 'continueAfterFraction',
        fraction: 0.25,
        basis: 'bothPlayersFirstControlTime',
      },
      'fide1988-ibca1985': { kind: 'continueAfterFraction', fraction: 0.25, basis: 'firstControlTime' },
      fide1980: { kind: 'annul' },
      fide1972: { kind: 'annul' },
      fide2018: { kind: 'continueAfterMoves', moves: 10 },
    },
  ],
  [
    'irregularDrawOffer',
    'items 67–68 / §3 row 21',
    {
      'fide1993-ibca1985': 'mayBePenalised',
      'fide1988-ibca1985': 'warning',
      fide1980: 'postponable',
      fide1972: 'notProvided',
      fide2018: 'mayBePenalised',
    },
  ],
  [
    'sealedMoveInvalid',
    'item 77 / §3 row 22',
    {
      'fide1993-ibca1985': 'ambiguousFalseOrIllegalLoses',
      'fide1988-ibca1985': 'unclearOrIllegalLoses',
      fide1980: 'unclearSignificanceLoses',
      fide1972: 'unclearSignificanceLoses',
      fide2018: 'ambiguousFalseOrIllegalLoses',
    },
  ],
  [
    'rule7',
    'item 32 / BL-26',
    {
      'fide1993-ibca1985': 'adjustToScores',
      'fide1988-ibca1985': 'adjustToScores',
      fide1980: 'arbiterSanction',
      fide1972: 'arbiterSanction',
      fide2018: 'adjustToScores',
    },
  ],
  [
    'assistantDuties',
    'item 35 / BL-29',
    {
      'fide1993-ibca1985': 'anyOrAll',
      'fide1988-ibca1985': 'anyOrAll',
      fide1980: 'fixedList',
      fide1972: 'fixedList',
      fide2018: 'anyOrAll',
    },
  ],
  [
    'sightedAssistantOnlyWhenVhHasNone',
    'item 5 / BL-05',
    { 'fide1993-ibca1985': true, 'fide1988-ibca1985': true, fide1980: true, fide1972: true, fide2018: true },
  ],
  [
    'localAdaptation',
    'item 3 / BL-03',
    {
      'fide1993-ibca1985': true,
      'fide1988-ibca1985': true,
      fide1980: false,
      fide1972: false,
      fide2018: true,
    },
  ],
  [
    'clockAdjustmentFloors',
    'item 51 / §3 row 28',
    {
      'fide1993-ibca1985': { minutesToControl: 5, minutesPerRemainingMove: 1 },
      'fide1988-ibca1985': { minutesToControl: 5, minutesPerRemainingMove: 1 },
      fide1980: null,
      fide1972: null,
      fide2018: { minutesToControl: 5, minutesPerRemainingMove: 1 },
    },
  ],
  [
    'bothFlagsFallen',
    'item 47 / §3 row 27',
    {
      'fide1993-ibca1985': 'continueNextPeriod',
      'fide1988-ibca1985': 'continueNextPeriod',
      fide1980: 'arbiterJudgement',
      fide1972: 'arbiterJudgement',
      fide2018: 'continueNextPeriod',
    },
  ],
  [
    'earlyAdjournment',
    'item 76 / §3 row 24',
    {
      'fide1993-ibca1985': 'remainingSessionTimeAdded',
      'fide1988-ibca1985': 'none',
      fide1980: 'arbiterDiscretion',
      fide1972: 'none',
      fide2018: 'none',
    },
  ],
  [
    'vhScoreKeeping',
    'item 78 / BL-38',
    {
      'fide1993-ibca1985': 'must',
      'fide1988-ibca1985': 'must',
      fide1980: 'may',
      fide1972: 'may',
      fide2018: 'must',
    },
  ],
  [
    'kingAndRookTouchedMustCastle',
    'item 55 / E72 Art 20 1(a)',
    {
      'fide1993-ibca1985': false,
      'fide1988-ibca1985': false,
      fide1980: false,
      fide1972: true,
      fide2018: false,
    },
  ],
  [
    'automaticRepetition',
    '2018 Art 9.6.1',
    { 'fide1993-ibca1985': null, 'fide1988-ibca1985': null, fide1980: null, fide1972: null, fide2018: 5 },
  ],
  [
    'automaticMoveLimit',
    '2018 Art 9.6.2',
    { 'fide1993-ibca1985': null, 'fide1988-ibca1985': null, fide1980: null, fide1972: null, fide2018: 75 },
  ],
];

describe('rule editions', () => {
  test('the five ids, the default, and lookups', () => {
    expect(Object.keys(PROFILES).sort()).toEqual([...PROFILE_IDS].sort());
    expect(DEFAULT_PROFILE_ID).toBe('fide1993-ibca1985');
    for (const id of PROFILE_IDS) expect(PROFILES[id].id).toBe(id);
    expect(isProfileId('fide1980')).toBe(true);
    expect(isProfileId('fide1977')).toBe(false);
    expect(getProfile('nonsense').id).toBe(DEFAULT_PROFILE_ID);
  });

  for (const [field, ground, row] of FIELDS) {
    test.each(PROFILE_IDS.map((id) => [id, row[id]] as const))(
      `${ground}: ${String(field)} of %s`,
      (id, value) => {
        expect(PROFILES[id][field]).toEqual(value);
      },
    );
  }

  test('immediate endings: E72 only mate, E80 mate and stalemate, E88+ also insufficient material (GR-17)', () => {
    expect(PROFILES.fide1972.immediateEndings).not.toContain('stalemate');
    expect(PROFILES.fide1980.immediateEndings).toContain('stalemate');
    expect(PROFILES.fide1980.immediateEndings).not.toContain('insufficientMaterial');
    expect(PROFILES['fide1988-ibca1985'].immediateEndings).toContain('insufficientMaterial');
  });
});
