/**
 * The blind player's words, spoken or typed, in one step of his screen: a transcript or a typed
 * line becomes one turn of the dialogue (controllers/dialogue.ts), and what the dialogue settles on is
 * carried out here: a move (or the opponent's move said back, relayTalk.ts), a command (read a
 * square, where is a piece, whose move, repeat, ...) or a procedure of issue 12. Pure.
 */
import { findPieces, pieceAt, type Square } from '../../core/index.ts';
import { describePiece, describePieceType, describeSquare, describeSquareName } from '../../speech/index.ts';
import type { BlindMessageKey } from '../../speech/blindMessages.ts';
import type { RecognisedAlternative } from '../../ports/listener.ts';
import {
  IDLE,
  act as dialogueAct,
  hear as dialogueHear,
  type DialogueOutput,
  type DialogueState,
  type DialogueStep,
} from '../dialogue.ts';
import { parseCommandLine } from '../../input/commandLine.ts';
import { inputMessage } from '../../speech/inputWords.ts';
import { NUMBER_WORDS, type CommandName } from '../../speech/commands.ts';
import { claimInterpretation, readClaimWithMove } from '../../speech/claimMove.ts';
import { aidsAllowed } from '../../match/concerns/participants.ts';
import { profileOf } from '../../match/setup.ts';
import type { Intent } from '../../match/intents.ts';
import { proceduresFor, type PlayerProcedure } from '../rights.ts';
import { blindHearingFen, ownBoardFen } from './boardView.ts';
import { readRays } from './readouts.ts';
import { relayAwaited } from './relay.ts';
import { executeAwaited, relayBoardKey, repeatAwaited } from './relayTalk.ts';
import { planCommand, planMove, type InputContext } from './spokenInput.ts';
import { perform, sayPieces, sayWhoseMove } from './keys.ts';
import type { BlindRun } from './run.ts';

const ROLE = 'blind' as const;

function inputContext(run: BlindRun): InputContext {
  return { aperture: run.match.boards[ROLE].aperture, profile: profileOf(run.match) };
}

/** Carries out one command the dialogue or the command line settled on. */
export function runCommand(
  run: BlindRun,
  command: CommandName,
  args: Readonly<Record<string, string>> | undefined,
) {
  const { match: s, tr, words } = run;
  const plan = planCommand(inputContext(run), command, args);
  const boardFen = ownBoardFen(s, ROLE);
  const pieceName = (p: string, c?: 'w' | 'b') =>
    c ? describePiece({ type: p as 'k', color: c }, words) : describePieceType(p as 'k', words);
  switch (plan.kind) {
    case 'intents':
      return sendPlanned(run, plan.intents);
    case 'action':
      if (plan.action.kind === 'rays' && plan.square) {
        run.set({ cursor: plan.square });
        return run.say(
          run.prefs.readoutAids && aidsAllowed(run.match)
            ? readRays(run.readoutContext(), plan.square)
            : run.aidsOffWords(),
        );
      }
      return perform(run, plan.action);
    case 'readSquare':
      return run.say(describeSquare(boardFen, plan.square, words));
    case 'readLine':
      return run.speak([
        plan.line === 'rank'
          ? { type: 'rankRead', fen: boardFen, rank: plan.square[1] as '1' }
          : { type: 'fileRead', fen: boardFen, file: plan.square[0] as 'a' },
      ]);
    case 'whereIs':
      return sayWhereIs(run, plan.piece, plan.color, boardFen, pieceName);
    case 'listPieces':
      return sayPieces(run, plan.color);
    case 'whoseMove':
      return sayWhoseMove(run);
    case 'repeat':
      // "Repeat" repeats the opponent's move while it waits (BL-18), else the last words.
      if (relayAwaited(s)?.stage === 'repeat') return repeatAwaited(run);
      return run.deliver(run.view.lastSaid);
    case 'execute':
      return executeAwaited(run);
    case 'help':
      return run.set({ dialog: 'help' });
    case 'procedure':
      return startProcedure(run, plan.procedure, plan.square, plan.capturingFrom);
    case 'nothingPending':
      return run.say(tr('nothingToConfirm'));
    case 'notUnderstood':
      return run.say(tr('notUnderstood'), 'assertive', 'illegal');
  }
}

/** The intents a command planned, in order (the opponent's move carried out while it waits). */
function sendPlanned(run: BlindRun, intents: readonly Intent[]) {
  // "lift g8", "place f6", "remove f6" carry out the opponent's move while it waits (BL-24).
  const only = intents.length === 1 ? intents[0] : undefined;
  if (only && (only.kind === 'lift' || only.kind === 'place' || only.kind === 'removeCaptured')) {
    run.set({ cursor: only.square });
    if (relayBoardKey(run, only.kind === 'removeCaptured' ? 'removeCaptured' : 'liftOrPlace', only.square))
      return;
  }
  // "Press the clock" before the start starts the game, as the clock key does.
  for (const intent of intents)
    run.send(
      intent.kind === 'pressClock' && run.match.phase === 'setup' ? { kind: 'startGame', by: ROLE } : intent,
    );
}

/** "Where is the knight": the squares of that piece, of one colour or both. */
function sayWhereIs(
  run: BlindRun,
  piece: string,
  color: 'w' | 'b' | undefined,
  boardFen: string,
  pieceName: (p: string, c?: 'w' | 'b') => string,
) {
  const { tr, words } = run;
  const colors = color ? [color] : (['w', 'b'] as const);
  const parts = colors.flatMap((c) => {
    const squares = findPieces(boardFen, { type: piece as 'k', color: c });
    return squares.length > 0
      ? [
          tr('whereIs', {
            piece: pieceName(piece, c),
            squares: squares.map((q) => describeSquareName(q, words)).join(', '),
          }),
        ]
      : [];
  });
  return run.say(parts.length > 0 ? parts.join('; ') : tr('noneOnBoard', { piece: pieceName(piece, color) }));
}

/** A claim or answer of issue 12: sent when `procedures` offers it, else refused with the reason. */
export function startProcedure(
  run: BlindRun,
  procedure: PlayerProcedure,
  square: Square | undefined,
  capturingFrom?: Square,
) {
  const s = run.match;
  if (!proceduresFor(s, ROLE).includes(procedure)) {
    const reason: BlindMessageKey =
      s.phase !== 'playing'
        ? 'procedureNotPlaying'
        : procedure === 'forfeitLateArrival'
          ? 'procedureArbiterDecidesLate'
          : procedure === 'nameTouchedPiece' || procedure === 'nameTouchedCapture'
            ? 'procedureNothingToName'
            : s.touchNaming?.namer === run.myColor
              ? 'procedureNameFirst'
              : s.claim || s.touchNaming
                ? 'procedureClaimOpen'
                : 'procedureTouchedYourself';
    return run.say(run.tr(reason), 'assertive', 'illegal');
  }
  if (procedure === 'forfeitLateArrival')
    return run.send({ kind: 'forfeitLateArrival', color: run.myColor === 'w' ? 'b' : 'w', by: ROLE });
  if (procedure === 'nameTouchedPiece' && square)
    return run.send({ kind: 'nameTouchedPiece', square, by: ROLE });
  if (procedure === 'nameTouchedCapture' && square && capturingFrom)
    return run.send({ kind: 'nameTouchedPiece', square, capturingFrom, by: ROLE });
  if (procedure === 'claimTouch')
    return run.send(square ? { kind: 'claimTouch', square, by: ROLE } : { kind: 'claimTouch', by: ROLE });
}

/** What the dialogue decided: words to say, a move to make, a command to carry out. */
export function runOutputs(run: BlindRun, outputs: readonly DialogueOutput[]) {
  for (const o of outputs) {
    if (o.kind === 'say') run.say(o.text);
    else if (o.kind === 'move') {
      // The opponent's move said back is its repetition, or, once repeated, its execution (BL-18, BL-24).
      const relay = relayAwaited(run.match);
      if (relay?.stage === 'repeat') repeatAwaited(run, o.uci);
      else if (relay) executeAwaited(run, o.uci);
      else for (const intent of planMove(inputContext(run), o.uci)) run.send(intent);
    } else runCommand(run, o.command, o.args);
  }
}

function dialogueOptions(run: BlindRun) {
  return {
    vocabulary: run.prefs.vocabulary,
    locale: run.prefs.locale,
    confirmSpokenMoves: run.prefs.confirmSpokenMoves ?? false,
  };
}

/** A transcript (or its alternatives) from the recogniser: one turn of the dialogue. */
export function hear(
  run: BlindRun,
  heard: string | readonly string[],
  checked: boolean,
  recognised?: readonly RecognisedAlternative[],
) {
  const fen = blindHearingFen(run.match);
  // "Claim repetition knight Gustav one Felix three": the claim with the move it states (GR-36).
  const best = typeof heard === 'string' ? heard : heard[0];
  const claim =
    run.view.dialogue.kind === 'idle' && best !== undefined
      ? readClaimWithMove(fen, best, { locale: run.prefs.locale, vocabulary: run.prefs.vocabulary })
      : null;
  if (claim) {
    const asked = dialogueAct(fen, claimInterpretation(claim), dialogueOptions(run));
    run.set({ dialogue: asked.state });
    return runOutputs(run, asked.outputs);
  }
  const next = dialogueHear(run.view.dialogue, fen, heard, {
    ...dialogueOptions(run),
    agreement: checked,
    ...(recognised ? { recognised } : {}),
  });
  run.set({ dialogue: next.state });
  runOutputs(run, next.outputs);
}

/** "Ng5" onto a square the player's own piece holds: that is the reason, in his words (issue 10). */
function ownPieceThere(run: BlindRun, fen: string, text: string): string | null {
  const target = /([a-h][1-8])\W*$/.exec(text.trim())?.[1] as Square | undefined;
  const piece = target ? pieceAt(fen, target) : null;
  if (!target || !piece || piece.color !== run.myColor) return null;
  return run.tr('typedOntoOwnPiece', {
    text: text.trim(),
    piece: describePieceType(piece.type, run.words),
    square: describeSquareName(target, run.words),
  });
}

/**
 * A typed line while a question is pending is its answer only when it is one: yes, no, repeat, a
 * number, or the very move offered; the words the dialogue hears for it, else undefined.
 */
function answerOf(dialogue: DialogueState, line: ReturnType<typeof parseCommandLine>): string | undefined {
  if (!line.ok) return undefined;
  const a = line.value;
  if (a.kind === 'command') {
    if (a.command === 'yes' || a.command === 'no' || a.command === 'repeat') return a.command;
    if (a.command === 'number' && dialogue.kind === 'choosing')
      return NUMBER_WORDS.en[Number(a.args?.value) - 1];
    return undefined;
  }
  const offered =
    dialogue.kind === 'choosing'
      ? dialogue.candidates.some((c) => c.uci === a.uci)
      : dialogue.kind === 'confirming' && dialogue.action.kind === 'move' && dialogue.action.uci === a.uci;
  return offered ? a.uci : undefined;
}

/**
 * A typed line: any notation or command, then the same dialogue. While a question is pending, a
 * line that is no answer to it runs as its own command and the question is dropped, which is said
 * first ("Question dropped. White to move"), in the same sentence where the line says something
 * at once (issue 28).
 */
export function typeLine(run: BlindRun, text: string) {
  const fen = run.match.boards[ROLE].aperture.fen;
  const line = parseCommandLine(fen, text, { locale: run.prefs.locale });
  const pending = run.view.dialogue;
  if (pending.kind === 'idle') return runLine(run, fen, text, line);
  const answer = answerOf(pending, line);
  if (answer !== undefined) {
    if (line.ok && line.value.kind === 'move') {
      run.set({ dialogue: IDLE });
      return runOutputs(run, [line.value]);
    }
    return hear(run, answer, false);
  }
  run.set({ dialogue: IDLE });
  const from = run.utterances.length;
  runLine(run, fen, text, line);
  const note = inputMessage(run.prefs.locale, 'questionDropped');
  const first = run.utterances.findIndex((u, i) => i >= from && u.text !== '');
  const said = run.utterances[first];
  if (said) run.utterances[first] = { ...said, text: `${note} ${said.text}` };
  else
    run.utterances.splice(from, 0, {
      text: note,
      lang: run.prefs.locale,
      politeness: 'polite',
      interrupt: true,
    });
}

/** A typed line with nothing pending: a move, a command or a question, or why it is none. */
function runLine(run: BlindRun, fen: string, text: string, line: ReturnType<typeof parseCommandLine>) {
  let next: DialogueStep;
  if (line.ok) {
    const a = line.value;
    next = dialogueAct(
      fen,
      a.kind === 'move'
        ? { kind: 'move', uci: a.uci, san: a.san }
        : a.args
          ? { kind: 'command', command: a.command, args: { ...a.args } }
          : { kind: 'command', command: a.command },
      dialogueOptions(run),
    );
  } else if (line.error.code === 'ambiguous' && line.error.candidates) {
    next = dialogueAct(
      fen,
      { kind: 'ambiguous', candidates: [...line.error.candidates] },
      dialogueOptions(run),
    );
  } else {
    run.set({ dialogue: IDLE });
    return run.say(ownPieceThere(run, fen, text) ?? line.error.message, 'assertive', 'illegal');
  }
  run.set({ dialogue: next.state });
  runOutputs(run, next.outputs);
}
