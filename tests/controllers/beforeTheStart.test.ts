/**
 * A paired room before the game starts, as the blind player meets it: entering it says where
 * things stand and how to start; the clock key, "start" typed or spoken start the game; keys refused
 * before the start say how to start. And a resumed game puts the cursor where the player was busy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BlindDriver, DEFAULT_BLIND_PREFS } from '../../src/controllers/blind/driver.ts';
import { createMatch, observe, reduce, type MatchOptions } from '../../src/match/index.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { createLocalSession } from '../../src/session/local.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { createSessionStore, resumeStoredSession, startStoredSession } from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));
const drive = (d: BlindDriver) => (drivers.push(d), d);

/** The server's room before the start (both players' seats chosen at setup). */
function room(options: MatchOptions = {}, prefs = DEFAULT_BLIND_PREFS) {
  const match = createMatch(options);
  if (!match.ok) throw new Error(match.error.message);
  const session = createLocalSession(match.value, reduce, observe, manualClock(0));
  return drive(new BlindDriver(session, prefs));
}

describe('entering a paired room before the start', () => {
  it('says the game has not started, the colour, that the opponent is not here yet, and how to start', () => {
    const d = room({ blindColor: 'w' });
    d.step({ kind: 'opened', opening: 'resumed', opponentPresent: false });
    expect(d.texts).toEqual([
      'The game has not started. You play White. Your opponent has not joined yet. Press Shift+Enter to start it when you are both ready.',
    ]);
    expect(d.focus).toBe('board');
  });

  it('with the opponent in the room, says so; his arriving later says how to start', () => {
    const seated = room({ blindColor: 'b' });
    seated.step({ kind: 'opened', opening: 'resumed', opponentPresent: true });
    expect(seated.last).toBe(
      'The game has not started. You play Black. Your opponent is at the table. Press Shift+Enter to start it when you are both ready.',
    );
    const waiting = room({ blindColor: 'w' });
    waiting.step({ kind: 'opened', opening: 'resumed', opponentPresent: false });
    waiting.clear().step({ kind: 'opponentPresence', present: true, arrived: true });
    expect(waiting.texts).toEqual([
      'Your opponent has joined the game. Press Shift+Enter to start it when you are both ready.',
    ]);
    // During the game his screen coming back is no news.
    waiting.key('Shift+Enter').clear().step({ kind: 'opponentPresence', present: true, arrived: true });
    expect(waiting.texts).toEqual([]);
  });

  it('who is in the room not yet known at the opening: said when it is', () => {
    const d = room({ blindColor: 'w' });
    d.step({ kind: 'opened', opening: 'resumed' });
    d.step({ kind: 'opponentPresence', present: false, arrived: false });
    expect(d.texts).toEqual([
      'The game has not started. You play White. Press Shift+Enter to start it when you are both ready.',
      'Your opponent has not joined yet.',
    ]);
  });

  it('in German, with the key the player bound to the clock', () => {
    const d = room(
      { blindColor: 'w' },
      { ...DEFAULT_BLIND_PREFS, locale: 'de', vocabulary: 'fide2018-de', clockKey: 'Shift+Enter oder k' },
    );
    d.step({ kind: 'opened', opening: 'resumed', opponentPresent: true });
    expect(d.last).toBe(
      'Die Partie hat noch nicht begonnen. Sie spielen Weiß. Ihr Gegner sitzt am Brett. Drücken Sie Shift+Enter oder k, um sie zu beginnen, wenn Sie beide bereit sind.',
    );
  });
});

describe('before the start, keys that need a game say how to start it', () => {
  it('the move status key', () => {
    const d = room();
    d.key('h');
    expect(d.texts).toEqual(['The game has not started. Press Shift+Enter or say start to start it.']);
  });

  it('lifting a piece is refused once, with how to start, and nothing is in hand', () => {
    const d = room();
    d.goTo('g1').clear().key('Enter');
    expect(d.texts).toEqual(['The game has not started. Press Shift+Enter or say start to start it.']);
    expect(d.said.at(-1)?.politeness).toBe('assertive');
    expect(d.state.boards.blind.aperture.hand).toBeNull();
  });

  it('reading the board works before the start', () => {
    const d = room();
    d.goTo('g1').clear().key('o');
    expect(d.last).toMatch(/knight/i);
  });
});

describe('starting the game', () => {
  it('Shift+Enter starts it: the start is said once, with the colour and rules, and the clock runs', () => {
    const d = room({ blindColor: 'w' });
    d.key('Shift+Enter');
    expect(d.state.phase).toBe('playing');
    expect(d.state.clock.running).toBe('w');
    expect(d.texts).toEqual(['New game. You play White. Rules: FIDE 1993 + IBCA 1985.']);
    expect(d.focus).toBe('board');
    // Now the clock key is the clock again: nothing is placed, so it says so.
    d.clear().key('Shift+Enter');
    expect(d.state.phase).toBe('playing');
    expect(d.last).toMatch(/not placed/);
  });

  it('typed "start" starts it; typed again it says the game has already started', () => {
    const d = room({ blindColor: 'b' });
    d.type('start');
    expect(d.state.phase).toBe('playing');
    expect(d.texts).toEqual(['New game. You play Black. Rules: FIDE 1993 + IBCA 1985.']);
    d.clear().type('start');
    expect(d.last).toBe('The game has already started');
  });

  it('spoken "start the game", and in German "Partie starten"', () => {
    const d = room({});
    d.hear('start the game');
    expect(d.state.phase).toBe('playing');
    const de = room({}, { ...DEFAULT_BLIND_PREFS, locale: 'de', vocabulary: 'fide2018-de' });
    de.hear('partie starten');
    expect(de.state.phase).toBe('playing');
    expect(de.last).toBe('Neue Partie. Sie spielen Weiß. Regeln: FIDE 1993 + IBCA 1985.');
  });

  it('"press the clock" said before the start starts it, after the yes', () => {
    const d = room();
    d.hear('press the clock');
    expect(d.last).toBe('Press the clock? Say yes or no.');
    expect(d.state.phase).toBe('setup');
    d.clear().hear('yes');
    expect(d.state.phase).toBe('playing');
    expect(d.texts).toEqual(['New game. You play White. Rules: FIDE 1993 + IBCA 1985.']);
  });

  it('the opponent starts it: the blind player hears it once', () => {
    const d = room({ blindColor: 'w' });
    d.as('sighted', { kind: 'startGame' });
    expect(d.texts).toEqual(['New game. You play White. Rules: FIDE 1993 + IBCA 1985.']);
  });
});

describe('a resumed game puts the cursor where the player was busy', () => {
  function reloaded(play: (first: BlindDriver) => void) {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const first = drive(
      new BlindDriver(
        startStoredSession(createSessionStore(kv), { id: 'g', options: {}, createdAt: 0 }, clock),
      ),
    );
    play(first);
    const resumed = resumeStoredSession(createSessionStore(kv), 'g', clock);
    if (!resumed) throw new Error('not stored');
    return drive(new BlindDriver(resumed.session));
  }

  it('on the square the piece in hand was lifted from', () => {
    const d = reloaded((first) => first.playMove('e2', 'e4').opponentMoves('e7e5').goTo('g1').key('Enter'));
    d.step({ kind: 'opened', opening: 'resumed' });
    expect(d.texts).toEqual(['Game resumed. You hold the knight from Gustav one.']);
    expect(d.cursor).toBe('g1');
    // The next key works from there: the knight goes up two and right one.
    d.clear().keys('ArrowUp', 'ArrowUp', 'ArrowRight', 'Enter');
    expect(d.last).toBe('Knight placed on Hector three');
  });

  it('with nothing in hand, on the square of his last move', () => {
    const d = reloaded((first) => first.playMove('d2', 'd4').opponentMoves('d7d5').playMove('c2', 'c4'));
    d.step({ kind: 'opened', opening: 'resumed' });
    expect(d.cursor).toBe('c4');
  });

  it('a new game keeps the near corner', () => {
    const d = reloaded(() => {});
    d.step({ kind: 'opened', opening: 'new' });
    expect(d.cursor).toBe('a1');
  });
});
