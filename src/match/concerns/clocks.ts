/** The clocks and the arbiter's interventions: stopping and restarting (GR-63), adjusting (GR-64) and penalties (E93 Art 16.5). */
import {
  adjustClock as adjustCoreClock,
  chargeTime,
  flagFallen,
  giveTime,
  start,
  stop,
} from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import { done, endGame, no, type Handlers, type Outcome, withMatch } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { arbiterOnly, arbiterOrPlayersWithout } from '../rights.ts';
import { opposite, profileOf, turnOf } from '../setup.ts';
import type { MatchState, Role } from '../types.ts';

function doStopClocks(state: MatchState, by: Role, now: number): Outcome {
  if (state.clock.running === null) return no('clocksStopped', 'The clocks are already stopped.');
  return done(withMatch(state, { clock: stop(state.clock, now), stoppedBy: by }), [
    {
      type: 'clocksStopped',
      by,
      reason: by === 'arbiter' ? 'arbiter' : 'seekingArbiter',
      audience: 'everyone',
    },
  ]);
}

function doResumeClocks(state: MatchState, by: Role, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is being decided.');
  if (state.clock.running !== null) return no('clocksRunning', 'The clocks are running.');
  const running = turnOf(state);
  const started = start(state.clock, now, running);
  if (!started.ok) return no('clocksRunning', started.error.message);
  return done(withMatch(state, { clock: started.value, stoppedBy: null }), [
    { type: 'clocksResumed', by, running, audience: 'everyone' },
  ]);
}

function doAdjustClock(state: MatchState, intent: IntentOf<'adjustClock'>, now: number): Outcome {
  const r = adjustCoreClock(state.clock, intent.color, intent.usedMs, profileOf(state), now);
  if (!r.ok) return no('badTime', r.error.message);
  const flagged = { ...state.flagged, [intent.color]: flagFallen(r.value.clock, intent.color, now) };
  // GR-64: the floors are enforced as warnings shown to the arbiter with the numbers.
  // BL-31 / checklist 49, 83: the readings go to the arbiter and the assistants; the players and
  // spectators learn only that the arbiter adjusted the clocks (a player asks for times himself).
  return done(withMatch(state, { clock: r.value.clock, flagged }), [
    {
      type: 'clockAdjusted',
      color: intent.color,
      usedMs: intent.usedMs,
      warnings: r.value.warnings,
      audience: ['arbiter', 'blindAssistant', 'sightedAssistant'],
    },
    { type: 'clocksAdjusted', by: intent.by, audience: ['blind', 'sighted', 'spectator'] },
  ]);
}

function doPenalize(state: MatchState, intent: IntentOf<'penalize'>, now: number): Outcome {
  const ms = intent.ms ?? 0;
  const event: MatchEvent = {
    type: 'penalized',
    color: intent.color,
    penalty: intent.penalty,
    ms,
    audience: 'everyone',
  };
  switch (intent.penalty) {
    case 'warning':
      return done(state, [event]);
    case 'timeAddedToOffender':
    case 'timeAddedToOpponent': {
      if (!(ms > 0)) return no('badTime', 'A time penalty needs a positive number of milliseconds.');
      // E93 Art 16.5: "adding to the player's used time or to his opponent's unused time".
      const clock =
        intent.penalty === 'timeAddedToOffender'
          ? chargeTime(state.clock, intent.color, ms, now)
          : giveTime(state.clock, opposite(intent.color), ms, now);
      return done(withMatch(state, { clock }), [event]);
    }
    case 'lossOfGame': {
      const ended = endGame(state, { winner: opposite(intent.color), reason: 'forfeit' }, now);
      return done(ended.state, [event, ...ended.events]);
    }
  }
}

const onlyArbiter = arbiterOnly('Only the arbiter may do this.');
// GR-63: the arbiter; a player only when no arbiter is present.
const clockRight = arbiterOrPlayersWithout('Only the arbiter stops or starts the clocks.');

export const clockHandlers: Pick<Handlers, 'stopClocks' | 'resumeClocks' | 'adjustClock' | 'penalize'> = {
  stopClocks: {
    authorize: clockRight,
    apply: (state, intent, now) => doStopClocks(state, intent.by, now),
    when: { whileAdjourned: true },
  },
  resumeClocks: {
    authorize: clockRight,
    apply: (state, intent, now) => doResumeClocks(state, intent.by, now),
  },
  adjustClock: {
    authorize: onlyArbiter,
    apply: doAdjustClock,
    when: { duringDiscrepancy: true, whileAdjourned: true },
  },
  penalize: {
    authorize: onlyArbiter,
    apply: doPenalize,
    when: { duringDiscrepancy: true, whileAdjourned: true },
  },
};
