/**
 * The table of handlers: every intent kind → `{ authorize, apply, when }`, one module per concern.
 * `authorize` and `reduce` look an intent up here; nothing else dispatches on the kind.
 */
import type { Result } from '../core/index.ts';
import { adjournmentHandlers } from './concerns/adjournment.ts';
import { boardHandlers } from './concerns/board.ts';
import { claimHandlers } from './concerns/claims.ts';
import { clockHandlers } from './concerns/clocks.ts';
import { drawHandlers } from './concerns/draws.ts';
import { participantHandlers } from './concerns/participants.ts';
import { queryHandlers } from './concerns/queries.ts';
import { relayHandlers } from './concerns/relay.ts';
import { relayHandHandlers } from './concerns/relayHand.ts';
import { twinHandlers } from './concerns/twins.ts';
import { takeBackHandlers } from './concerns/takeBack.ts';
import { irregularityHandlers } from './concerns/irregularities.ts';
import { lateArrivalHandlers } from './concerns/lateArrival.ts';
import { touchMoveHandlers } from './concerns/touchMove.ts';
import type { Refusal } from './events.ts';
import type { Handler, Handlers, Outcome, When } from './handler.ts';
import type { Intent, IntentKind } from './intents.ts';
import type { MatchState } from './types.ts';

const HANDLERS: Handlers = {
  ...participantHandlers,
  ...boardHandlers,
  ...relayHandlers,
  ...relayHandHandlers,
  ...twinHandlers,
  ...drawHandlers,
  ...claimHandlers,
  ...clockHandlers,
  ...queryHandlers,
  ...adjournmentHandlers,
  ...takeBackHandlers,
  ...touchMoveHandlers,
  ...irregularityHandlers,
  ...lateArrivalHandlers,
};

/** One intent's handler, bound to the intent. */
export interface BoundHandler {
  readonly authorize: (state: MatchState) => Result<void, Refusal>;
  readonly apply: (state: MatchState, now: number) => Outcome;
  readonly when: When;
}

/** Bound handlers by intent (an intent is looked up several times: authorize, then reduce). */
const bound = new WeakMap<Intent, BoundHandler>();

export function handlerOf(intent: Intent): BoundHandler {
  let known = bound.get(intent);
  if (known === undefined) {
    known = bind(intent);
    bound.set(intent, known);
  }
  return known;
}

function bind(intent: Intent): BoundHandler {
  // The table is keyed by kind, so the handler found takes exactly this intent.
  const h = HANDLERS[intent.kind] as unknown as Handler<IntentKind> & {
    authorize: (state: MatchState, intent: Intent) => Result<void, Refusal>;
    apply: (state: MatchState, intent: Intent, now: number) => Outcome;
  };
  return {
    authorize: (state) => h.authorize(state, intent),
    apply: (state, now) => h.apply(state, intent, now),
    when: h.when ?? {},
  };
}
