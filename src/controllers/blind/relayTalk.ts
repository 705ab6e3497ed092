/**
 * The relay as the blind player's screen meets it (BL-18, BL-24): the repeat and execute keys and
 * commands, the lift/place/remove keys while he carries out his opponent's move by hand, and the
 * words that tell him what the opponent's move asks of him, what his hand holds and why a step of
 * it was refused. What is awaited is relay.ts's; the match decides. Pure.
 */
import { positions, type Square } from '../../core/index.ts';
import {
  describeMove,
  describePiece,
  describePieceType,
  describeSquareName,
  type DescribeOptions,
} from '../../speech/index.ts';
import type { Translate } from '../../speech/blindMessages.ts';
import type { MatchEvent } from '../../match/events.ts';
import { colorOf } from '../../match/setup.ts';
import type { MatchState } from '../../match/types.ts';
import { drawOfferPart } from './readouts.ts';
import { executeIntent, relayAwaited, repeatIntent, type RelayAwaited } from './relay.ts';
import type { BlindRun } from './run.ts';

const ROLE = 'blind' as const;
/** The repeat key or command: the announced move said back (BL-18), or a word of what is awaited. */
export function repeatAwaited(run: BlindRun, uci?: string) {
  const relay = relayAwaited(run.match);
  if (relay?.stage === 'repeat') return run.send(repeatIntent(uci));
  run.say(run.tr(relay ? 'relayExecute' : 'relayNothing'));
}

/** The execute key or command: the announced move carried out on this board in one step (BL-24). */
export function executeAwaited(run: BlindRun, uci?: string) {
  const relay = relayAwaited(run.match);
  if (!relay) return run.say(run.tr('relayNothing'));
  if (relay.stage === 'repeat')
    return run.say(run.tr(relay.executesHimself ? 'relayRepeatFirst' : 'relayNothing'));
  run.send(executeIntent(uci));
}

/** The lift/place/remove keys while this player is to carry out the opponent's move by hand. */
export function relayBoardKey(
  run: BlindRun,
  kind: 'liftOrPlace' | 'removeCaptured',
  square: Square,
): boolean {
  const relay = relayAwaited(run.match);
  if (!relay?.executesHimself || run.match.boards[ROLE].aperture.hand) return false;
  if (relay.stage === 'repeat') {
    run.say(run.tr('relayRepeatFirst'), 'assertive', 'illegal');
    return true;
  }
  // The match decides what may be lifted, removed and placed (src/match/concerns/relayHand.ts).
  if (kind === 'removeCaptured') run.send({ kind: 'relayRemove', square, by: ROLE });
  else if (run.relayHand) run.send({ kind: 'relayPlace', square, by: ROLE });
  else run.send({ kind: 'relayLift', square, by: ROLE });
  return true;
}

/** The piece in hand during manual relay, as the match tells it (the placement is `executed`). */
export function relayHandNews(run: BlindRun, events: readonly MatchEvent[]) {
  const { tr, words } = run;
  for (const e of events) {
    if (e.type === 'relayLifted')
      run.say(
        tr('relayLifted', {
          piece: describePieceType(e.piece.type, words),
          square: describeSquareName(e.square, words),
        }),
      );
    else if (e.type === 'relayPutBack')
      run.say(
        tr('relayPutBack', {
          piece: describePiece(e.piece, words),
          square: describeSquareName(e.square, words),
        }),
      );
    else if (e.type === 'relayRemoved')
      run.say(
        tr('relayRemoved', {
          piece: describePieceType(e.piece.type, words),
          square: describeSquareName(e.square, words),
        }),
      );
    else if (isRelayRefusal(e)) run.say(tr(`relay.${e.refusal.code}`), 'assertive', 'illegal');
  }
}

/** The move-status read-out while the opponent's move waits for this player. */
export function relayStatus(run: BlindRun, relay: RelayAwaited): string {
  const { tr, words } = run;
  const hand = run.relayHand;
  const move = describeMove(relay.fenBefore, relay.uci, words);
  const parts = [tr(relay.stage === 'repeat' ? 'statusAwaitRepeat' : 'statusAwaitExecute', { move })];
  if (hand) {
    parts.push(
      tr('statusRelayHolding', {
        piece: describePieceType(hand.piece.type, words),
        square: describeSquareName(hand.from, words),
      }),
    );
    if (hand.removed)
      parts.push(
        tr('statusRelayRemoved', {
          piece: describePieceType(hand.removed.piece.type, words),
          square: describeSquareName(hand.removed.square, words),
        }),
      );
  }
  parts.push(...drawOfferPart(run.readoutContext()));
  return parts.join('; ');
}

const RELAY_REFUSALS = ['notOpponentPiece', 'nothingInHand', 'notOwnPiece', 'captureNotRemoved'] as const;

/** A refusal of the hand's steps that has words of its own (the `relay.*` messages). */
export function isRelayRefusal(e: MatchEvent): e is Extract<MatchEvent, { type: 'refused' }> & {
  refusal: { code: (typeof RELAY_REFUSALS)[number] };
} {
  return (
    e.type === 'refused' &&
    e.by === ROLE &&
    (e.intent === 'relayLift' || e.intent === 'relayRemove' || e.intent === 'relayPlace') &&
    (RELAY_REFUSALS as readonly string[]).includes(e.refusal.code)
  );
}

/**
 * What the opponent's move asks of the blind player after these events (BL-18, BL-24), or the move
 * his own execution put on his board; null when there is nothing to add.
 */
export function relayWords(
  events: readonly MatchEvent[],
  after: MatchState,
  tr: Translate,
  words: DescribeOptions,
): string | null {
  const mine = colorOf(after.setup, ROLE);
  const executed = events.find((e) => e.type === 'executed' && e.board === ROLE);
  if (executed && executed.type === 'executed') {
    // Automatic relay: the opponent's announcement in the same batch has just said the move, and
    // that it is now this player's move goes without saying (each event said once, issue 28).
    if (events.some((e) => e.type === 'announced' && e.color !== mine && e.uci === executed.uci)) return null;
    const game = after.boards[ROLE].game;
    const before = positions(game).at(-2);
    const move = before ? describeMove(before, executed.uci, words) : executed.san;
    // A wrong execution is a discrepancy (BL-25): its own announcement says what happens next.
    if (events.some((e) => e.type === 'discrepancy')) return null;
    return tr(after.phase === 'playing' ? 'relayExecuted' : 'relayExecutedOther', { move });
  }
  const relay = relayAwaited(after);
  if (!relay) return null;
  const announced = events.some((e) => e.type === 'announced' && e.color !== mine);
  const repeated = events.some((e) => e.type === 'repeated' && e.by === ROLE);
  if (announced && relay.stage === 'repeat')
    return tr(relay.executesHimself ? 'relayRepeatAndExecute' : 'relayRepeat');
  if ((announced || repeated) && relay.stage === 'execute') return tr('relayExecute');
  return null;
}
