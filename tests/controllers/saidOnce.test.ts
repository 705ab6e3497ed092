// Issue 28, "Said twice" and "Silent or wrong", headless: the blind player's screen model on a real
// local session, by his keys, typed lines and heard words, with the opponent's intents on the same
// session. Each event is said once in the player's verbosity; what is applied (a claim's time
// charge) is said and written to the evidence log; a refusal says the rule's reason; a claim states
// its move typed or spoken; `h` says an open draw offer; touch-move names the touched man; castling
// king first then rook works with the automatic rook; the board keeps its pieces while a move is in
// hand; "Game resumed" says whose move it is and the last move.
import { describe, expect, it } from 'vitest';
import { BlindDriver, DEFAULT_BLIND_PREFS } from '../../src/controllers/blind/driver.ts';
import type { BlindPrefs } from '../../src/controllers/blind/controller.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import {
  createSessionStore,
  resumeStoredSession,
  startMemorySession,
  startStoredSession,
} from '../../src/session/store.ts';
import type { MatchOptions } from '../../src/match/setup.ts';
import { describeLogEntry, describeLogRefusal } from '../../src/speech/evidence.ts';
import { announce } from '../../src/speech/announce.ts';
import { parseCommandLine } from '../../src/input/commandLine.ts';
import { START_FEN } from '../../src/core/index.ts';

function game(options: MatchOptions = {}, prefs: Partial<BlindPrefs> = {}, voice = true): BlindDriver {
  return new BlindDriver(
    startMemorySession({ blindColor: 'w', ...options }, manualClock(0)),
    { ...DEFAULT_BLIND_PREFS, ...prefs },
    undefined,
    { voice },
  );
}

/** How many of the words said contain `words`. */
const times = (d: BlindDriver, words: string) => d.texts.filter((t) => t.includes(words)).length;

/** 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6: 6. Ng1 brings a position the third time. */
function knightsDance(d: BlindDriver): BlindDriver {
  for (let i = 0; i < 2; i++)
    d.playMove('g1', 'f3').opponentMoves('g8f6').playMove('f3', 'g1').opponentMoves('f6g8');
  return d.playMove('g1', 'f3').opponentMoves('g8f6');
}

describe('each event said once', () => {
  it.each(['brief', 'normal', 'full'] as const)(
    "the opponent's move is said once, in %s verbosity",
    (verbosity) => {
      const d = game({}, { verbosity });
      d.playMove('e2', 'e4').clear().opponentMoves('e7e5');
      expect(times(d, 'Evan seven to Evan five')).toBe(1);
      expect(d.texts.some((t) => t.startsWith('On your board'))).toBe(false);
      expect(d.focus).toBe('board');
    },
  );

  it('a jump to the only piece of its kind leaves the square to the focused cell with a screen reader', () => {
    const reader = game({}, { selfVoicing: false });
    reader.clear().key('k');
    expect(reader.cursor).toBe('e1');
    expect(reader.texts).toEqual(['The only king']);
    // Already on the king: the focus does not move, so the square is said.
    reader.clear().key('k');
    expect(reader.texts).toEqual(['The only king: Evan one, dark square, white king']);
    // Twinboard's own voice says it all, once.
    const voiced = game({}, { selfVoicing: true });
    voiced.clear().key('k');
    expect(voiced.texts).toEqual(['The only king: Evan one, dark square, white king']);
  });

  it('self-voicing with no voice installed leaves the arrows to the focused cell', () => {
    const silent = game({}, { selfVoicing: true }, false);
    silent.clear().keys('ArrowUp', 'ArrowRight');
    expect(silent.cursor).toBe('b2');
    expect(silent.texts).toEqual([]);
    const voiced = game({}, { selfVoicing: true }, true);
    voiced.clear().keys('ArrowUp');
    expect(voiced.texts).toEqual(['Anna two, light square, white pawn']);
  });
});

describe('what is applied is said and logged', () => {
  it("a rejected repetition claim's five minutes are said to both players and logged", () => {
    const d = game().playMove('e2', 'e4').opponentMoves('e7e5');
    const used = d.state.clock;
    d.clear().type('claim repetition');
    d.clear().type('y');
    expect(d.texts.join(' | ')).toContain(
      'Claim rejected: a draw by repetition; 5 minutes charged to your clock',
    );
    expect(d.state.clock).not.toEqual(used);
    const decided = d.session
      .getState()
      .log.toArray()
      .map((e) => describeLogEntry('en', e));
    expect(decided).toContain("Added 5:00 to White's used time for the claim");
    // The opponent hears the same charge, as White's.
    const events = [
      {
        type: 'claimDecided' as const,
        claim: 'repetition' as const,
        color: 'w' as const,
        upheld: false,
        by: 'twinboard' as const,
        evidence: [],
        charge: { color: 'w' as const, ms: 300_000, to: 'used' as const },
        audience: 'everyone' as const,
      },
    ];
    expect(announce(events, 'sighted', { player: 'b' })[0]?.text).toBe(
      'Claim rejected: a draw by repetition; 5 minutes charged to White’s clock',
    );
    expect(announce(events, 'sighted', { player: 'b', locale: 'de' })[0]?.text).toBe(
      'Reklamation abgelehnt: Remis durch Stellungswiederholung; 5 Minuten werden der Bedenkzeit von Weiß angerechnet',
    );
  });

  it('FIDE 2018: the opponent of a wrong claim gets two minutes more, said and logged', () => {
    const d = game({ profileId: 'fide2018' }).playMove('e2', 'e4').opponentMoves('e7e5');
    d.clear().type('claim fifty');
    d.type('y');
    expect(d.texts.join(' | ')).toContain('2 minutes added to Black’s remaining time');
    const lines = d.state.log.toArray().map((e) => describeLogEntry('en', e));
    expect(lines).toContain("Added 2:00 to Black's remaining time for the opponent's incorrect claim");
  });
});

describe('an arbiter’s penalty is said', () => {
  it.each([
    ['warning', 0, 'The arbiter gives Black a warning', 'The arbiter gives you a warning'],
    [
      'timeAddedToOffender',
      120_000,
      'Penalty for Black: the arbiter adds 2 minutes to his used time',
      'Penalty: the arbiter adds 2 minutes to your used time',
    ],
    [
      'timeAddedToOpponent',
      120_000,
      'Penalty for Black: the arbiter adds 2 minutes to your remaining time',
      'Penalty: the arbiter adds 2 minutes to your opponent’s remaining time',
    ],
    [
      'lossOfGame',
      0,
      'The arbiter declares the game lost for Black',
      'The arbiter declares the game lost for you',
    ],
  ] as const)('%s: to the blind player, and to the penalised player', (penalty, ms, blind, offender) => {
    const d = game().playMove('e2', 'e4');
    d.as('arbiter', { kind: 'join', role: 'arbiter' });
    d.clear().as('arbiter', { kind: 'penalize', color: 'b', penalty, ...(ms ? { ms } : {}) });
    expect(d.texts[0]).toBe(blind);
    const event = d.state.log.toArray().at(-1);
    expect(event?.refused).toBe(false);
    const words = announce(
      [{ type: 'penalized', color: 'b', penalty, ms, audience: 'everyone' }],
      'sighted',
      { player: 'b' },
    );
    expect(words[0]?.text).toBe(offender);
  });
});

describe('a refusal says the rule’s reason', () => {
  it('a claim after the move is placed: claim before the move, stating it', () => {
    const d = game().playMove('e2', 'e4').opponentMoves('e7e5');
    d.goTo('g1').key('Enter').goTo('f3').key('Enter');
    d.clear().type('claim repetition');
    d.type('y');
    expect(d.last).toBe(
      'The claim must be made before the move is played; put the piece back and state the move with the claim',
    );
    const refused = d.state.log.toArray().at(-1)!;
    expect(describeLogRefusal('en', refused)).toBe(
      'Refused: The claim must be made before the move is played; put the piece back and state the move with the claim',
    );
  });

  it('a claim out of turn: only the player having the move claims', () => {
    const d = game().playMove('e2', 'e4');
    d.clear().type('claim repetition');
    d.type('y');
    expect(d.last).toBe('Only the player having the move may claim this');
  });

  it('touch-move names the touched man and its square', () => {
    const d = game();
    d.goTo('g1').key('Enter').key('Enter');
    d.goTo('e2').key('Enter').goTo('e4').clear().key('Enter');
    expect(d.last).toBe('You touched the knight on Gustav one; it must be moved');
    d.prefs = { ...d.prefs, locale: 'de', vocabulary: 'fide2018-de' };
    d.clear().key('Enter');
    expect(d.last).toBe('Sie haben Springer auf Gustav eins berührt; diese Figur muss gezogen werden');
  });
});

describe('a claim states its move', () => {
  it('typed: "claim threefold Ng1" names the move, and the claim is upheld', () => {
    const d = knightsDance(game());
    d.clear().type('claim threefold Ng1');
    expect(d.texts).toEqual([
      'Claim a draw by repetition, stating the move Knight Gustav one? Say yes or no.',
    ]);
    expect(d.state.plies).toHaveLength(10);
    d.clear().type('y');
    expect(d.state.result?.reason).toBe('repetition');
    expect(d.texts.join(' | ')).toMatch(/Claim upheld: a draw by repetition/);
    // The move was declared, never played.
    expect(d.state.plies).toHaveLength(10);
    const lines = d.state.log.toArray().map((e) => describeLogEntry('en', e));
    expect(lines).toContain('Claimed a draw by repetition, stating the move Knight Gustav one');
  });

  it('spoken in English and in German', () => {
    const en = knightsDance(game());
    en.clear().hear('claim repetition knight Felix three Gustav one');
    expect(en.texts).toEqual([
      'Claim a draw by repetition, stating the move Knight Gustav one? Say yes or no.',
    ]);
    en.clear().hear('yes');
    expect(en.state.result?.reason).toBe('repetition');

    const de = knightsDance(game({}, { locale: 'de', vocabulary: 'fide2018-de' }));
    de.clear().hear('Wiederholung reklamieren Springer Felix drei Gustav eins');
    expect(de.texts).toEqual([
      'Remis durch Stellungswiederholung beantragen, mit dem angegebenen Zug Springer Gustav eins? Sagen Sie ja oder nein.',
    ]);
    de.clear().hear('ja');
    expect(de.state.result?.reason).toBe('repetition');
  });

  it('a wrong claim with its move: the move must then be played', () => {
    const d = game().playMove('g1', 'f3').opponentMoves('g8f6');
    d.clear().type('claim repetition Ng1').type('y');
    expect(d.state.result).toBeNull();
    expect(d.state.declaredMove).toEqual({ color: 'w', uci: 'f3g1' });
    expect(d.texts.join(' | ')).toContain(
      '5 minutes charged to your clock; you must now play the declared move Knight Felix three to Gustav one',
    );
    d.clear().key('h');
    expect(d.last).toMatch(/Touched and must move: Felix three/);
  });

  it('the command line reads the claim and its move; a claim alone stays a claim', () => {
    expect(parseCommandLine(START_FEN, 'claim repetition Nf3')).toEqual({
      ok: true,
      value: { kind: 'command', command: 'claimRepetition', args: { move: 'g1f3' } },
    });
    expect(parseCommandLine(START_FEN, 'claim fifty e4')).toEqual({
      ok: true,
      value: { kind: 'command', command: 'claimFiftyMoves', args: { move: 'e2e4' } },
    });
    expect(parseCommandLine(START_FEN, 'claim fifty moves')).toEqual({
      ok: true,
      value: { kind: 'command', command: 'claimFiftyMoves' },
    });
    const illegal = parseCommandLine(START_FEN, 'claim repetition e5');
    expect(illegal.ok ? null : illegal.error.message).toBe(
      'The move stated with the claim, “e5”, is not one legal move here. The claim was not made.',
    );
  });
});

describe('the move status, touch-move, castling, the board in hand and the resumed game', () => {
  it('h says an open draw offer, the opponent’s or his own', () => {
    const d = game().playMove('e2', 'e4').opponentMoves('e7e5');
    d.as('sighted', { kind: 'offerDraw' }).clear().key('h');
    expect(d.last).toMatch(/; your opponent offers a draw$/);
    d.as('blind', { kind: 'declineDraw' });
    d.clear().key('h');
    expect(d.last).not.toMatch(/draw/);
    d.playMove('d2', 'd4').type('draw').type('y');
    d.clear().key('h');
    expect(d.last).toBe('Your opponent has the move; your draw offer stands');
  });

  it.each([
    ['king side', 'g1', 'h1', 'f1', 'e1g1'],
    ['queen side', 'c1', 'a1', 'd1', 'e1c1'],
  ])(
    'castling %s king first, then the rook by hand, though the rook follows by itself',
    (_side, kingTo, rookFrom, rookTo, uci) => {
      const d = game({ startFen: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1' });
      d.goTo('e1')
        .key('Enter')
        .goTo(kingTo as 'g1')
        .key('Enter');
      d.goTo(rookFrom as 'h1')
        .clear()
        .key('Enter');
      expect(d.texts).toEqual([`Lifted rook ${rookFrom === 'h1' ? 'Hector one' : 'Anna one'}`]);
      d.goTo(rookTo as 'f1')
        .clear()
        .key('Enter');
      expect(d.texts).toEqual([`Rook placed on ${rookTo === 'f1' ? 'Felix one' : 'David one'}`]);
      d.keys('a', 'Shift+Enter');
      expect(d.state.plies.map((p) => p.uci)).toEqual([uci]);
    },
  );

  it('while the promotion piece is chosen, and with the king in hand, the board reads its pieces', () => {
    const d = game({ startFen: '7k/P7/8/8/8/8/8/4K3 w - - 0 1' });
    d.goTo('a7').key('Enter').goTo('a8').key('Enter');
    expect(d.screen.promotionPending).toBe(true);
    d.clear().goTo('e1').key('o');
    expect(d.last).toBe('Evan one, dark square, white king');
    d.clear().goTo('a8').key('o');
    expect(d.last).toBe('Anna eight, light square, white pawn');
    const k = game();
    k.goTo('e1').key('Enter').goTo('d1').clear().key('o');
    expect(k.last).toBe('David one, light square, white queen');
  });

  it('"Game resumed" says whose move it is and the last move', () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const first = new BlindDriver(
      startStoredSession(createSessionStore(kv), { id: 'g', options: {}, createdAt: 0 }, clock),
    );
    first.playMove('e2', 'e4').opponentMoves('e7e5');
    const resumed = resumeStoredSession(createSessionStore(kv), 'g', clock);
    if (!resumed) throw new Error('not stored');
    const d = new BlindDriver(resumed.session);
    d.open('resumed');
    expect(d.texts).toEqual([
      'Game resumed. You play White. Your move. Last move: Pawn Evan seven to Evan five.',
    ]);
  });
});
