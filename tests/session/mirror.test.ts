/**
 * The opponent's board in a second window: the state crosses the channel by structured cloning (as
 * a BroadcastChannel does), and the mirror must show the board as it stands, also mid-move.
 */
import { describe, expect, it } from 'vitest';
import { createMatch, observe, reduce } from '../../src/match/index.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { createLocalSession } from '../../src/session/local.ts';
import { mirrorSession, shareSession, type Channel } from '../../src/session/mirror.ts';

/** Two ends of one channel; every message is structured-cloned on its way, as the browser does. */
function channelPair(): [Channel, Channel] {
  type Listener = (e: { readonly data: unknown }) => void;
  const listeners: [Set<Listener>, Set<Listener>] = [new Set(), new Set()];
  const end = (mine: Set<Listener>, theirs: Set<Listener>): Channel => ({
    postMessage: (message) => {
      const data = structuredClone(message);
      for (const l of [...theirs]) l({ data });
    },
    addEventListener: (_type, l) => void mine.add(l),
    removeEventListener: (_type, l) => void mine.delete(l),
  });
  return [end(listeners[0], listeners[1]), end(listeners[1], listeners[0])];
}

/** A started local game shared on one end of a channel, and its mirror on the other. */
function sharedGame() {
  const match = createMatch({ blindColor: 'w' });
  if (!match.ok) throw new Error(match.error.message);
  const clock = manualClock(0);
  const session = createLocalSession(match.value, reduce, observe, clock);
  const [here, there] = channelPair();
  const stop = shareSession(session, here);
  const mirror = mirrorSession(there, clock);
  session.dispatch({ kind: 'startGame', by: 'blind' });
  return { session, mirror, stop };
}

describe('the mirrored local game', () => {
  it('shows the sighted player his board with the piece he touched lifted, and then placed', () => {
    const { session, mirror, stop } = sharedGame();
    for (const intent of [
      { kind: 'lift', square: 'e2' },
      { kind: 'place', square: 'e4' },
      { kind: 'announce' },
      { kind: 'pressClock' },
    ] as const)
      session.dispatch({ ...intent, by: 'blind' });

    mirror.dispatch({ kind: 'touch', square: 'e7', by: 'sighted' });
    const lifted = mirror.getState().boards.sighted.aperture.board;
    expect(lifted.get('e7')).toBeUndefined();
    expect(lifted.get('d7')).toEqual({ color: 'b', type: 'p' });
    expect(lifted.size).toBe(31);

    mirror.dispatch({ kind: 'move', uci: 'e7e5', by: 'sighted' });
    const placed = mirror.getState().boards.sighted.aperture.board;
    expect(placed.get('e5')).toEqual({ color: 'b', type: 'p' });
    expect([...placed.keys()]).toHaveLength(32);
    // The game's own window is not changed by what it sent.
    expect(session.getState().boards.sighted.aperture.board.get('e5')).toEqual({ color: 'b', type: 'p' });
    stop();
    mirror.close();
  });

  it('carries the evidence log across, readable as in the game’s own window (the rights read it)', () => {
    const { session, mirror, stop } = sharedGame();
    session.dispatch({ kind: 'lift', square: 'e2', by: 'blind' });
    const log = mirror.getState().log;
    expect(log.map((l) => l.what)).toEqual(['startGame', 'lift']);
    expect(log.at(-1)).toMatchObject({ by: 'blind', what: 'lift', refused: false });
    expect(log.some((l) => l.what === 'lift')).toBe(true);
    expect(log).toEqual(session.getState().log);
    stop();
    mirror.close();
  });
});
