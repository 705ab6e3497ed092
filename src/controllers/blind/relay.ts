/**
 * The blind player as the relay of his opponent's moves (BL-18, BL-24): in manual relay (and in
 * assisted relay when no assistant relays the move) the sighted player's announced move must be
 * repeated and then carried out on the blind player's own aperture board, as at a real table. This
 * module says what is awaited of him; the piece he lifts to carry the move out is the match's
 * (`relayLift`, `relayRemove`, `relayPlace`; src/match/concerns/relayHand.ts). Pure.
 */
import { createGame, currentFen, playMoves } from '../../core/index.ts';
import type { Intent } from '../../match/intents.ts';
import { awaitingExecution, awaitingRepetition, seatOfPly } from '../../match/progress.ts';
import type { MatchState } from '../../match/types.ts';
import { may } from '../rights.ts';

const ROLE = 'blind' as const;

/** What the match waits for from the blind player about his opponent's move. */
export interface RelayAwaited {
  /** `repeat`: say the move back (BL-18); `execute`: carry it out on his own board (BL-24). */
  readonly stage: 'repeat' | 'execute';
  readonly ply: number;
  /** The move as announced. */
  readonly uci: string;
  /** The position the move was announced in (the blind board before it). */
  readonly fenBefore: string;
  /** Whether the blind player executes it himself once repeated (manual relay, no relaying assistant). */
  readonly executesHimself: boolean;
}

function executionAllowed(state: MatchState): boolean {
  return may(state, ROLE, { kind: 'execute', board: ROLE });
}

/** What the match waits for from the blind player about the opponent's last move, or null. */
export function relayAwaited(state: MatchState): RelayAwaited | null {
  if (state.phase !== 'playing' || !state.setup.twinBoards || state.setup.relay === 'automatic') return null;
  const toRepeat = awaitingRepetition(state);
  const toExecute = awaitingExecution(state, ROLE);
  const ply = toRepeat && seatOfPly(state, toRepeat) !== ROLE ? toRepeat : toExecute;
  if (!ply || ply.announced === null) return null;
  const executesHimself = toExecute === ply && executionAllowed(state);
  const base = { ply: ply.ply, uci: ply.announced, fenBefore: fenBeforePly(state, ply.ply), executesHimself };
  if (ply.repeated === null) return { stage: 'repeat', ...base };
  return toExecute === ply && executesHimself ? { stage: 'execute', ...base } : null;
}

/** The position before ply `n` (1-based) of the log. */
function fenBeforePly(state: MatchState, n: number): string {
  const board = state.boards[ROLE];
  if (board.game.moves.length === n - 1) return board.aperture.fen;
  const created = createGame(state.setup.startFen);
  if (!created.ok) return board.aperture.fen;
  const played = playMoves(
    created.value,
    state.plies.slice(0, n - 1).map((p) => p.uci),
  );
  return played.ok ? currentFen(played.value) : board.aperture.fen;
}

/** The repeat intent for the awaited move, as announced or as the player said it back (BL-18). */
export function repeatIntent(uci?: string): Intent {
  return uci === undefined ? { kind: 'repeat', by: ROLE } : { kind: 'repeat', uci, by: ROLE };
}

/** The intent that carries out the announced move on the blind player's own board in one step. */
export function executeIntent(uci?: string): Intent {
  return uci === undefined
    ? { kind: 'execute', board: ROLE, by: ROLE }
    : { kind: 'execute', board: ROLE, uci, by: ROLE };
}
