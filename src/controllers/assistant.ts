/**
 * The assistant's screen as a pure controller (S85 r.9/r.10, BL-29): what his duties ask of him now
 * (announce a completed move, carry a move out on a board, press the blind player's clock), read
 * from the match with the same rights the server applies, and the intents his buttons and his
 * touch report send. The screen (screens/assistant) only words the tasks and renders them.
 */
import { isSquare, type Square } from '../core/index.ts';
import type { Intent } from '../match/intents.ts';
import { awaitingAnnouncement, awaitingExecution } from '../match/progress.ts';
import { colorOf, turnOf } from '../match/setup.ts';
import type { MatchState, PlayerRole, Role } from '../match/types.ts';
import { may } from './rights.ts';

/** One thing the assistant's duties ask of him now. */
export type AssistantTask =
  | { readonly key: string; readonly kind: 'announce'; readonly ply: number; readonly uci: string }
  | {
      readonly key: string;
      readonly kind: 'execute';
      readonly board: PlayerRole;
      readonly ply: number;
      readonly uci: string;
    }
  | { readonly key: string; readonly kind: 'pressClock' };

export type AssistantInput =
  | { readonly kind: 'task'; readonly key: string }
  /** S85 r.9(e): the square of a piece the sighted player touched, as typed. */
  | { readonly kind: 'reportTouch'; readonly text: string };

export interface AssistantOutput {
  readonly intents: readonly Intent[];
}

/** What `role`'s duties ask of him in this state, in the order they come at the table. */
export function assistantTasks(state: MatchState, role: Role): AssistantTask[] {
  const tasks: AssistantTask[] = [];
  const toAnnounce = awaitingAnnouncement(state);
  if (toAnnounce && may(state, role, { kind: 'announce' }))
    tasks.push({
      key: `announce-${toAnnounce.ply}`,
      kind: 'announce',
      ply: toAnnounce.ply,
      uci: toAnnounce.uci,
    });
  for (const board of ['blind', 'sighted'] as const) {
    const ply = awaitingExecution(state, board);
    if (!ply || ply.announced === null || ply.repeated === null) continue;
    if (!may(state, role, { kind: 'execute', board })) continue;
    tasks.push({
      key: `execute-${board}-${ply.ply}`,
      kind: 'execute',
      board,
      ply: ply.ply,
      uci: ply.announced,
    });
  }
  const blindToMove = state.phase === 'playing' && turnOf(state) === colorOf(state.setup, 'blind');
  if (blindToMove && state.boards.blind.aperture.announced && may(state, role, { kind: 'pressClock' }))
    tasks.push({ key: 'press', kind: 'pressClock' });
  return tasks;
}

/** The blind player's move in progress as his assistant sees it (r.9: he follows the aperture board). */
export interface BlindMoveInProgress {
  /** The square of the piece in his hand. */
  readonly holding: Square | null;
  readonly placed: { readonly from: Square; readonly to: Square } | null;
  /** The announcement so far (UCI) and the position it is read in. */
  readonly announced: { readonly uci: string; readonly fen: string } | null;
}

/** What the blind player has done of his move so far, while it is his turn; null otherwise. */
export function blindMoveInProgress(state: MatchState): BlindMoveInProgress | null {
  if (state.phase !== 'playing' || turnOf(state) !== colorOf(state.setup, 'blind')) return null;
  const a = state.boards.blind.aperture;
  const placed = a.placements[0];
  return {
    holding: a.hand?.from ?? null,
    placed: placed ? { from: placed.from, to: placed.to } : null,
    announced: a.announced ? { uci: a.announced, fen: a.fen } : null,
  };
}

/** One step of the assistant's screen: the intents to send. */
export function assistantStep(input: AssistantInput, state: MatchState, role: Role): AssistantOutput {
  if (input.kind === 'reportTouch') {
    const square = input.text.trim().toLowerCase();
    return { intents: isSquare(square) ? [{ kind: 'reportTouch', square, by: role }] : [] };
  }
  const task = assistantTasks(state, role).find((t) => t.key === input.key);
  if (!task) return { intents: [] };
  switch (task.kind) {
    case 'announce':
      return { intents: [{ kind: 'announce', by: role }] };
    case 'execute':
      return { intents: [{ kind: 'execute', board: task.board, by: role }] };
    case 'pressClock':
      return { intents: [{ kind: 'pressClock', by: role }] };
  }
}
