/** Queries (BL-31): answered to the asker only, nothing volunteered. */
import { currentFen, findMove, moveInHand, movesMade, readClock } from '../../core/index.ts';
import type { Answer } from '../events.ts';
import { done, type Handlers, type Outcome } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { moverSeat } from '../progress.ts';
import { allowed, hasDuty, isPlayer, refuse } from '../rights.ts';
import { dutiesOf, profileOf, seatOfRole } from '../setup.ts';
import type { MatchState, Role } from '../types.ts';

function doQuery(state: MatchState, intent: IntentOf<'query'>, now: number): Outcome {
  const answer = answerFor(state, intent.by, intent.topic, now);
  return done(state, [
    { type: 'answered', by: intent.by, topic: intent.topic, answer, audience: [intent.by] },
  ]);
}

function answerFor(state: MatchState, by: Role, topic: IntentOf<'query'>['topic'], now: number): Answer {
  switch (topic) {
    case 'movesMade':
      return { topic, moves: { w: movesMade(state.clock, 'w'), b: movesMade(state.clock, 'b') } };
    case 'timeUsed': {
      const r = readClock(state.clock, now);
      return {
        topic,
        usedMs: { w: r.sides.w.usedMs, b: r.sides.b.usedMs },
        remainingMs: { w: r.sides.w.remainingMs, b: r.sides.b.remainingMs },
        movesToControl: { w: r.sides.w.movesToControl, b: r.sides.b.movesToControl },
      };
    }
    case 'lastMove': {
      // Only what was announced: an unannounced move is not told (GR-62).
      const last = [...state.plies].reverse().find((p) => p.announced !== null);
      if (!last || last.announced === null) return { topic, move: null };
      const fenBefore = currentFen({
        startFen: state.setup.startFen,
        moves: state.plies.slice(0, last.ply - 1).map((p) => p.announced ?? p.uci),
      });
      const m = findMove(fenBefore, last.announced);
      return {
        topic,
        move: { color: last.color, uci: last.announced, san: m.ok ? m.value.san : last.san, fenBefore },
      };
    }
    case 'moveInProgress': {
      const seat = seatOfRole(by) ?? moverSeat(state);
      const inHand = moveInHand(state.boards[seat].aperture, profileOf(state));
      return {
        topic,
        holding: inHand.holding?.from ?? null,
        placed: inHand.placed,
        announced: inHand.announced,
        obligation: inHand.obligation,
        missing: inHand.missing,
      };
    }
    case 'duties': {
      const role =
        by === 'sightedAssistant' ||
        (!state.participants.blindAssistant && state.participants.sightedAssistant)
          ? 'sightedAssistant'
          : 'blindAssistant';
      return { topic, duties: dutiesOf(state.setup, role) };
    }
  }
}

export const queryHandlers: Pick<Handlers, 'query'> = {
  query: {
    authorize: (state, intent) => {
      // BL-31: the VH player asks; an assistant with duty (d) asks on his behalf; the arbiter's
      // answers stay with the arbiter (GR-97).
      if (isPlayer(intent.by) || intent.by === 'arbiter') return allowed;
      if (intent.by === 'blindAssistant' && hasDuty(state, intent.by, 'inform')) return allowed;
      return refuse('notAuthorized', 'You may not ask for this.');
    },
    apply: doQuery,
    when: { anyPhase: true },
  },
};
