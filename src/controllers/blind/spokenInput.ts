/**
 * What the blind player said or typed, once H4's dialogue (src/controllers/dialogue.ts) or command
 * line (src/input/commandLine.ts) has settled what was meant — asking aloud when unsure and getting
 * a "yes" for what cannot be undone — turned into what this screen does: a move becomes the steps
 * of the aperture lifecycle still to do (lift, remove, place, promote, announce, or just the
 * announcement when the piece is already placed); a command becomes intents or a read-out. Pure.
 */
import {
  moveInHand,
  stepsToComplete,
  type ApertureState,
  type CompletionStep,
  type Profile,
  type PromotionPiece,
  type Square,
} from '../../core/index.ts';
import type { CommandName } from '../../speech/commands.ts';
import type { Intent } from '../../match/intents.ts';
import type { Action } from '../../input/keymap.ts';
import type { PlayerProcedure } from '../rights.ts';

/** The player's seat on the aperture board (the only seat this screen speaks for). */
const BY = 'blind' as const;

/** What the screen does with one command. */
export type InputPlan =
  /** Dispatch in order; stop at the first refusal. */
  | { readonly kind: 'intents'; readonly intents: readonly Intent[] }
  /** A read-out the keyboard also has. */
  | { readonly kind: 'action'; readonly action: Action; readonly square?: Square }
  | { readonly kind: 'readSquare'; readonly square: Square }
  | { readonly kind: 'readLine'; readonly line: 'rank' | 'file'; readonly square: Square }
  | { readonly kind: 'whereIs'; readonly piece: string; readonly color?: 'w' | 'b' }
  | { readonly kind: 'listPieces'; readonly color?: 'w' | 'b' }
  | { readonly kind: 'whoseMove' }
  | { readonly kind: 'repeat' }
  /** Carry out the opponent's announced move on the own board (BL-24 manual relay). */
  | { readonly kind: 'execute' }
  | { readonly kind: 'help' }
  /** A procedure of issue 12, checked against `proceduresFor` before its intent is sent. */
  | {
      readonly kind: 'procedure';
      readonly procedure: PlayerProcedure;
      readonly square?: Square;
      /** E72 Art 20 1(d)2: the square of the touched man that must capture on `square`. */
      readonly capturingFrom?: Square;
    }
  /** yes / no / a number with nothing pending. */
  | { readonly kind: 'nothingPending' }
  | { readonly kind: 'notUnderstood' };

export interface InputContext {
  /** The player's own board with the move in progress (src/core/aperture.ts). */
  readonly aperture: ApertureState;
  readonly profile: Profile;
}

/** The intent for one aperture step on this player's board. */
function intentOf(step: CompletionStep): Intent {
  switch (step.type) {
    case 'lift':
      return { kind: 'lift', square: step.square as Square, by: BY };
    case 'removeCaptured':
      return { kind: 'removeCaptured', square: step.square as Square, by: BY };
    case 'place':
      return { kind: 'place', square: step.square as Square, by: BY };
    case 'choosePromotion':
      return { kind: 'choosePromotion', piece: step.piece as PromotionPiece, by: BY };
    case 'announce':
      return step.uci === undefined
        ? { kind: 'announce', by: BY }
        : { kind: 'announce', uci: step.uci, by: BY };
    case 'correctAnnouncement':
      return { kind: 'correctAnnouncement', uci: step.uci, by: BY };
  }
}

/** The intents still to do for a move the player named: the aperture's steps (`stepsToComplete`). */
export function planMove(ctx: InputContext, uci: string): Intent[] {
  return stepsToComplete(ctx.aperture, uci, ctx.profile).map(intentOf);
}

const CLAIM_OF = {
  claimRepetition: 'repetition',
  claimFiftyMoves: 'fiftyMoves',
  claimTime: 'time',
} as const;

/** The commands that read or ask, and need nothing of the move in hand. */
const READINGS = [
  'yes',
  'no',
  'number',
  'readSquare',
  'readRank',
  'readFile',
  'readDiagonal',
  'whereIs',
  'listPieces',
  'lastMove',
  'lastCapture',
  'whoseMove',
  'clock',
  'timeUsed',
  'movesMade',
  'repeat',
  'execute',
  'help',
] as const satisfies readonly CommandName[];
type Reading = (typeof READINGS)[number];
const isReading = (command: CommandName): command is Reading =>
  (READINGS as readonly CommandName[]).includes(command);

type Args = Readonly<Record<string, string>>;

/** The plan for one command (already confirmed by the dialogue where it needs a "yes"). */
export function planCommand(ctx: InputContext, command: CommandName, commandArgs?: Args): InputPlan {
  const args = commandArgs ?? {};
  return isReading(command) ? planReading(command, args) : planPlay(ctx, command, args);
}

/** A read-out or a question. */
function planReading(command: Reading, args: Args): InputPlan {
  const square = args.square as Square | undefined;
  switch (command) {
    case 'yes':
    case 'no':
    case 'number':
      return { kind: 'nothingPending' };
    case 'readSquare':
      return square ? { kind: 'readSquare', square } : notUnderstood;
    case 'readRank':
      return { kind: 'readLine', line: 'rank', square: `a${args.rank ?? '1'}` as Square };
    case 'readFile':
      return { kind: 'readLine', line: 'file', square: `${args.file ?? 'a'}1` as Square };
    case 'readDiagonal':
      return { kind: 'action', action: { kind: 'rays' }, ...(square ? { square } : {}) };
    case 'whereIs':
      return {
        kind: 'whereIs',
        piece: args.piece ?? 'k',
        ...(args.color === 'w' || args.color === 'b' ? { color: args.color } : {}),
      };
    case 'listPieces':
      return {
        kind: 'listPieces',
        ...(args.color === 'w' || args.color === 'b' ? { color: args.color } : {}),
      };
    case 'lastMove':
      return { kind: 'action', action: { kind: 'lastMove' } };
    case 'lastCapture':
      return { kind: 'action', action: { kind: 'lastCapture' } };
    case 'whoseMove':
      return { kind: 'whoseMove' };
    case 'clock':
    case 'timeUsed':
      return { kind: 'intents', intents: [{ kind: 'query', topic: 'timeUsed', by: BY }] };
    case 'movesMade':
      return { kind: 'intents', intents: [{ kind: 'query', topic: 'movesMade', by: BY }] };
    case 'repeat':
      return { kind: 'repeat' };
    case 'execute':
      return { kind: 'execute' };
    case 'help':
      return { kind: 'help' };
  }
}

/** A step of the move, a draw, a claim, a procedure or the resignation. */
function planPlay(ctx: InputContext, command: Exclude<CommandName, Reading>, args: Args): InputPlan {
  const square = args.square as Square | undefined;
  const run = (intents: Intent[]): InputPlan => ({ kind: 'intents', intents });
  switch (command) {
    case 'lift':
      return square ? { kind: 'intents', intents: [{ kind: 'lift', square, by: BY }] } : notUnderstood;
    case 'place':
      return square ? { kind: 'intents', intents: [{ kind: 'place', square, by: BY }] } : notUnderstood;
    case 'remove':
      return square
        ? { kind: 'intents', intents: [{ kind: 'removeCaptured', square, by: BY }] }
        : notUnderstood;
    case 'adjust':
      return { kind: 'intents', intents: [{ kind: 'jAdoube', by: BY }] };
    case 'correctAnnouncement': {
      const move = moveInHand(ctx.aperture, ctx.profile).move;
      return run([
        move ? { kind: 'correctAnnouncement', uci: move.uci, by: BY } : { kind: 'announce', by: BY },
      ]);
    }
    case 'pressClock':
      return run([{ kind: 'pressClock', by: BY }]);
    case 'startGame':
      return run([{ kind: 'startGame', by: BY }]);
    case 'offerDraw':
      return run([{ kind: 'offerDraw', by: BY }]);
    case 'acceptDraw':
      return run([{ kind: 'acceptDraw', by: BY }]);
    case 'declineDraw':
      return run([{ kind: 'declineDraw', by: BY }]);
    case 'claimRepetition':
    case 'claimFiftyMoves':
      // The move stated with the claim, not played (GR-36; speech/claimMove.ts).
      return run([
        args.move
          ? { kind: 'claim', claim: CLAIM_OF[command], move: args.move, by: BY }
          : { kind: 'claim', claim: CLAIM_OF[command], by: BY },
      ]);
    case 'claimTime':
      return run([{ kind: 'claim', claim: CLAIM_OF[command], by: BY }]);
    case 'claimTouch':
      return { kind: 'procedure', procedure: 'claimTouch', ...(square ? { square } : {}) };
    case 'nameTouchedPiece': {
      if (!square) return notUnderstood;
      // "touched c6 takes e4": the man on c6 must capture the man on e4 (E72 Art 20 1(d)2).
      const target = args.target as Square | undefined;
      return target
        ? { kind: 'procedure', procedure: 'nameTouchedCapture', square: target, capturingFrom: square }
        : { kind: 'procedure', procedure: 'nameTouchedPiece', square };
    }
    case 'claimLateArrival':
      return { kind: 'procedure', procedure: 'forfeitLateArrival' };
    case 'resign':
      // Confirmed by the dialogue before it gets here (checklist 70: commands.ts marks it).
      return run([{ kind: 'resign', by: BY }]);
  }
}

const notUnderstood: InputPlan = { kind: 'notUnderstood' };
