/**
 * What a role may do and see, for the screens and controllers that render the match: every client
 * folds the whole log into the same `MatchState`, and each screen's controller projects it for its
 * role. The rights come from the match's own `authorize` (so a control is never offered that the
 * server would refuse for want of rights); the redaction of an adjournment (GR-70, GR-71: the
 * sealed move for its writers only) is here, once. Pure.
 */
import { findMove } from '../core/index.ts';
import { authorize } from '../match/authorize.ts';
import { canWriteSealedMove, maySeal, resumedThisSession } from '../match/concerns/adjournment.ts';
import { hasArrived } from '../match/concerns/lateArrival.ts';
import { touchedHimself } from '../match/concerns/touchMove.ts';
import type { Intent } from '../match/intents.ts';
import { colorOf, dutiesOf, opposite, profileOf, seatOf } from '../match/setup.ts';
import type { CustodyEntry, MatchState, PlayerRole, Role } from '../match/types.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An intent as a screen builds it: the role (`by`) is added by whoever sends it. */
export type Outgoing = DistributiveOmit<Intent, 'by'>;

/** Whether `role` has the right to this intent now (rights only; the rules of play come later). */
export function may(state: MatchState, role: Role, intent: Outgoing): boolean {
  return authorize(state, { ...intent, by: role } as Intent).ok;
}

/**
 * A procedure a player starts himself (issue 12). `nameTouchedCapture`: E72 Art 20 1(d)2, the
 * accuser names "the capture that must be made by two touched men" instead of one man.
 */
export type PlayerProcedure =
  'claimTouch' | 'nameTouchedPiece' | 'nameTouchedCapture' | 'forfeitLateArrival' | 'writeScore';

/** The procedures `role` may start now (a player's keys and typed commands are checked against them). */
export function proceduresFor(state: MatchState, role: Role): PlayerProcedure[] {
  if (state.phase !== 'playing' || (role !== 'blind' && role !== 'sighted')) return [];
  const color = colorOf(state.setup, role);
  const out: PlayerProcedure[] = [];
  if (state.touchNaming?.namer === color) {
    out.push('nameTouchedPiece');
    if (profileOf(state).touchOrderUnknown === 'opponentSpecifies') out.push('nameTouchedCapture');
  } else if (!state.claim && !state.touchNaming && !touchedHimself(state, role)) out.push('claimTouch');
  if (may(state, role, { kind: 'forfeitLateArrival', color: color === 'w' ? 'b' : 'w' }))
    out.push('forfeitLateArrival');
  if (role === 'blind' && state.setup.blindScore === 'typed') out.push('writeScore');
  return out;
}

/** What one role may see of an adjournment (spec §2.13, GR-70, GR-71). */
export interface AdjournmentView {
  readonly phase: 'sealing' | 'adjourned' | 'awaitingReplier';
  readonly sealer: 'w' | 'b';
  readonly moveNumber: number;
  /** Whether a sealed move has been written (the sealer may then stop the clock). */
  readonly hasSealedMove: boolean;
  /**
   * The sealed move as written, for its writers only and only while sealing (GR-70); null for
   * everyone else, the arbiter included, until the envelope is opened (GR-71).
   */
  readonly sealedMove: { readonly move: string; readonly san: string | null } | null;
  /** This viewer may write or change the sealed move and stop the clock (§2.13, BL-34). */
  readonly maySeal: boolean;
  /**
   * This viewer may open the envelope: the arbiter, or each player without one (GR-96); while an
   * absent replier's clock runs (`awaitingReplier`), the arbiter on his arrival (E93 14.3).
   */
  readonly mayResume: boolean;
  /**
   * Without an arbiter, the player who must reply may open the envelope alone: the sealer is
   * absent (000 Art 16.2; 003/001 Art 14.2) and has not asked to resume.
   */
  readonly mayOpenForAbsentSealer: boolean;
  /**
   * At that resumption, while the sealer is still absent, the player having the move may seal his
   * reply, stop his clock and start the absent player's (000 Art 16.4; 003/001 Art 14.4).
   */
  readonly maySealForAbsentOpponent: boolean;
  /** Without an arbiter: the players who have asked to resume. */
  readonly resumeAskedBy: readonly PlayerRole[];
  /** The envelope's other items (names, position, times used), for the arbiter who holds it. */
  readonly envelope: {
    readonly white: string;
    readonly black: string;
    readonly fenBefore: string;
    readonly timeUsed: { readonly w: number; readonly b: number };
  } | null;
  /** Custody and access (GR-71), for the arbiter. */
  readonly custody: readonly CustodyEntry[] | null;
}

/** What `role` may see of the adjournment in progress (§2.13, GR-71), or null when there is none. */
export function adjournmentFor(state: MatchState, role: Role): AdjournmentView | null {
  const a = state.adjournment;
  if (!a) return null;
  const { envelope } = a;
  const writer = canWriteSealedMove(role, envelope.sealer, {
    blindColor: state.setup.blindColor,
    assistantMayAdjourn:
      state.participants.blindAssistant && dutiesOf(state.setup, 'blindAssistant').includes('adjourn'),
  });
  const sealed = a.sealed;
  const readable = a.phase === 'sealing' && writer && sealed !== null && sealed.kind !== 'hidden';
  const isArbiter = role === 'arbiter';
  const isPlayer = role === 'blind' || role === 'sighted';
  return {
    phase: a.phase,
    sealer: envelope.sealer,
    moveNumber: envelope.moveNumber,
    hasSealedMove: sealed !== null,
    sealedMove: readable
      ? sealed.kind === 'move'
        ? { move: sealed.uci, san: sanOf(envelope.fenBefore, sealed.uci) }
        : { move: sealed.text, san: null }
      : null,
    maySeal: a.phase === 'sealing' && maySeal(state, role),
    mayResume:
      (a.phase === 'adjourned' &&
        (isArbiter || (isPlayer && !state.participants.arbiter && !a.resumeAskedBy.includes(role)))) ||
      (a.phase === 'awaitingReplier' && isArbiter),
    mayOpenForAbsentSealer:
      a.phase === 'adjourned' &&
      role === seatOf(state.setup, opposite(envelope.sealer)) &&
      !a.resumeAskedBy.includes(seatOf(state.setup, envelope.sealer)) &&
      may(state, role, { kind: 'resume', sealerAbsent: true }),
    maySealForAbsentOpponent:
      a.phase === 'sealing' &&
      sealed !== null &&
      resumedThisSession(state) &&
      !hasArrived(state, seatOf(state.setup, opposite(envelope.sealer))) &&
      may(state, role, { kind: 'adjourn', opponentAbsent: true }),
    resumeAskedBy: a.resumeAskedBy,
    envelope: isArbiter
      ? {
          white: envelope.white,
          black: envelope.black,
          fenBefore: envelope.fenBefore,
          timeUsed: envelope.timeUsed,
        }
      : null,
    custody: isArbiter ? a.custody : null,
  };
}

function sanOf(fen: string, uci: string): string | null {
  const m = findMove(fen, uci);
  return m.ok ? m.value.san : null;
}
