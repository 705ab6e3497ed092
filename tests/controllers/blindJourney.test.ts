/**
 * The blind player's journeys, headless: the pure controller on a real match session, driven by
 * the keys the README lists, by typed lines and by voice transcripts. What the player hears and
 * where the focus goes are asserted with the words written here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pieceAt } from '../../src/core/index.ts';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { createMatch, observe, reduce, relayHandOf, type MatchOptions } from '../../src/match/index.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { createLocalSession } from '../../src/session/local.ts';
import {
  createSessionStore,
  resumeStoredSession,
  startMemorySession,
  startStoredSession,
} from '../../src/session/store.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));
const drive = (d: BlindDriver) => (drivers.push(d), d);

describe('a local game by keys', () => {
  it('opens on the board with the colours and rules, and the focus stays on the board after each opponent move', () => {
    const d = drive(new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0))));
    d.step({ kind: 'opened', opening: 'new' });
    expect(d.texts).toEqual(['New game. You play White. Rules: FIDE 1993 + IBCA 1985.']);
    expect(d.focus).toBe('board');
    d.clear().playMove('e2', 'e4');
    expect(d.texts.slice(-2)).toEqual(['Announced: Pawn Evan two to Evan four', 'Clock pressed']);
    d.clear().opponentMoves('e7e5');
    expect(d.focus).toBe('board');
    expect(d.said.find((u) => u.politeness === 'assertive')?.text).toMatch(/Evan seven to Evan five/);
    // The next key works on the board at once: the knight is lifted.
    d.clear().goTo('g1').key('Enter');
    expect(d.last).toMatch(/^Lifted knight Gustav one/);
  });

  it('a reload in the middle of a move resumes with the piece in hand and says so', () => {
    const kv = memoryStore();
    const clock = manualClock(1_000);
    const first = drive(
      new BlindDriver(
        startStoredSession(createSessionStore(kv), { id: 'g', options: {}, createdAt: 0 }, clock),
      ),
    );
    first.playMove('e2', 'e4').opponentMoves('e7e5');
    first.goTo('g1').key('Enter');
    // The page is gone; a new one folds the stored log.
    const resumed = resumeStoredSession(createSessionStore(kv), 'g', clock);
    if (!resumed) throw new Error('not stored');
    const d = drive(new BlindDriver(resumed.session));
    d.step({ kind: 'opened', opening: 'resumed' });
    expect(d.texts).toEqual(['Game resumed. You hold the knight from Gustav one.']);
    expect(d.focus).toBe('board');
    d.clear().goTo('f3').key('Enter');
    expect(d.last).toBe('Knight placed on Felix three');
    d.keys('a', 'Shift+Enter');
    expect(d.state.plies.map((p) => p.uci)).toEqual(['e2e4', 'e7e5', 'g1f3']);
  });

  it('the clock key says everything still missing, and the state is as before', () => {
    const d = drive(new BlindDriver(startMemorySession({}, manualClock(0))));
    d.goTo('e2').key('Enter').goTo('e4').key('Enter');
    const before = d.state.boards;
    d.clear().key('Shift+Enter');
    expect(d.last).toMatch(/announce/i);
    expect(d.said.at(-1)?.politeness).toBe('assertive');
    expect(d.state.boards).toBe(before);
  });

  it('a typed move and a spoken one are played through the same intents', () => {
    const d = drive(new BlindDriver(startMemorySession({}, manualClock(0))));
    d.type('Nf3');
    expect(d.state.boards.blind.aperture.placements[0]?.to).toBe('f3');
    expect(d.texts).toContain('Announced: Knight Gustav one to Felix three');
    d.key('Shift+Enter').opponentMoves('d7d5');
    d.clear().hear('pawn evan two to evan four');
    expect(d.texts.join(' | ')).toMatch(/Evan two to Evan four/);
  });
});

describe('the small things on the way', () => {
  it('jumping to the only queen says where she is, not that the search went round', () => {
    const d = drive(new BlindDriver(startMemorySession({}, manualClock(0))));
    d.key('q');
    expect(d.last).toBe('The only queen: David one, light square, white queen');
    d.clear().key('q');
    expect(d.last).toBe('The only queen: David one, light square, white queen');
  });

  it('a local draw offer reaches the opponent, who can accept it; the blind player hears the end on his board', () => {
    const d = drive(new BlindDriver(startMemorySession({}, manualClock(0))));
    d.as('blind', { kind: 'offerDraw' });
    expect(d.last).toBe('You offered a draw');
    d.clear().as('sighted', { kind: 'acceptDraw' });
    expect(d.state.result?.reason).toBe('agreement');
    expect(d.last).toMatch(/draw/i);
    expect(d.focus).toBe('board');
  });
});

describe('manual relay: the blind player carries out his opponent’s move (BL-18, BL-24)', () => {
  function setup(options: MatchOptions = {}) {
    const match = createMatch({ relay: 'manual', blindColor: 'b', requireRepetition: true, ...options });
    if (!match.ok) throw new Error(match.error.message);
    const session = createLocalSession(match.value, reduce, observe, manualClock(1_000_000));
    session.dispatch({ kind: 'startGame', by: 'blind' });
    return drive(new BlindDriver(session));
  }
  /** The opponent relays the blind player's last move on his own board, then plays his own. */
  function opponentPlays(d: BlindDriver, uci: string) {
    const s = d.state;
    const behind = s.plies[s.boards.sighted.game.moves.length];
    if (behind) {
      if (behind.repeated === null) d.as('sighted', { kind: 'repeat' });
      d.as('sighted', { kind: 'execute', board: 'sighted' });
    }
    return d.opponentMoves(uci);
  }

  it('repeat, lift the opponent’s piece, place it: executed and said', () => {
    const d = setup();
    opponentPlays(d, 'g1f3');
    expect(d.texts.join(' | ')).toMatch(
      /Knight Gustav one to Felix three.*\| Repeat it and carry it out on your board\./,
    );
    // The move-in-hand read-out and the clock key say what waits.
    d.goTo('g1').clear().key('h');
    expect(d.last).toMatch(/Your opponent played Knight Gustav one to Felix three: repeat it/);
    d.clear().key('Shift+Enter');
    expect(d.last).toMatch(/first repeat his move Knight Gustav one to Felix three/);
    d.clear().key('Enter');
    expect(d.last).toMatch(/Repeat the move first/);
    d.clear().key('w');
    expect(d.state.plies[0]?.repeated).toBe('g1f3');
    expect(d.last).toMatch(/Carry it out on your board/);
    d.clear().key('Enter');
    expect(d.last).toBe("You hold your opponent's knight from Gustav one");
    expect(pieceAt(d.fen, 'g1')).toBeUndefined(); // the knight is in hand, off the board
    d.clear().key('h');
    expect(d.last).toMatch(/you hold your opponent's knight from Gustav one/);
    d.clear().goTo('f3').key('Enter');
    expect(d.state.boards.blind.game.moves).toEqual(['g1f3']);
    expect(d.state.discrepancy).toBeNull();
    expect(d.texts.join(' | ')).toMatch(/On your board: Knight Gustav one to Felix three\. Your move\./);
    expect(relayHandOf(d.state, 'blind')).toBeNull();
    d.playMove('d7', 'd5');
    expect(d.state.plies.map((p) => p.uci)).toEqual(['g1f3', 'd7d5']);
  });

  it('by voice: "repeat", the move said back, and "execute"', () => {
    const d = setup();
    opponentPlays(d, 'e2e4');
    d.hear('repeat');
    expect(d.state.plies[0]?.repeated).toBe('e2e4');
    d.clear().hear('execute');
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4']);
    expect(d.texts.join(' | ')).toMatch(/On your board: Pawn Evan two to Evan four/);
    d.playMove('e7', 'e5');
    opponentPlays(d, 'g1f3');
    // Saying the move back is the repetition.
    d.hear('knight gustav one felix three');
    expect(d.state.plies[2]?.repeated).toBe('g1f3');
    d.hear('carry it out');
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5', 'g1f3']);
  });

  it('a capture: the own captured piece comes off first, then the opponent’s piece goes in', () => {
    const d = setup({ requireRepetition: false, captureRemoval: 'explicit' });
    opponentPlays(d, 'e2e4');
    d.goTo('e2').key('e');
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4']);
    d.playMove('d7', 'd5');
    opponentPlays(d, 'e4d5');
    d.clear().goTo('e4').key('Enter').goTo('d5').key('Enter');
    expect(d.last).toMatch(/Remove your captured piece first/);
    d.clear().key('Delete');
    expect(d.last).toMatch(/Your pawn removed from David five/);
    d.key('Enter');
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'd7d5', 'e4d5']);
    expect(d.state.discrepancy).toBeNull();
  });

  it('a wrong execution is a difference between the boards, announced assertively', () => {
    const d = setup({ requireRepetition: false, roles: ['blind', 'sighted', 'arbiter'] });
    opponentPlays(d, 'g1f3');
    d.clear().goTo('g1').key('Enter').goTo('h3').key('Enter');
    expect(d.state.boards.blind.game.moves).toEqual(['g1h3']);
    expect(d.state.discrepancy).not.toBeNull();
    const differ = d.said.find((u) => /differ/i.test(u.text));
    expect(differ?.politeness).toBe('assertive');
  });
});

describe('corrections told with the right count (rule 7, rule 8)', () => {
  it('the blind player hears that one move was taken back, not the number of moves standing', () => {
    const match = createMatch({ relay: 'manual', blindColor: 'w', roles: ['blind', 'sighted', 'arbiter'] });
    if (!match.ok) throw new Error(match.error.message);
    const session = createLocalSession(match.value, reduce, observe, manualClock(0));
    session.dispatch({ kind: 'startGame', by: 'blind' });
    const d = drive(new BlindDriver(session));
    d.playMove('e2', 'e4').as('sighted', { kind: 'execute', board: 'sighted' }).opponentMoves('e7e5');
    d.key('e');
    d.playMove('g1', 'f3');
    // The sighted player carries out the wrong knight move on his board.
    d.clear().as('sighted', { kind: 'execute', board: 'sighted', uci: 'g1h3' });
    expect(d.texts.join(' | ')).toMatch(/boards differ/i);
    d.clear().as('arbiter', { kind: 'confirmCorrection' });
    expect(d.texts.join(' | ')).toMatch(/Boards corrected: one move taken back/);
  });
});
