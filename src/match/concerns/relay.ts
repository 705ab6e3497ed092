/**
 * Announcements, repetitions and executions (r.1 "announced clearly, repeated by the opponent and
 * executed on his board"; BL-18, BL-24, r.9(a)(b)): the assistant's announcement of a completed
 * move, the opponent's repetition and the relay of a move onto the other board.
 */
import { currentFen, findMove } from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import { done, no, type Handlers, type Outcome, withMatch } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { afterExecution, announcedFacts, executeOn, readBack, recordRepetition, scoreFen } from '../plies.ts';
import {
  awaitingAnnouncement,
  awaitingExecution,
  awaitingRepetition,
  moverSeat,
  seatOfPly,
} from '../progress.ts';
import { allowed, announceRight, isPlayer, mayExecute, refuse } from '../rights.ts';
import { colorOf, otherSeat } from '../setup.ts';
import type { MatchState, PlayerRole } from '../types.ts';
import { boardStep } from './board.ts';
import { compareTwins } from './twins.ts';

function doAnnounce(state: MatchState, intent: IntentOf<'announce'>, now: number): Outcome {
  const waiting = awaitingAnnouncement(state);
  if (waiting) {
    // r.9(b): the assistant announces a completed move.
    const uci = intent.uci?.trim().toLowerCase() ?? waiting.uci;
    if (uci !== waiting.uci)
      return no('announcementMismatch', `The board shows ${waiting.san}; announce that move.`);
    const seat = seatOfPly(state, waiting);
    const fenBefore = currentFen({
      startFen: state.setup.startFen,
      moves: state.boards[seat].game.moves.slice(0, waiting.ply - 1),
    });
    const facts = announcedFacts(fenBefore, uci);
    const plies = state.plies.map((p) =>
      p.ply === waiting.ply ? { ...p, announced: uci, announcedBy: intent.by } : p,
    );
    let s: MatchState = withMatch(state, { plies });
    const events: MatchEvent[] = facts
      ? [
          {
            type: 'announced',
            seat,
            color: waiting.color,
            by: intent.by,
            ply: waiting.ply,
            ...facts,
            audience: 'everyone',
          },
        ]
      : [];
    const rb = readBack(s, waiting.ply, now);
    s = rb.state;
    events.push(...rb.events);
    const after = afterExecution(s, now);
    return done(after.state, [...events, ...after.events]);
  }
  if (state.claim) return no('claimOpen', 'A claim is being decided.');
  if (state.stoppedBy) return no('clocksStopped', 'The clocks are stopped.');
  return boardStep(
    state,
    intent.by,
    intent.uci === undefined ? { type: 'announce' } : { type: 'announce', uci: intent.uci },
    now,
  );
}

function doRepeat(state: MatchState, intent: IntentOf<'repeat'>, now: number): Outcome {
  const seat = intent.by as PlayerRole;
  const waiting = awaitingRepetition(state);
  if (waiting && seatOfPly(state, waiting) !== seat) {
    const uci = (intent.uci ?? waiting.announced ?? '').trim().toLowerCase();
    // The repeating player writes a move that is legal on his own score (he cannot write nonsense).
    if (!findMove(scoreFen(state, seat), uci).ok)
      return no('badMove', `“${uci}” is not a legal move on your score.`);
    const r = recordRepetition(state, waiting, uci, intent.by, now, true);
    const after = afterExecution(r.state, now);
    return done(after.state, [...r.events, ...after.events]);
  }
  // Repeated before the mover pressed his clock: kept and written at the press.
  const mover = moverSeat(state);
  const announced = state.boards[mover].aperture.announced;
  if (mover !== seat && announced !== null && state.setup.requireRepetition) {
    const uci = (intent.uci ?? announced).trim().toLowerCase();
    if (!findMove(state.boards[mover].aperture.fen, uci).ok)
      return no('badMove', `“${uci}” is not a legal move here.`);
    return done(withMatch(state, { earlyRepetition: { uci, by: intent.by } }), [
      {
        type: 'repeated',
        ply: null,
        color: colorOf(state.setup, seat),
        uci,
        fen: state.boards[mover].aperture.fen,
        by: intent.by,
        matches: uci === announced,
        audience: 'everyone',
      },
    ]);
  }
  return no('nothingToRepeat', 'No announced move waits for your repetition.');
}

function doExecute(state: MatchState, intent: IntentOf<'execute'>, now: number): Outcome {
  const target: PlayerRole | null =
    intent.board ??
    (() => {
      const next = state.plies.find((p) => awaitingExecution(state, otherSeat(seatOfPly(state, p))) === p);
      return next ? otherSeat(seatOfPly(state, next)) : null;
    })();
  if (!target) return no('nothingToExecute', 'Every announced move stands on both boards.');
  const ply = awaitingExecution(state, target);
  if (!ply) return no('nothingToExecute', 'Every announced move stands on this board.');
  if (ply.announced === null) return no('nothingToExecute', 'The move has not been announced yet.');
  // r.1: "announced clearly, repeated by the opponent and executed on his board".
  if (ply.repeated === null) return no('notRepeated', 'The move must be repeated before it is executed.');
  const uci = (intent.uci ?? ply.announced).trim().toLowerCase();
  const r = executeOn(state, target, ply, uci, intent.by, now);
  if (!r.ok) return r;
  const compared = compareTwins(r.state, now);
  return done(compared.state, [...r.events, ...compared.events]);
}

export const relayHandlers: Pick<Handlers, 'announce' | 'repeat' | 'execute'> = {
  announce: {
    authorize: (state, intent) => announceRight(state, intent.by, awaitingAnnouncement(state)),
    apply: doAnnounce,
    when: { boardWork: true },
  },
  repeat: {
    authorize: (state, intent) => {
      // r.1: the move is "repeated by the opponent".
      if (!isPlayer(intent.by)) return refuse('notAuthorized', 'The opponent repeats the announced move.');
      const waiting = awaitingRepetition(state);
      const mover = waiting ? seatOfPly(state, waiting) : moverSeat(state);
      return mover !== intent.by
        ? allowed
        : refuse('notEntitled', 'The opponent repeats the announced move.');
    },
    apply: doRepeat,
    when: { boardWork: true },
  },
  execute: {
    authorize: (state, intent) => {
      const board =
        intent.board ??
        (['blind', 'sighted'] as const).find((seat) => awaitingExecution(state, seat) !== null) ??
        null;
      const ply = board ? awaitingExecution(state, board) : null;
      if (!board || !ply) return refuse('nothingToExecute', 'Every announced move stands on both boards.');
      return mayExecute(state, intent.by, board, otherSeat(board));
    },
    apply: doExecute,
    when: { boardWork: true },
  },
};
