/**
 * The start of a paired game as the screens other than the blind player's are told it, whoever
 * started it: the sighted player his colour, the arbiter and the assistants who plays which.
 */
import { describe, expect, it } from 'vitest';
import { createMatch, observe, reduce } from '../../src/match/index.ts';
import type { MatchEvent } from '../../src/match/events.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { createLocalSession } from '../../src/session/local.ts';
import { startNews } from '../../src/screens/sighted/paired.ts';
import { may } from '../../src/controllers/rights.ts';

function waitingRoom(blindColor: 'w' | 'b') {
  const match = createMatch({ blindColor, roles: ['blind', 'sighted', 'arbiter', 'blindAssistant'] });
  if (!match.ok) throw new Error(match.error.message);
  return createLocalSession(match.value, reduce, observe, manualClock(0));
}

describe('the start of the game on the other screens', () => {
  it('before the start nothing is news; who may start it: the players and the arbiter, not the assistant', () => {
    const session = waitingRoom('w');
    const s = session.getState();
    expect(startNews([], s, 'sighted', 'en')).toBeNull();
    expect(may(s, 'sighted', { kind: 'startGame' })).toBe(true);
    expect(may(s, 'blind', { kind: 'startGame' })).toBe(true);
    expect(may(s, 'arbiter', { kind: 'startGame' })).toBe(true);
    expect(may(s, 'blindAssistant', { kind: 'startGame' })).toBe(false);
  });

  it('the blind player starts it: the sighted player hears his colour, the officials who plays which', () => {
    const session = waitingRoom('b');
    const heard: MatchEvent[][] = [];
    session.onEvents((events) => heard.push([...events]));
    session.dispatch({ kind: 'startGame', by: 'blind' });
    const events = heard.flat();
    const s = session.getState();
    expect(startNews(events, s, 'sighted', 'en')).toBe('The game has started. You play White.');
    expect(startNews(events, s, 'arbiter', 'en')).toBe(
      'The game has started. Sighted player: White; Blind player: Black.',
    );
    expect(startNews(events, s, 'blindAssistant', 'de')).toBe(
      'Die Partie hat begonnen. Sehender Spieler: Weiß; Blinder Spieler: Schwarz.',
    );
    // Once: later events (a move) are no start news.
    const later: MatchEvent[][] = [];
    session.onEvents((e) => later.push([...e]));
    session.dispatch({ kind: 'move', uci: 'e2e4', by: 'sighted' });
    expect(startNews(later.flat(), session.getState(), 'sighted', 'en')).toBeNull();
  });

  it('the arbiter starts it', () => {
    const session = waitingRoom('w');
    const heard: MatchEvent[] = [];
    session.onEvents((events) => heard.push(...events));
    session.dispatch({ kind: 'startGame', by: 'arbiter' });
    expect(session.getState().phase).toBe('playing');
    expect(startNews(heard, session.getState(), 'sighted', 'de')).toBe(
      'Die Partie hat begonnen. Sie spielen Schwarz.',
    );
  });
});
