// announce(events, role, prefs): words, language, politeness, interruption and earcons (issue 3).
import { describe, expect, test } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import type { Role } from '../../src/match/types.ts';
import { announce, type Announceable, type AnnouncePrefs, type Utterance } from '../../src/speech/index.ts';
import {
  announced,
  answered,
  captureRemoved,
  claimDecided,
  claimed,
  clockPressed,
  discrepancy,
  drawOffered,
  flagFell,
  gameEnded,
  lifted,
  placed,
  refused,
  repeated,
} from '../helpers/matchEvents.ts';

const AFTER_E4_D5 = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
const BLACK_TO_MOVE = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
const FOOL = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2';
const WHITE: AnnouncePrefs = { player: 'w' };
/** The listener: the blind player plays White in these tables. */
const roleOf = (prefs: AnnouncePrefs): Role => (prefs.player === 'b' ? 'sighted' : 'blind');

const one = (event: Announceable, prefs: AnnouncePrefs = WHITE): Utterance => {
  const out = announce([event], roleOf(prefs), prefs);
  expect(out).toHaveLength(1);
  return out[0]!;
};

describe('politeness and interruption', () => {
  test.each<[string, Announceable, Omit<Utterance, 'lang'>]>([
    [
      'navigation is polite and replaces stale navigation',
      { type: 'navigated', fen: START_FEN, square: 'g1' },
      { text: 'Gustav one, dark square, white knight', politeness: 'polite', interrupt: true },
    ],
    [
      "the opponent's move is assertive and interrupts, with the place earcon",
      announced('b', BLACK_TO_MOVE, 'g8f6'),
      { text: 'Knight Gustav eight to Felix six', politeness: 'assertive', interrupt: true, earcon: 'place' },
    ],
    [
      "the opponent's capture carries the capture earcon",
      announced('b', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2', 'd5e4'),
      {
        text: 'Pawn David five takes Evan four',
        politeness: 'assertive',
        interrupt: true,
        earcon: 'capture',
      },
    ],
    [
      "the opponent's check carries the check earcon",
      announced('b', FOOL, 'd8h4'),
      {
        text: 'Queen David eight to Hector four, mate',
        politeness: 'assertive',
        interrupt: true,
        earcon: 'check',
      },
    ],
    [
      'my own announcement is a polite confirmation',
      announced('w', START_FEN, 'e2e4'),
      { text: 'Announced: Pawn Evan two to Evan four', politeness: 'polite', interrupt: false },
    ],
    [
      'a fallen flag is assertive, interrupts and sounds the flag',
      flagFell('b'),
      { text: "Black's flag has fallen", politeness: 'assertive', interrupt: true, earcon: 'flag' },
    ],
    [
      'a board difference is assertive, interrupts and sounds the difference',
      discrepancy(['board/board']),
      {
        text: 'The boards differ. Clocks stopped; the arbiter decides.',
        politeness: 'assertive',
        interrupt: true,
        earcon: 'difference',
      },
    ],
    [
      'lifting my piece is polite with the lift earcon',
      lifted('w', 'g1', 'n'),
      { text: 'Lifted knight Gustav one', politeness: 'polite', interrupt: false, earcon: 'lift' },
    ],
    [
      'a refusal is assertive with the illegal earcon and its reason',
      refused('notYourTurn', 'Not your turn.'),
      { text: 'It is not your move', politeness: 'assertive', interrupt: true, earcon: 'illegal' },
    ],
    [
      'the board edge is an earcon with a polite word',
      { type: 'boardEdge' },
      { text: 'Edge of the board', politeness: 'polite', interrupt: false, earcon: 'edge' },
    ],
    [
      "the opponent's draw offer is assertive",
      drawOffered('b'),
      { text: 'Black offers a draw', politeness: 'assertive', interrupt: false },
    ],
    [
      'the end of the game is assertive and interrupts',
      gameEnded('b', 'checkmate'),
      { text: 'Game over: Black wins, checkmate', politeness: 'assertive', interrupt: true },
    ],
  ])('%s', (_name, event, expected) => {
    expect(one(event)).toMatchObject(expected);
  });
});

test('an unknown refusal code falls back to its message, then to a generic text', () => {
  expect(one(refused('somethingNew', 'Odd thing.')).text).toBe('Odd thing.');
  expect(one(refused('somethingNew')).text).toBe('Not possible');
});

describe('verbosity', () => {
  const move = announced('b', 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1', 'e7e5');
  const capture = announced('w', AFTER_E4_D5, 'e4d5');
  test.each<[AnnouncePrefs['verbosity'], Announceable, string]>([
    ['brief', { type: 'navigated', fen: START_FEN, square: 'e1' }, 'Evan one, white king'],
    ['normal', { type: 'navigated', fen: START_FEN, square: 'e1' }, 'Evan one, dark square, white king'],
    ['full', { type: 'navigated', fen: START_FEN, square: 'e4' }, 'Evan four, light square, empty'],
    ['brief', lifted('w', 'g1', 'n'), 'Gustav one'],
    ['full', lifted('w', 'g1', 'n', { mustMove: true }), 'Lifted knight Gustav one; it must be moved'],
    ['brief', refused('notYourTurn'), 'Not possible'],
    ['brief', move, 'Pawn Evan seven to Evan five'],
    ['normal', move, 'Pawn Evan seven to Evan five'],
    ['full', move, 'Black: Pawn Evan seven to Evan five'],
    [
      'full',
      discrepancy(['board/board']),
      'The boards differ (board/board). Clocks stopped; the arbiter decides.',
    ],
    ['brief', { type: 'boardEdge' }, ''],
  ])('%s: %j', (verbosity, event, text) => {
    expect(one(event, { player: 'w', verbosity }).text).toBe(text);
  });
  test('full names the captured piece of an opponent move', () => {
    expect(one(capture, { player: 'b', verbosity: 'full' }).text).toBe(
      'White: Pawn Evan four takes David five; black pawn captured',
    );
  });
  test('brief leaves out the clock-press confirmation', () => {
    expect(announce([clockPressed('w')], 'blind', { player: 'w', verbosity: 'brief' })).toEqual([]);
  });
});

describe('BL-31: moves made and time used only when asked', () => {
  // The blind player asked: he hears the answer; the sighted player did not, and hears nothing.
  const movesMade = answered({ topic: 'movesMade', moves: { w: 12, b: 11 } });
  const timeUsed = answered({
    topic: 'timeUsed',
    usedMs: { w: 3_900_000, b: 1_500_000 },
    remainingMs: { w: 5_100_000, b: 7_500_000 },
    movesToControl: { w: null, b: null },
  });
  test.each<[Announceable, Role, string | null]>([
    [movesMade, 'sighted', null],
    [movesMade, 'blind', 'Moves completed: White 12, Black 11'],
    [timeUsed, 'sighted', null],
    [
      timeUsed,
      'blind',
      'Time used: White 1 hour 5 minutes, Black 25 minutes. Remaining: White 1 hour 25 minutes, Black 2 hours 5 minutes',
    ],
  ])('%j heard by %s', (event, role, text) => {
    const out = announce([event], role, WHITE);
    if (text === null) expect(out).toEqual([]);
    else expect(out).toEqual([{ text, lang: 'en', politeness: 'polite', interrupt: true }]);
  });
});

test('checklist 49: the opponent lifting a piece or pressing the clock is not told', () => {
  expect(
    announce([lifted('b', 'g8', 'n'), placed('b', 'g8', 'f6', 'n'), clockPressed('b')], 'blind', WHITE),
  ).toEqual([]);
});

test('a batch of events gives utterances in order', () => {
  const out = announce(
    [
      lifted('w', 'e4', 'p'),
      captureRemoved('w', 'd5', 'p'),
      placed('w', 'e4', 'd5', 'p'),
      announced('w', AFTER_E4_D5, 'e4d5'),
      clockPressed('w'),
    ],
    'blind',
    WHITE,
  );
  expect(out.map((u) => [u.text, u.earcon])).toEqual([
    ['Lifted pawn Evan four', 'lift'],
    ['Removed black pawn from David five', 'capture'],
    ['Pawn placed on David five', 'place'],
    ['Announced: Pawn Evan four takes David five', undefined],
    ['Clock pressed', undefined],
  ]);
});

describe('languages', () => {
  test('German UI with the German vocabulary', () => {
    const prefs: AnnouncePrefs = { player: 'w', locale: 'de', vocabulary: 'fide2018-de' };
    expect(one(announced('b', BLACK_TO_MOVE, 'g8f6'), prefs)).toEqual({
      text: 'Springer Gustav acht nach Felix sechs',
      lang: 'de',
      politeness: 'assertive',
      interrupt: true,
      earcon: 'place',
    });
    expect(one(drawOffered('b'), prefs).text).toBe('Schwarz bietet Remis an');
    expect(one(lifted('w', 'g1', 'n'), prefs).text).toBe('Springer Gustav eins angehoben');
  });
  test('move words keep the vocabulary language; messages take the UI language', () => {
    const prefs: AnnouncePrefs = { player: 'w', locale: 'de', vocabulary: 'ibca1985' };
    expect(one(announced('b', BLACK_TO_MOVE, 'g8f6'), prefs).lang).toBe('en');
    expect(one(flagFell('w'), prefs)).toMatchObject({
      text: 'Ihre Zeit ist abgelaufen',
      lang: 'de',
    });
  });
  test('short form and no check word when the player chose so', () => {
    const prefs: AnnouncePrefs = { player: 'w', form: 'short', announceCheck: false };
    const checkByBlack = 'rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2';
    expect(one(announced('b', checkByBlack, 'f8b4'), prefs).text).toBe('Bishop Bella four');
    expect(one(announced('b', checkByBlack, 'f8b4'), prefs).earcon).toBe('check');
  });
});

test('reading the board on request is polite and interrupts', () => {
  expect(one({ type: 'rankRead', fen: START_FEN, rank: '4' })).toEqual({
    text: 'Rank four: Anna four to Hector four empty.',
    lang: 'en',
    politeness: 'polite',
    interrupt: true,
  });
  expect(one({ type: 'positionRead', fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', by: 'pieces' }).text).toBe(
    'White: king Evan one. Black: king Evan eight.',
  );
});

test('a repetition that differs from the move is an assertive board-difference warning', () => {
  expect(one(repeated('b', START_FEN, 'e2e3', false))).toEqual({
    text: 'Repeated differently: Pawn Evan two to Evan three. Check both boards.',
    lang: 'en',
    politeness: 'assertive',
    interrupt: true,
    earcon: 'difference',
  });
});

test('every refusal code of the aperture and of the match reducer has its own words in both languages', async () => {
  const modules = [await import('../../src/core/aperture.ts'), await import('../../src/match/events.ts')];
  const codes = new Set<string>(
    modules.flatMap((m) =>
      Object.entries(m)
        .filter(([name]) => name.endsWith('REFUSAL_CODES'))
        .flatMap(([, list]) => list as readonly string[]),
    ),
  );
  expect(codes.size).toBeGreaterThan(40);
  for (const code of codes)
    for (const locale of ['en', 'de'] as const) {
      const [u] = announce([refused(code, 'FALLBACK')], 'blind', { locale });
      expect(u?.text, `${locale} ${code}`).not.toBe('FALLBACK');
      expect(u?.text, `${locale} ${code}`).not.toBe(locale === 'en' ? 'Not possible' : 'Nicht möglich');
    }
});

describe('a claim decided at once', () => {
  test('is one sentence, so the decision does not cut the claim off', () => {
    const events = [claimed('b', 'time'), claimDecided('b', 'time', false)];
    expect(announce(events, 'blind').map((u) => [u.text, u.politeness])).toEqual([
      ['Black claims a win on time; the claim is rejected', 'assertive'],
    ]);
    expect(announce(events, 'blind', { locale: 'de' }).map((u) => u.text)).toEqual([
      'Schwarz reklamiert Gewinn durch Zeitüberschreitung; die Reklamation wird abgelehnt',
    ]);
    // Decided later (by the arbiter), each is said when it happens.
    expect(announce(events.slice(0, 1), 'blind').map((u) => u.text)).toEqual(['Black claims a win on time']);
  });
});
