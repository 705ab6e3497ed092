/**
 * The public face of the match layer (pure): roles, intents, events, the reducer, twin boards,
 * authorization and the headless driver. Screens, the server and tests import from here.
 */
export * from './types.ts';
export * from './intents.ts';
export * from './events.ts';
export { authorize } from './authorize.ts';
export { reduce, observe, type Reduction } from './reducer.ts';
export {
  createMatch,
  colorOf,
  seatOf,
  seatOfRole,
  otherSeat,
  opposite,
  hasAccessibleBoard,
  dutiesOf,
  profileOf,
  turnOf,
  type MatchOptions,
  type SetupError,
} from './setup.ts';
export { relayHandOf } from './concerns/relayHand.ts';
export { awaitingAnnouncement, awaitingExecution, awaitingRepetition, moverSeat } from './progress.ts';
export { MatchDriver, type RoleDriver, type IntentBody } from './driver.ts';
export { aidsAllowed } from './concerns/participants.ts';
