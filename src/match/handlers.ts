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
import type { Handlers, Outcome, When } from './handler.ts';
import type { Intent } from './intents.ts';
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

/** An intent's handler: the table is keyed by kind, so the handler found takes exactly that intent. */
export interface AnyHandler {
  readonly authorize: (state: MatchState, intent: Intent) => Result<void, Refusal>;
  readonly apply: (state: MatchState, intent: Intent, now: number) => Outcome;
  readonly when?: When;
}

/** The intent's handler (looked up, not bound: an intent is looked up several times per step). */
export function handlerOf(intent: Intent): AnyHandler {
  return HANDLERS[intent.kind] as unknown as AnyHandler;
}
