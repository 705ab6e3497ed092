/**
 * The arbiter's irregularity procedures (spec §2.5, §2.12; checklist 52, 58, 60, 61): an illegal move
 * found later (the position before it reinstated, the clocks of the log or the edition's formula, the
 * piece that made it bound), annul and replay with the annulled game archived, colours reversed as
 * the edition rules (the forfeit of a late arrival is in lateArrival.ts).
 */
import { colourReversalDecision, readClock, type Game } from '../../core/index.ts';
import { done, no, type Handlers, type Outcome } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { arbiterOnly } from '../rights.ts';
import { gameAtStart, opposite, profileOf } from '../setup.ts';
import type { AnnulReason, MatchState, Role } from '../types.ts';
import { enforceTouchOn } from './touchMove.ts';
import { retractTo } from './twins.ts';

/**
 * 000 Art 9.1; 003/001 Art 8.1: "the position shall be reinstated to what it was before the illegal
 * move"; the game goes on with the touch rule applied to the move replacing it — the piece that made
 * the illegal move must move (000 Interp 14.7 (1975)). Clocks: the readings logged after the ply
 * before it; the proportional formula (with the edition's floors) only where they are unknown.
 */
function doReinstate(state: MatchState, intent: IntentOf<'reinstatePosition'>, now: number): Outcome {
  if (state.claim || state.touchNaming) return no('claimOpen', 'Decide the claim first.');
  const record = state.plies[intent.ply - 1];
  if (!record) return no('noSuchPly', `There is no move ${intent.ply} in this game.`);
  const k = intent.ply - 1;
  const retracted = retractTo(state, k, now);
  const square = record.uci.slice(0, 2) as Parameters<typeof enforceTouchOn>[2];
  const bound = enforceTouchOn(retracted.state, record.color, square, now);
  const s = bound?.state ?? retracted.state;
  return done(s, [
    {
      type: 'positionReinstated',
      ply: intent.ply,
      color: record.color,
      square,
      takenBack: state.plies.length - k,
      clockRestored: retracted.source,
      by: intent.by,
      audience: 'everyone',
    },
  ]);
}

/**
 * Annuls the game and sets up a new one from the initial position, to be started again (GR-27,
 * checklist 61); the annulled game is archived. Colours reversed: the new game has them right.
 */
function annul(state: MatchState, reason: AnnulReason, by: Role, now: number): Outcome {
  const archived = {
    at: now,
    reason,
    startFen: state.setup.startFen,
    moves: state.plies.map((p) => p.uci),
    blindColor: state.setup.blindColor,
  };
  const blindColor = reason === 'coloursReversed' ? opposite(state.setup.blindColor) : state.setup.blindColor;
  const setup = { ...state.setup, blindColor };
  const game: Game = { startFen: setup.startFen, moves: [] };
  return done(
    {
      ...state,
      setup,
      ...gameAtStart(setup, game),
      // An annulment has always left the relay hand as it was (relayHandOf ignores it: no ply awaits).
      relayHand: state.relayHand,
      annulled: [...state.annulled, archived],
    },
    [{ type: 'gameAnnulled', reason, plies: archived.moves.length, blindColor, by, audience: 'everyone' }],
  );
}

/**
 * Colours reversed (§3 row 12, core `colourReversalDecision`): E72–E80 annul (000 Interp 9.4 (1958));
 * E88 Art 8.7 / E93 Art 8.6 the game goes on once enough of the first control's time has elapsed,
 * before that the arbiter may (`restart`) arrange a new game; 2018 Art 7.3 a new game under ten
 * moves by both. A new game has the colours right.
 */
function doJudgeColours(state: MatchState, intent: IntentOf<'judgeColoursReversed'>, now: number): Outcome {
  const reading = readClock(state.clock, now);
  const decision = colourReversalDecision(
    {
      usedMs: { w: reading.sides.w.usedMs, b: reading.sides.b.usedMs },
      firstControlMs: state.setup.timeControl.periods[0]?.timeMs ?? 0,
      plies: state.plies.length,
    },
    profileOf(state),
  );
  const anew =
    decision === 'annul' || decision === 'newGame' || (decision === 'arbiterMayRestart' && intent.restart);
  if (anew) return annul(state, 'coloursReversed', intent.by, now);
  return done(state, [{ type: 'coloursReversedStands', by: intent.by, audience: 'everyone' }]);
}

const onlyArbiter = arbiterOnly('Only the arbiter may do this.');

export const irregularityHandlers: Pick<
  Handlers,
  'reinstatePosition' | 'annulGame' | 'judgeColoursReversed'
> = {
  reinstatePosition: { authorize: onlyArbiter, apply: doReinstate, when: { whileAdjourned: true } },
  annulGame: {
    authorize: onlyArbiter,
    apply: (state, intent, now) => annul(state, intent.reason, intent.by, now),
    // A position that cannot be reinstated is exactly an open difference; a wrong set-up at resumption too.
    when: { duringDiscrepancy: true, whileAdjourned: true },
  },
  judgeColoursReversed: {
    authorize: onlyArbiter,
    apply: doJudgeColours,
  },
};
