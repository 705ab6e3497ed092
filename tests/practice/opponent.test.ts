import { afterAll, describe, expect, it, vi } from 'vitest';
import { legalMoves, type PromotionPiece, type Square } from '../../src/core/index.ts';
import { createNodeEngine } from '../../src/engine/node.ts';
import { startEngineOpponent } from '../../src/practice/opponent.ts';
import { startPracticeSession, type PracticeChoices } from '../../src/practice/session.ts';
import { manualClock } from '../../src/ports/clock.ts';
import type { MatchSession } from '../../src/session/local.ts';
import type { Engine } from '../../src/ports/engine.ts';
import { mulberry32 } from '../helpers/prng.ts';

const SETTINGS = { edition: 'fide1993-ibca1985', rookPlacement: 'auto', captureRemoval: 'onDrop' } as const;

/** The blind player's whole move on his aperture board, as his keys would make it. */
function blindPlays(session: MatchSession, uci: string) {
  const d = (i: Parameters<MatchSession['dispatch']>[0]) => {
    const events = session.dispatch(i);
    expect(events.filter((e) => e.type === 'refused')).toEqual([]);
  };
  d({ kind: 'lift', square: uci.slice(0, 2) as Square, by: 'blind' });
  d({ kind: 'place', square: uci.slice(2, 4) as Square, by: 'blind' });
  if (uci.length === 5) d({ kind: 'choosePromotion', piece: uci[4] as PromotionPiece, by: 'blind' });
  d({ kind: 'announce', by: 'blind' });
  d({ kind: 'pressClock', by: 'blind' });
}

describe('the computer in the sighted seat', () => {
  const engine = createNodeEngine();
  afterAll(() => engine.dispose());

  const play = async (choices: PracticeChoices, plies: number) => {
    const session = startPracticeSession(SETTINGS, choices, manualClock(1_000));
    const random = mulberry32(7);
    const opponent = startEngineOpponent(session, engine, { level: 1, random, cap: { movetimeMs: 200 } });
    while (session.getState().plies.length < plies && session.getState().phase === 'playing') {
      await opponent.idle();
      const state = session.getState();
      if (state.phase !== 'playing') break;
      // Manual relay: the blind player carries out the computer's move on his own board first.
      if (choices.relay === 'manual' && state.boards.blind.game.moves.length < state.plies.length)
        session.dispatch({ kind: 'execute', board: 'blind', by: 'blind' });
      const fen = session.getState().boards.blind.aperture.fen;
      const moves = legalMoves(fen);
      const move = moves[Math.floor(random() * moves.length)];
      if (move) blindPlays(session, move.uci);
    }
    await opponent.idle();
    opponent.stop();
    return session.getState();
  };

  it('answers every move of a White blind player in automatic relay', async () => {
    const state = await play({ level: 1, color: 'w', timeControl: 0, relay: 'automatic' }, 12);
    expect(state.plies.length).toBeGreaterThanOrEqual(12);
    // Alternate colours, each side's moves on both boards.
    expect(state.plies.map((p) => p.color).slice(0, 4)).toEqual(['w', 'b', 'w', 'b']);
    expect(state.boards.sighted.game.moves).toEqual(state.boards.blind.game.moves);
  });

  it('opens as White against a Black blind player, and waits for him in manual relay', async () => {
    const state = await play({ level: 1, color: 'b', timeControl: 0, relay: 'manual' }, 8);
    expect(state.plies[0]?.color).toBe('w');
    expect(state.plies.length).toBeGreaterThanOrEqual(8);
    expect(state.discrepancy).toBeNull();
  });
});

describe('the engine spoken to as UCI asks', () => {
  /** An engine that thinks until it is stopped, and keeps what it was asked, in order. */
  function thinkingEngine() {
    const calls: string[] = [];
    const engine: Engine = {
      newGame: () => void calls.push('newGame'),
      search: (fen, _limits, signal) => {
        calls.push(`search ${fen.split(' ')[1]}`);
        return new Promise((resolve) =>
          signal?.addEventListener('abort', () => {
            calls.push('stop');
            resolve({ bestMove: legalMoves(fen)[0]?.uci ?? null, lines: [] });
          }),
        );
      },
      dispose: () => void calls.push('dispose'),
    };
    return { engine, calls };
  }

  it('tells the engine of a new game first, and stops its search when the player takes back', async () => {
    const { engine, calls } = thinkingEngine();
    const session = startPracticeSession(
      SETTINGS,
      { level: 8, color: 'w', timeControl: 0, relay: 'automatic' },
      manualClock(1_000),
    );
    const opponent = startEngineOpponent(session, engine, { level: 8, random: () => 0.5 });
    expect(calls).toEqual(['newGame']);
    blindPlays(session, 'e2e4');
    await vi.waitFor(() => expect(calls).toEqual(['newGame', 'search b']));
    session.dispatch({ kind: 'takeBack', by: 'blind' });
    await opponent.idle();
    expect(calls).toEqual(['newGame', 'search b', 'stop']);
    // The stopped search's move is stale: the computer does not play it.
    expect(session.getState().plies).toHaveLength(0);
    opponent.stop();
  });
});
