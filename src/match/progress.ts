/**
 * Where the game stands between the twin boards: which completed ply still waits for its
 * announcement (r.9(b)), its repetition (BL-18) or its execution on the opponent's board (BL-24),
 * and whether the two boards and the two scores can be compared yet. Shared by `authorize`, the
 * reducer and `view`.
 */
import { seatOf, turnOf } from './setup.ts';
import type { MatchState, PlayerRole, PlyRecord } from './types.ts';

/** The seat whose turn it is (the move in progress, if any, is on this seat's board). */
export function moverSeat(state: MatchState): PlayerRole {
  return seatOf(state.setup, turnOf(state));
}

/** The seat that made a ply. */
export function seatOfPly(state: MatchState, ply: PlyRecord): PlayerRole {
  return seatOf(state.setup, ply.color);
}

/** The completed ply still waiting to be announced (a sighted move in assisted relay). */
export function awaitingAnnouncement(state: MatchState): PlyRecord | null {
  return remembered(unannounced, state.plies, unannouncedPly);
}

/** The oldest announced ply the opponent has not yet repeated. */
export function awaitingRepetition(state: MatchState): PlyRecord | null {
  return remembered(unrepeated, state.plies, unrepeatedPly);
}

// (Made once: an arrow written at the call is a new closure on every call, issue 14.)
const unannouncedPly = (p: PlyRecord): boolean => p.announced === null;
const unrepeatedPly = (p: PlyRecord): boolean => p.announced !== null && p.repeated === null;

/**
 * The last answer of each question, by the list of plies it was asked of (lists are never written
 * to; a new one is made with every change): one intent asks the same question several times (its
 * right, then its handler). Only the last: a WeakMap entry per list cost the garbage collector
 * more than it saved, as a server's games come one intent at a time and their lists change
 * between (issue 14).
 */
interface LastAnswer {
  plies: readonly PlyRecord[] | null;
  ply: PlyRecord | null;
}
const unannounced: LastAnswer = { plies: null, ply: null };
const unrepeated: LastAnswer = { plies: null, ply: null };

function remembered(
  last: LastAnswer,
  plies: readonly PlyRecord[],
  waits: (ply: PlyRecord) => boolean,
): PlyRecord | null {
  if (last.plies !== plies) {
    let found: PlyRecord | null = null;
    for (const p of plies)
      if (waits(p)) {
        found = p;
        break;
      }
    last.plies = plies;
    last.ply = found;
  }
  return last.ply;
}

/** The ply that must next be executed on `board`, if the board is behind the log. */
export function awaitingExecution(state: MatchState, board: PlayerRole): PlyRecord | null {
  const next = state.plies[state.boards[board].game.moves.length];
  return next && seatOfPly(state, next) !== board ? next : null;
}

/** Whether every ply stands on both boards and in both scores, so they can be compared (BL-25). */
export function twinsComplete(state: MatchState): boolean {
  const n = state.plies.length;
  return (
    state.boards.blind.game.moves.length === n &&
    state.boards.sighted.game.moves.length === n &&
    state.scores.blind.length === n &&
    state.scores.sighted.length === n
  );
}

/** Whether moves reach the other board without a human relay (automatic relay, or one shared board). */
export function relaysAutomatically(state: MatchState): boolean {
  return state.setup.relay === 'automatic' || !state.setup.twinBoards;
}
