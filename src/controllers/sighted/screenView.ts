/**
 * What the sighted player's screen renders, projected from the match and the screen's own state
 * (pure): the board with its marks and hints, whose turn it is, the blind player's announcement in
 * words, what waits to be repeated or carried out, and which controls apply. The screen model
 * (model.ts) keeps it as its snapshot; the components only word and render it.
 */
import { positions, type Color, type Square } from '../../core/index.ts';
import { describeMove } from '../../speech/describe.ts';
import { awaitingExecution, awaitingRepetition, seatOfPly } from '../../match/progress.ts';
import { colorOf } from '../../match/setup.ts';
import type { MatchState } from '../../match/types.ts';
import { may } from '../rights.ts';
import {
  canExecute,
  canRepeat,
  isMyTurn,
  selectionOf,
  sightedBoardFen,
  type Selection,
} from './controller.ts';
import type { SightedView } from './controller.ts';
import {
  announcementOf,
  checkedKing,
  lastMoveSquares,
  legalTargets,
  moveHintsAllowed,
} from './sightedView.ts';

const ROLE = 'sighted' as const;

/** How a square is marked on the board (board/Board.tsx draws them). */
export type SightedMark = 'hand' | 'last' | 'check';

/** The screen's own state besides the board: what the player opened, switched on or was refused. */
export interface SightedLocal {
  readonly board: SightedView;
  /** The blind player's announcements are read aloud as they come. */
  readonly speaking: boolean;
  /** The resignation waits for a yes or no. */
  readonly confirmResign: boolean;
  /** The last refusal of this seat's intents, in the player's language (a new serial each time). */
  readonly refusal: { readonly message: string; readonly serial: number } | null;
  /** How often "say again" was pressed (the announcement is shown anew each time). */
  readonly said: number;
}

/** The execution line: the opponent's move to carry out on his board or on the blind player's. */
export type Execution = { readonly on: 'yours' | 'blind'; readonly move: string } | { readonly on: 'none' };

export interface SightedScreenView extends SightedLocal {
  readonly match: MatchState;
  readonly me: Color;
  readonly fen: string;
  readonly selection: Selection;
  readonly playing: boolean;
  readonly myTurn: boolean;
  /** A move stands placed on his board: the clock press is the next step. */
  readonly placed: boolean;
  /** The king in check on his board, if any. */
  readonly check: Square | null;
  readonly marks: Partial<Record<Square, SightedMark>>;
  /** Where the touched piece may go (outside competition, when the player shows hints). */
  readonly hints: ReadonlySet<Square> | undefined;
  readonly hintsAllowed: boolean;
  /** The blind player's latest announcement in words, and the key it is spoken under. */
  readonly announcement: { readonly words: string; readonly key: string } | null;
  /** The blind player's move to say back (BL-18), in words. */
  readonly repeat: string | null;
  /** The opponent's move to carry out on this board (BL-24), in words. */
  readonly execute: string | null;
  readonly execution: Execution;
  readonly mayStart: boolean;
  readonly mayStopClocks: boolean;
}

/** The words of the move of ply `ply`, read in the position before it on the mover's own board. */
export function plyWords(state: MatchState, uci: string, ply: number): string {
  const record = state.plies[ply - 1];
  const fen = record ? positions(state.boards[seatOfPly(state, record)].game)[ply - 1] : undefined;
  return fen ? describeMove(fen, uci) : uci;
}

export function sightedScreenView(
  match: MatchState,
  local: SightedLocal,
  display: { readonly moveHints: boolean },
): SightedScreenView {
  const me = colorOf(match.setup, ROLE);
  const aperture = match.boards[ROLE].aperture;
  const playing = match.phase === 'playing';
  const myTurn = isMyTurn(match);
  const selection = selectionOf(local.board, match);
  const check = playing ? checkedKing(aperture.fen) : null;
  const marks: Partial<Record<Square, SightedMark>> = {};
  for (const s of lastMoveSquares(match, ROLE)) marks[s] = 'last';
  if (check && aperture.placements.length === 0) marks[check] = 'check';
  if (selection) marks[selection.from] = 'hand';
  const hintsAllowed = moveHintsAllowed(match);
  const announced = announcementOf(match, me === 'w' ? 'b' : 'w');
  const toRepeat = awaitingRepetition(match);
  const toExecute = awaitingExecution(match, ROLE);
  const blindBehind = awaitingExecution(match, 'blind');
  const execute = toExecute?.announced ? plyWords(match, toExecute.announced, toExecute.ply) : null;
  return {
    ...local,
    match,
    me,
    fen: sightedBoardFen(match),
    selection,
    playing,
    myTurn,
    placed: myTurn && aperture.placements.length > 0,
    check,
    marks,
    hints:
      display.moveHints && hintsAllowed && selection?.purpose === 'move' && myTurn
        ? legalTargets(aperture.fen, selection.from)
        : undefined,
    hintsAllowed,
    announcement: announced
      ? { words: describeMove(announced.fen, announced.uci), key: `${announced.ply}:${announced.uci}` }
      : null,
    repeat:
      canRepeat(match) && toRepeat?.announced ? plyWords(match, toRepeat.announced, toRepeat.ply) : null,
    execute: canExecute(match) ? execute : null,
    execution:
      toExecute?.announced && toExecute.repeated !== null
        ? { on: 'yours', move: execute ?? toExecute.announced }
        : blindBehind?.announced
          ? { on: 'blind', move: plyWords(match, blindBehind.announced, blindBehind.ply) }
          : { on: 'none' },
    mayStart: match.phase === 'setup' && may(match, ROLE, { kind: 'startGame' }),
    mayStopClocks: may(match, ROLE, { kind: 'stopClocks' }),
  };
}
