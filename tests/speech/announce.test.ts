// announce(events, prefs): words, language, politeness, interruption and earcons (issue 3).
import { describe, expect, test } from 'vitest';
import { START_FEN } from '../../src/core/index.ts';
import { announce, type AnnounceEvent, type AnnouncePrefs, type Utterance } from '../../src/speech/index.ts';

const AFTER_E4_D5 = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
const BLACK_TO_MOVE = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
const FOOL = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2';
const WHITE: AnnouncePrefs = { player: 'w' };

const one = (event: AnnounceEvent, prefs: AnnouncePrefs = WHITE): Utterance => {
  const out = announce([event], prefs);
  expect(out).toHaveLength(1);
  return out[0]!;
};

describe('politeness and interruption', () => {
  test.each<[string, AnnounceEvent, Omit<Utterance, 'lang'>]>([
    [
      'navigation is polite and replaces stale navigation',
      { type: 'navigated', fen: START_FEN, square: 'g1' },
      { text: 'Gustav one, dark square, white knight', politeness: 'polite', interrupt: true },
    ],
    [
      "the opponent's move is assertive and interrupts, with the place earcon",
      { type: 'announced', color: 'b', fen: BLACK_TO_MOVE, uci: 'g8f6' },
      { text: 'Knight Gustav eight to Felix six', politeness: 'assertive', interrupt: true, earcon: 'place' },
    ],
    [
      "the opponent's capture carries the capture earcon",
      {
        type: 'announced',
        color: 'b',
        fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2',
        uci: 'd5e4',
      },
      {
        text: 'Pawn David five takes Evan four',
        politeness: 'assertive',
        interrupt: true,
        earcon: 'capture',
      },
    ],
    [
      "the opponent's check carries the check earcon",
      { type: 'announced', color: 'b', fen: FOOL, uci: 'd8h4' },
      {
        text: 'Queen David eight to Hector four, mate',
        politeness: 'assertive',
        interrupt: true,
        earcon: 'check',
      },
    ],
    [
      'my own announcement is a polite confirmation',
      { type: 'announced', color: 'w', fen: START_FEN, uci: 'e2e4' },
      { text: 'Announced: Pawn Evan two to Evan four', politeness: 'polite', interrupt: false },
    ],
    [
      'a fallen flag is assertive, interrupts and sounds the flag',
      { type: 'flagFell', color: 'b' },
      { text: "Black's flag has fallen", politeness: 'assertive', interrupt: true, earcon: 'flag' },
    ],
    [
      'a board difference is assertive, interrupts and sounds the difference',
      { type: 'discrepancy', differences: ['board/board'] },
      {
        text: 'The boards differ. Clocks stopped; the arbiter decides.',
        politeness: 'assertive',
        interrupt: true,
        earcon: 'difference',
      },
    ],
    [
      'lifting my piece is polite with the lift earcon',
      { type: 'lifted', color: 'w', square: 'g1', piece: 'n' },
      { text: 'Lifted knight Gustav one', politeness: 'polite', interrupt: false, earcon: 'lift' },
    ],
    [
      'a refusal is assertive with the illegal earcon and its reason',
      { type: 'refused', code: 'notYourTurn', message: 'Not your turn.' },
      { text: 'It is not your move', politeness: 'assertive', interrupt: true, earcon: 'illegal' },
    ],
    [
      'the board edge is an earcon with a polite word',
      { type: 'boardEdge' },
      { text: 'Edge of the board', politeness: 'polite', interrupt: false, earcon: 'edge' },
    ],
    [
      "the opponent's draw offer is assertive",
      { type: 'drawOffered', color: 'b' },
      { text: 'Black offers a draw', politeness: 'assertive', interrupt: false },
    ],
    [
      'the end of the game is assertive and interrupts',
      { type: 'gameEnded', score: '0-1', reason: 'checkmate' },
      { text: 'Game over: Black wins, checkmate', politeness: 'assertive', interrupt: true },
    ],
  ])('%s', (_name, event, expected) => {
    expect(one(event)).toMatchObject(expected);
  });
});

test('an unknown refusal code falls back to its message, then to a generic text', () => {
  expect(one({ type: 'refused', code: 'somethingNew', message: 'Odd thing.' }).text).toBe('Odd thing.');
  expect(one({ type: 'refused', code: 'somethingNew' }).text).toBe('Not possible');
});

describe('verbosity', () => {
  const move: AnnounceEvent = {
    type: 'announced',
    color: 'b',
    fen: 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1',
    uci: 'e7e5',
  };
  const capture: AnnounceEvent = { type: 'announced', color: 'w', fen: AFTER_E4_D5, uci: 'e4d5' };
  test.each<[AnnouncePrefs['verbosity'], AnnounceEvent, string]>([
    ['brief', { type: 'navigated', fen: START_FEN, square: 'e1' }, 'Evan one, white king'],
    ['normal', { type: 'navigated', fen: START_FEN, square: 'e1' }, 'Evan one, dark square, white king'],
    ['full', { type: 'navigated', fen: START_FEN, square: 'e4' }, 'Evan four, light square, empty'],
    ['brief', { type: 'lifted', color: 'w', square: 'g1', piece: 'n' }, 'Gustav one'],
    [
      'full',
      { type: 'lifted', color: 'w', square: 'g1', piece: 'n', mustMove: true },
      'Lifted knight Gustav one; it must be moved',
    ],
    ['brief', { type: 'refused', code: 'notYourTurn' }, 'Not possible'],
    ['brief', move, 'Pawn Evan seven to Evan five'],
    ['normal', move, 'Pawn Evan seven to Evan five'],
    ['full', move, 'Black: Pawn Evan seven to Evan five'],
    [
      'full',
      { type: 'discrepancy', differences: ['board/board'] },
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
    expect(announce([{ type: 'clockPressed', color: 'w' }], { player: 'w', verbosity: 'brief' })).toEqual([]);
  });
});

describe('BL-31: moves made and time used only when asked', () => {
  test.each<[AnnounceEvent, string | null]>([
    [{ type: 'movesMade', moves: { w: 12, b: 11 }, requested: false }, null],
    [{ type: 'movesMade', moves: { w: 12, b: 11 }, requested: true }, 'Moves completed: White 12, Black 11'],
    [{ type: 'timeUsed', usedMs: { w: 3_900_000, b: 1_500_000 }, requested: false }, null],
    [
      { type: 'timeUsed', usedMs: { w: 3_900_000, b: 1_500_000 }, requested: true },
      'Time used: White 1 hour 5 minutes, Black 25 minutes',
    ],
    [
      {
        type: 'timeUsed',
        usedMs: { w: 3_900_000, b: 1_500_000 },
        remainingMs: { w: 5_100_000, b: 7_500_000 },
        requested: true,
      },
      'Time used: White 1 hour 5 minutes, Black 25 minutes. Remaining: White 1 hour 25 minutes, Black 2 hours 5 minutes',
    ],
  ])('%j', (event, text) => {
    const out = announce([event], WHITE);
    if (text === null) expect(out).toEqual([]);
    else expect(out).toEqual([{ text, lang: 'en', politeness: 'polite', interrupt: true }]);
  });
});

test('checklist 49: the opponent lifting a piece or pressing the clock is not told', () => {
  expect(
    announce(
      [
        { type: 'lifted', color: 'b', square: 'g8', piece: 'n' },
        { type: 'placed', color: 'b', from: 'g8', to: 'f6', piece: 'n' },
        { type: 'clockPressed', color: 'b' },
      ],
      WHITE,
    ),
  ).toEqual([]);
});

test('a batch of events gives utterances in order', () => {
  const out = announce(
    [
      { type: 'lifted', color: 'w', square: 'e4', piece: 'p' },
      { type: 'captureRemoved', color: 'w', square: 'd5', piece: 'p' },
      { type: 'placed', color: 'w', from: 'e4', to: 'd5', piece: 'p' },
      { type: 'announced', color: 'w', fen: AFTER_E4_D5, uci: 'e4d5' },
      { type: 'clockPressed', color: 'w' },
    ],
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
    expect(one({ type: 'announced', color: 'b', fen: BLACK_TO_MOVE, uci: 'g8f6' }, prefs)).toEqual({
      text: 'Springer Gustav acht nach Felix sechs',
      lang: 'de',
      politeness: 'assertive',
      interrupt: true,
      earcon: 'place',
    });
    expect(one({ type: 'drawOffered', color: 'b' }, prefs).text).toBe('Schwarz bietet Remis an');
    expect(one({ type: 'lifted', color: 'w', square: 'g1', piece: 'n' }, prefs).text).toBe(
      'Springer Gustav eins angehoben',
    );
  });
  test('move words keep the vocabulary language; messages take the UI language', () => {
    const prefs: AnnouncePrefs = { player: 'w', locale: 'de', vocabulary: 'ibca1985' };
    expect(one({ type: 'announced', color: 'b', fen: BLACK_TO_MOVE, uci: 'g8f6' }, prefs).lang).toBe('en');
    expect(one({ type: 'flagFell', color: 'w' }, prefs)).toMatchObject({
      text: 'Ihre Zeit ist abgelaufen',
      lang: 'de',
    });
  });
  test('short form and no check word when the player chose so', () => {
    const prefs: AnnouncePrefs = { player: 'w', form: 'short', announceCheck: false };
    const checkByBlack = 'rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2';
    expect(one({ type: 'announced', color: 'b', fen: checkByBlack, uci: 'f8b4' }, prefs).text).toBe(
      'Bishop Bella four',
    );
    expect(one({ type: 'announced', color: 'b', fen: checkByBlack, uci: 'f8b4' }, prefs).earcon).toBe(
      'check',
    );
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
  expect(one({ type: 'repeated', color: 'b', fen: START_FEN, uci: 'e2e3', matches: false })).toEqual({
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
      const [u] = announce([{ type: 'refused', code, message: 'FALLBACK' }], { locale });
      expect(u?.text, `${locale} ${code}`).not.toBe('FALLBACK');
      expect(u?.text, `${locale} ${code}`).not.toBe(locale === 'en' ? 'Not possible' : 'Nicht möglich');
    }
});

describe('a claim decided at once', () => {
  test('is one sentence, so the decision does not cut the claim off', () => {
    const events: AnnounceEvent[] = [
      { type: 'claimed', color: 'b', claim: 'time' },
      { type: 'claimDecided', claim: 'time', upheld: false },
    ];
    expect(announce(events).map((u) => [u.text, u.politeness])).toEqual([
      ['Black claims a win on time; the claim is rejected', 'assertive'],
    ]);
    expect(announce(events, { locale: 'de' }).map((u) => u.text)).toEqual([
      'Schwarz reklamiert Gewinn durch Zeitüberschreitung; die Reklamation wird abgelehnt',
    ]);
    // Decided later (by the arbiter), each is said when it happens.
    expect(announce(events.slice(0, 1)).map((u) => u.text)).toEqual(['Black claims a win on time']);
  });
});
