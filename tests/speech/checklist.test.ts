// Spec feature-checklist items 21–28 (rules-spec.md §5 D), speech-output side, as named tests.
import { describe, expect, test } from 'vitest';
import { legalMoves, PROMOTION_PIECES, START_FEN } from '../../src/core/index.ts';
import { LOCALES } from '../../src/i18n/index.ts';
import {
  announce,
  describeMove,
  isPrescribed,
  LEXICON_PARTS,
  VOCABULARIES,
  VOCABULARY_IDS,
} from '../../src/speech/index.ts';
import { createOutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { announced, announcementCorrected, promotionChosen, repeated } from '../helpers/matchEvents.ts';
import { StrictAnnouncer, StrictSpeaker } from './fakes/strictFakes.ts';

const CASTLING = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
const CASTLING_BLACK = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1';
const PROMOTION = '3r4/4P2k/8/8/8/8/8/K7 w - - 0 1';
const BLACK_PROMOTION = 'k7/8/8/8/8/8/4p2K/3R4 b - - 0 1';
const FORMS = ['long', 'short'] as const;

test('checklist 21: S85 files are Anna … Hector (exact spellings), ranks are numbers, e2-e4 says "Evan"', () => {
  expect(Object.values(VOCABULARIES.ibca1985.files)).toEqual([
    'Anna',
    'Bella',
    'Cesar',
    'David',
    'Evan',
    'Felix',
    'Gustav',
    'Hector',
  ]);
  expect(describeMove(START_FEN, 'e2e4', { vocabulary: 'ibca1985' })).toBe('Pawn Evan two to Evan four');
  expect(describeMove(START_FEN, 'e2e4', { vocabulary: 'ibca1985', form: 'short' })).toBe('Evan four');
  expect(describeMove(START_FEN, 'e2e4', { vocabulary: 'fide2018-de' })).toBe('Bauer Eva zwei nach Eva vier');
  // ibca1985 is the default vocabulary (BL-19).
  expect(describeMove(START_FEN, 'a2a3')).toBe('Pawn Anna two to Anna three');
});

describe('checklist 22: castling is "Kurze Rochade" / "Lange Rochade" in every UI language', () => {
  test.each(VOCABULARY_IDS)('%s, both forms, both colours', (vocabulary) => {
    for (const form of FORMS) {
      expect(describeMove(CASTLING, 'e1g1', { vocabulary, form })).toBe('Kurze Rochade');
      expect(describeMove(CASTLING, 'e1c1', { vocabulary, form })).toBe('Lange Rochade');
      expect(describeMove(CASTLING_BLACK, 'e8g8', { vocabulary, form })).toBe('Kurze Rochade');
      expect(describeMove(CASTLING_BLACK, 'e8c8', { vocabulary, form })).toBe('Lange Rochade');
    }
  });
  test.each(LOCALES)('announced to the opponent with UI language %s', (locale) => {
    for (const vocabulary of VOCABULARY_IDS) {
      const [kingside] = announce([announced('b', CASTLING_BLACK, 'e8g8')], 'blind', {
        player: 'w',
        locale,
        vocabulary,
      });
      expect(kingside?.text).toBe('Kurze Rochade');
      const [queenside] = announce([announced('w', CASTLING, 'e1c1')], 'sighted', {
        player: 'b',
        locale,
        vocabulary,
      });
      expect(queenside?.text).toBe('Lange Rochade');
    }
  });
});

test('checklist 23: a promotion always names the chosen piece, in every vocabulary and form', () => {
  for (const vocabulary of VOCABULARY_IDS) {
    const v = VOCABULARIES[vocabulary];
    for (const form of FORMS)
      for (const piece of PROMOTION_PIECES) {
        const text = describeMove(PROMOTION, `e7e8${piece}`, { vocabulary, form });
        expect(text.endsWith(`${v.promotesTo} ${v.pieces[piece]}`)).toBe(true);
        const capture = describeMove(BLACK_PROMOTION, `e2d1${piece}`, { vocabulary, form });
        expect(capture).toContain(`${v.promotesTo} ${v.pieces[piece]}`);
      }
  }
  const chosen = announce([promotionChosen('w', 'e8', 'n')], 'sighted', { player: 'b' });
  expect(chosen).toEqual([
    { text: 'Promotes to knight', lang: 'en', politeness: 'assertive', interrupt: false },
  ]);
});

test("checklist 24: the opponent's move reaches the player in his modality, and the repetition is confirmed", () => {
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
  const relay = announce([announced('b', fen, 'g8f6')], 'blind', { player: 'w' });
  // Self-voicing player: the speaker says it; screen-reader player: the live region, assertive.
  const speaker = new StrictSpeaker(['Knight Gustav eight to Felix six']);
  createOutputRouter({ speaker, announcer: new StrictAnnouncer(), mode: 'selfVoicing' }).deliver(relay);
  expect(speaker.done()).toBe(true);
  const announcer = new StrictAnnouncer([['Knight Gustav eight to Felix six', 'assertive', 'en']]);
  createOutputRouter({ speaker: new StrictSpeaker(), announcer, mode: 'screenReader' }).deliver(relay);
  expect(announcer.done()).toBe(true);
  // The blind player hears that the sighted opponent repeated his move (BL-18).
  expect(announce([repeated('w', START_FEN, 'e2e4', true)], 'sighted', { player: 'b' })).toEqual([
    { text: 'Repeated: Pawn Evan two to Evan four', lang: 'en', politeness: 'polite', interrupt: false },
  ]);
});

test('checklist 25: every legal move has its own words, with Rochade phrases and promotion pieces, so voice input can match a closed set', () => {
  for (const fen of [CASTLING, PROMOTION, BLACK_PROMOTION, 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1'])
    for (const vocabulary of VOCABULARY_IDS)
      for (const form of FORMS) {
        const texts = legalMoves(fen).map((m) => describeMove(fen, m.uci, { vocabulary, form }));
        expect(new Set(texts).size).toBe(texts.length);
      }
});

test('checklist 26: a corrected announcement is told to the opponent at once; the mover hears it confirmed', () => {
  const event = announcementCorrected('w', START_FEN, 'g1f3');
  expect(announce([event], 'sighted', { player: 'b' })).toEqual([
    {
      text: 'Correction: Knight Gustav one to Felix three',
      lang: 'en',
      politeness: 'assertive',
      interrupt: true,
      earcon: 'place',
    },
  ]);
  expect(announce([event], 'blind', { player: 'w' })).toEqual([
    {
      text: 'Correction: Knight Gustav one to Felix three',
      lang: 'en',
      politeness: 'polite',
      interrupt: false,
    },
  ]);
});

test('checklist 27: pieces, captures, check, mate and e.p. are configurable and marked non-FIDE; "check" is a setting', () => {
  for (const part of LEXICON_PARTS) expect(isPrescribed('ibca1985', part)).toBe(false);
  expect(isPrescribed('ibca1985', 'files')).toBe(true);
  const ep = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';
  const lexicon = {
    pieces: { p: 'foot soldier' },
    takes: 'x',
    enPassant: 'e.p.',
    check: 'chess',
    mate: 'checkmate',
  };
  expect(describeMove(ep, 'e5f6', { lexicon })).toBe('Foot soldier Evan five x Felix six e.p.');
  const fool = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2';
  expect(describeMove(fool, 'd8h4', { lexicon })).toBe('Queen David eight to Hector four, checkmate');
  const check = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
  expect(describeMove(check, 'f1b5', { lexicon })).toBe('Bishop Felix one to Bella five, chess');
  expect(describeMove(check, 'f1b5', { announceCheck: false })).toBe('Bishop Felix one to Bella five');
});

test('checklist 28: long (from–to) or short (algebraic) announcement style is selectable', () => {
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
  const event = announced('b', fen, 'g8f6');
  expect(announce([event], 'blind', { player: 'w', form: 'long' })[0]?.text).toBe(
    'Knight Gustav eight to Felix six',
  );
  expect(announce([event], 'blind', { player: 'w', form: 'short' })[0]?.text).toBe('Knight Felix six');
  expect(announce([event], 'blind', { player: 'w' })[0]?.text).toBe('Knight Gustav eight to Felix six');
});
