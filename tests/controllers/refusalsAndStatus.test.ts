/**
 * What the blind player hears when something is refused or asked after the game: the reason of a
 * refused placement, and the game's result when he asks whose move it is after the end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { createMatch, observe, reduce } from '../../src/match/index.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { createLocalSession } from '../../src/session/local.ts';
import { DEFAULT_PRACTICE, startPracticeSession } from '../../src/practice/session.ts';
import { practiceTranslator } from '../../src/screens/practice/messages.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import {
  createSessionStore,
  resumeStoredSession,
  startMemorySession,
  startStoredSession,
} from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));
const drive = (d: BlindDriver) => (drivers.push(d), d);

describe('a refused placement names the rule', () => {
  it('in check, a knight move that does not answer it, and a square the knight cannot reach', () => {
    const d = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    d.playMove('d2', 'd4').opponentMoves('e7e5');
    d.playMove('e2', 'e3').opponentMoves('f8b4');
    d.goTo('g1').key('Enter');
    d.clear().goTo('f3').key('Enter');
    expect(d.last).toBe('Your king is in check; that move leaves it in check');
    expect(d.said.at(-1)?.politeness).toBe('assertive');
    d.clear().goTo('g3').key('Enter');
    expect(d.last).toBe('Not a legal square for the knight: a knight does not move like that');
    // Still holding the knight: the state is as before.
    expect(d.state.boards.blind.aperture.hand?.from).toBe('g1');
  });

  it('a pinned piece: the king would be in check', () => {
    const d = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    d.playMove('e2', 'e4').opponentMoves('e7e5');
    d.playMove('d2', 'd3').opponentMoves('f8b4');
    // 2…Bb4+ is answered by 3.Nc3, which is then pinned to the king.
    d.playMove('b1', 'c3').opponentMoves('g8f6');
    d.goTo('c3').key('Enter');
    d.clear().goTo('d5').key('Enter');
    expect(d.last).toBe('Your king would be in check');
  });
});

describe('what is in hand, after the end', () => {
  it('after resignation the status is the result, not whose move it is', () => {
    const d = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    d.playMove('e2', 'e4');
    d.step({ kind: 'resign', confirmed: true });
    d.clear().key('h');
    expect(d.last).toBe('Game over: Black wins, resignation');
    d.clear().type('whose move');
    expect(d.last).toBe('Game over: Black wins, resignation');
  });

  it('after mate and after an agreed draw', () => {
    const mated = drive(new BlindDriver(startMemorySession({ blindColor: 'b' }, manualClock(0))));
    mated.opponentMoves('f2f3');
    mated.playMove('e7', 'e5').opponentMoves('g2g4');
    mated.playMove('d8', 'h4');
    mated.clear().key('h');
    expect(mated.last).toBe('Game over: Black wins, checkmate');
    // The mating move is a completed move though no clock was pressed (Art 6.5).
    mated.clear().key('Shift+t');
    expect(mated.last).toBe('Moves completed: White 2, Black 2');

    const drawn = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    drawn.playMove('e2', 'e4');
    drawn.as('blind', { kind: 'offerDraw' }).as('sighted', { kind: 'acceptDraw' });
    drawn.clear().key('h');
    expect(drawn.last).toBe('Game over: draw, by agreement');
  });
});

describe('a paired game, as the blind player hears it', () => {
  it('the opponent joins, then starts the game: both are said, the start with the colours', () => {
    const match = createMatch({ blindColor: 'b' });
    if (!match.ok) throw new Error(match.error.message);
    // The server's room: the blind player seated, the opponent's seat still empty.
    const seated = { ...match.value, participants: { ...match.value.participants, sighted: false } };
    const d = drive(new BlindDriver(createLocalSession(seated, reduce, observe, manualClock(0))));
    d.as('sighted', { kind: 'join', role: 'sighted' });
    expect(d.last).toBe(
      'Your opponent has joined the game. Press Shift+Enter to start it when you are both ready.',
    );
    d.clear().as('sighted', { kind: 'startGame' });
    expect(d.texts).toEqual(['New game. You play Black. Rules: FIDE 1993 + IBCA 1985.']);
    expect(d.said.at(-1)?.politeness).toBe('assertive');
    expect(d.focus).toBe('board');
  });
});

describe('a practice game, as it starts', () => {
  it('says the colour and the rules edition and puts the focus on the board; the level in the practice words', () => {
    const session = startPracticeSession(
      { edition: 'fide1993-ibca1985', rookPlacement: 'auto', captureRemoval: 'onDrop' },
      { ...DEFAULT_PRACTICE, color: 'b', level: 3 },
      manualClock(0),
    );
    const d = drive(new BlindDriver(session));
    d.step({ kind: 'opened', opening: 'new' });
    expect(d.texts).toEqual(['New game. You play Black. Rules: FIDE 1993 + IBCA 1985.']);
    expect(d.focus).toBe('board');
    expect(practiceTranslator('en')('started', { level: 3 })).toBe('Your opponent: the computer, level 3.');
  });
});

describe('a local reload with a draw offer open', () => {
  it('says the offer again after where the player stands', () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const first = drive(
      new BlindDriver(
        startStoredSession(createSessionStore(kv), { id: 'g', options: {}, createdAt: 0 }, clock),
      ),
    );
    first
      .playMove('e2', 'e4')
      .as('sighted', { kind: 'move', uci: 'e7e5' })
      .as('sighted', { kind: 'offerDraw' });
    expect(first.state.drawOffer?.by).toBe('b');
    const resumed = resumeStoredSession(createSessionStore(kv), 'g', clock);
    if (!resumed) throw new Error('not stored');
    const d = drive(new BlindDriver(resumed.session));
    d.step({ kind: 'opened', opening: 'resumed' });
    // Where the game stands (issue 28): whose move it is and the last move on his board (Black's
    // move is not complete until he presses his clock), then the open offer.
    expect(d.texts).toEqual([
      'Game resumed. You play White. Your opponent’s move. Last move: Pawn Evan two to Evan four.',
      'Black offers a draw',
    ]);
  });
});
