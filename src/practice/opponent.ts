/**
 * The computer as the blind player's opponent in a practice game: it sits in the sighted seat of a
 * local match session and does there what a sighted opponent does — repeats and executes the
 * blind player's moves where the relay asks for it, answers a draw offer, agrees to a correction,
 * and, on its turn, asks the engine for a move at the chosen level, plays it and presses the clock.
 * It dispatches the same intents the local sighted opponent's clicks do (src/screens/local).
 */
import {
  awaitingExecution,
  awaitingRepetition,
  moverSeat,
  seatOf,
  type Intent,
  type MatchState,
} from '../match/index.ts';
import type { MatchSession } from '../session/local.ts';
import type { Engine } from '../ports/engine.ts';
import { chooseMove, levelSearch, type Level } from '../engine/levels.ts';

const ROLE = 'sighted' as const;

/** What the computer's seat must do next: an intent, a move to think about, or nothing. */
export function opponentDuty(state: MatchState): Intent | 'think' | null {
  if (state.phase !== 'playing' || state.claim || state.adjournment) return null;
  if (state.discrepancy)
    return state.discrepancy.rule === 8 && !state.discrepancy.agreedBy.includes(ROLE)
      ? { kind: 'confirmCorrection', by: ROLE }
      : null;
  if (state.drawOffer && seatOf(state.setup, state.drawOffer.by) !== ROLE)
    return { kind: 'declineDraw', by: ROLE };
  const unrepeated = awaitingRepetition(state);
  if (state.setup.requireRepetition && unrepeated && seatOf(state.setup, unrepeated.color) !== ROLE)
    return { kind: 'repeat', by: ROLE };
  if (awaitingExecution(state, ROLE)) return { kind: 'execute', board: ROLE, by: ROLE };
  if (moverSeat(state) !== ROLE || state.stoppedBy) return null;
  const aperture = state.boards[ROLE].aperture;
  if (aperture.placements.length > 0) return { kind: 'pressClock', by: ROLE };
  return 'think';
}

export interface EngineOpponentOptions {
  readonly level: Level;
  /** Randomness for the weaker levels' slips (Math.random in the app, seeded in tests). */
  readonly random: () => number;
  /** Bounds the engine's time per move (tests). */
  readonly cap?: { readonly movetimeMs: number };
  /** Told when a search fails (the engine could not be started). */
  readonly onError?: (error: unknown) => void;
}

export interface EngineOpponent {
  /** Stops listening; a search under way is ignored when it returns. */
  stop(): void;
  /** Resolves once the computer has nothing left to do for now (tests, the benchmark). */
  idle(): Promise<void>;
}

/** The position the computer thinks about: its board's, after so many plies. */
interface Position {
  readonly fen: string;
  readonly plies: number;
}

const positionOf = (state: MatchState): Position => ({
  fen: state.boards[ROLE].aperture.fen,
  plies: state.plies.length,
});

const samePosition = (a: Position, b: Position) => a.fen === b.fen && a.plies === b.plies;

/**
 * Seats the computer in the session's sighted seat. The engine hears first that this is a game it
 * has not seen (UCI `ucinewgame`: a new game, or one resumed after a reload); a search that a
 * change of position makes stale (a take-back, the game's end) is stopped at once (UCI `stop`).
 */
export function startEngineOpponent(
  session: MatchSession,
  engine: Engine,
  options: EngineOpponentOptions,
): EngineOpponent {
  let stopped = false;
  let thinking: Promise<void> | null = null;
  /** The search under way: the position it is for, and how to call it off. */
  let searching: { readonly at: Position; readonly abort: AbortController } | null = null;
  let scheduled: Promise<void> = Promise.resolve();
  const refusedOnce = new Set<string>();
  engine.newGame();

  const think = async (state: MatchState) => {
    const at = positionOf(state);
    const abort = new AbortController();
    searching = { at, abort };
    const search = await engine.search(at.fen, levelSearch(options.level, options.cap), abort.signal);
    searching = null;
    // A take-back or the game's end while thinking makes the move stale.
    if (stopped || abort.signal.aborted || !samePosition(positionOf(session.getState()), at)) return;
    const uci = chooseMove(options.level, search, options.random);
    if (uci) session.dispatch({ kind: 'move', uci, by: ROLE });
  };

  const act = () => {
    if (stopped) return;
    const state = session.getState();
    // The position changed under the search (a take-back): stop it rather than wait for its move.
    if (searching && !samePosition(positionOf(state), searching.at)) searching.abort.abort();
    if (thinking) return;
    const duty = opponentDuty(state);
    if (duty === null) return;
    if (duty === 'think') {
      thinking = think(state)
        .catch((e: unknown) => options.onError?.(e))
        .finally(() => {
          thinking = null;
          schedule();
        });
      return;
    }
    // A duty the match refuses is not tried again in the same position (no endless loop).
    const key = `${state.log.length}:${duty.kind}`;
    if (refusedOnce.has(key)) return;
    const events = session.dispatch(duty);
    if (events.some((e) => e.type === 'refused'))
      refusedOnce.add(`${session.getState().log.length}:${duty.kind}`);
  };

  // Acting from inside a session listener would nest dispatches: act after the current one.
  const schedule = () => {
    scheduled = scheduled.then(() => act());
  };
  const unsubscribe = session.subscribe(schedule);
  schedule();

  return {
    stop() {
      stopped = true;
      searching?.abort.abort();
      unsubscribe();
    },
    async idle() {
      for (;;) {
        await scheduled;
        if (!thinking) {
          await scheduled;
          if (!thinking) return;
        }
        await thinking;
      }
    },
  };
}
