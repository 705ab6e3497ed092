/**
 * The blind player's keys (input/keymap.ts's actions) in one step of his screen: the cursor and
 * its jumps, the read-outs, the queries, the hand's steps and the clock, each as words to say or
 * intents to send; draws, claims and resignation ask first where a slip would cost the game (the
 * question is the screen's dialog, answered by `answerQuestion`). The relay's keys go through
 * relayTalk.ts. Pure.
 */
import { findPieces, type Square } from '../../core/index.ts';
import {
  describeMove,
  describePieces,
  describePieceType,
  describePosition,
  describeSquare,
} from '../../speech/index.ts';
import { VOCABULARIES } from '../../speech/vocabularies.ts';
import { findNextPiece, jumpToFile, jumpToRank, step } from '../../core/navigation.ts';
import { isConfirmedAction, type Action, type ConfirmedAction } from '../../input/keymap.ts';
import { aidsAllowed } from '../../match/concerns/participants.ts';
import type { Intent } from '../../match/intents.ts';
import { moveInHandOf, sideToMove } from './boardView.ts';
import {
  readLastCapture,
  readLastMove,
  readMoveStatus,
  readMoves,
  readRays,
  readSquare,
} from './readouts.ts';
import { relayAwaited } from './relay.ts';
import { executeAwaited, relayBoardKey, relayStatus, repeatAwaited } from './relayTalk.ts';
import type { BlindRun } from './run.ts';

const ROLE = 'blind' as const;

function moveCursor(run: BlindRun, to: Square) {
  run.set({ cursor: to });
  run.speak([{ type: 'navigated', fen: run.fen, square: to }], true);
}

/** The cursor's moves: a step, a rank or file, the next piece of a kind. */
function navigate(run: BlindRun, action: Navigation) {
  const { tr, words } = run;
  const cursor = run.view.cursor;
  const fen = run.fen;
  switch (action.kind) {
    case 'cursorUp':
    case 'cursorDown':
    case 'cursorLeft':
    case 'cursorRight': {
      const dir = ({ cursorUp: 'up', cursorDown: 'down', cursorLeft: 'left', cursorRight: 'right' } as const)[
        action.kind
      ];
      const next = step(cursor, dir, run.orientation);
      if (next.atEdge) return run.speak([{ type: 'boardEdge' }]);
      return moveCursor(run, next.square);
    }
    case 'rank':
      return moveCursor(run, jumpToRank(cursor, action.rank));
    case 'file':
      return moveCursor(run, jumpToFile(cursor, action.file));
    case 'pieceJump': {
      const color = action.side === 'own' ? run.myColor : run.myColor === 'w' ? 'b' : 'w';
      const jump = findNextPiece(fen, cursor, action.piece, color, run.orientation, action.order);
      if (!jump)
        return run.say(
          tr('noPieceOfType', {
            side: tr(action.side === 'own' ? 'help.own' : 'help.opponent'),
            piece: describePieceType(action.piece, words),
          }),
          'polite',
          'illegal',
        );
      run.set({ cursor: jump.square });
      // The only piece of its kind: say where it is, not that the search went round (with a screen
      // reader the focused cell says where, when the cursor moved: said once, issue 28).
      if (findPieces(fen, { type: action.piece, color }).length === 1)
        return run.say(
          run.prefs.selfVoicing || jump.square === cursor
            ? tr('onlyPiece', {
                piece: describePieceType(action.piece, words),
                square: describeSquare(fen, jump.square, words),
              })
            : tr('onlyPieceShort', { piece: describePieceType(action.piece, words) }),
        );
      // With a screen reader the focused cell already says the square: only the wrap is news.
      if (jump.wrapped)
        return run.say(
          run.prefs.selfVoicing
            ? tr('wrapped', { square: describeSquare(fen, jump.square, words) })
            : tr('wrappedShort'),
        );
      return run.speak([{ type: 'navigated', fen, square: jump.square }], true);
    }
  }
}

/** Where the player's move stands (or the result, or how to start). */
function sayMoveStatus(run: BlindRun) {
  const { match } = run;
  const awaited = relayAwaited(match);
  if (match.result) return run.sayResult(match.result);
  if (match.phase === 'setup') return run.say(run.howToStartWords());
  if (awaited) return run.say(relayStatus(run, awaited));
  const hand = moveInHandOf(match, ROLE);
  const myTurn = sideToMove(match, ROLE) === run.myColor && match.phase !== 'over';
  return run.say(readMoveStatus(run.readoutContext(), hand, myTurn));
}

/** The clock key: it starts the game, explains what the relay still waits for, or presses. */
function pressClockKey(run: BlindRun) {
  const { match, tr, words } = run;
  const awaited = relayAwaited(match);
  // Before the start the clock key starts the game (as pressing a chess clock starts it).
  if (match.phase === 'setup') return run.send({ kind: 'startGame', by: ROLE });
  if (awaited) {
    // The clock key explains what is missing (BL-12): here, the opponent's move on this board.
    const move = describeMove(awaited.fenBefore, awaited.uci, words);
    const task = tr(awaited.stage === 'repeat' ? 'clockTaskRepeat' : 'clockTaskExecute', { move });
    return run.say(tr('clockRelay', { task }), 'assertive', 'illegal');
  }
  return run.send({ kind: 'pressClock', by: ROLE });
}

/** "White to move" (after the end: the result), for the key and the spoken or typed command. */
export function sayWhoseMove(run: BlindRun) {
  const { match } = run;
  if (match.result) return run.sayResult(match.result);
  const word = VOCABULARIES[run.prefs.vocabulary].colors[sideToMove(match, ROLE)];
  return run.say(run.tr('whoseMove', { color: word.charAt(0).toUpperCase() + word.slice(1) }));
}

/** The pieces on the player's board: of one colour, or White's then Black's. */
export function sayPieces(run: BlindRun, color?: 'w' | 'b') {
  return run.say(
    color ? describePieces(run.fen, color, run.words) : describePosition(run.fen, 'pieces', run.words),
  );
}

/** The intent a key that asks first sends on "yes". */
function askedIntent(kind: ConfirmedAction): Intent {
  switch (kind) {
    case 'claimRepetition':
      return { kind: 'claim', claim: 'repetition', by: ROLE };
    case 'claimFiftyMoves':
      return { kind: 'claim', claim: 'fiftyMoves', by: ROLE };
    case 'claimTime':
      return { kind: 'claim', claim: 'time', by: ROLE };
    default:
      return { kind, by: ROLE };
  }
}

/**
 * Whether the question is worth asking: what cannot be done now (the game not on, no offer to
 * accept, an offer or a claim already open) is sent at once, and the match's refusal says why.
 */
function worthAsking(run: BlindRun, kind: ConfirmedAction): boolean {
  const { match } = run;
  if (match.phase !== 'playing') return false;
  switch (kind) {
    case 'acceptDraw':
      return match.drawOffer !== null && match.drawOffer.by !== run.myColor;
    case 'offerDraw':
      return match.drawOffer === null;
    case 'resign':
      return true;
    default:
      return match.claim === null;
  }
}

/** The question of a key that asks first ("Accept the draw?"). */
function questionOf(run: BlindRun, kind: ConfirmedAction): string {
  return run.tr(kind === 'resign' ? 'resignTitle' : `confirm.${kind}`);
}

/**
 * A key whose slip would cost the game opens its question, the safe answer ready (the screen's
 * dialog). A screen reader reads the dialog as it takes the focus; self-voicing says the question
 * with its keys, so it is heard once either way.
 */
function ask(run: BlindRun, kind: ConfirmedAction) {
  if (!worthAsking(run, kind)) return run.send(askedIntent(kind));
  run.set({ dialog: kind });
  if (run.prefs.selfVoicing) run.say(run.tr('confirmKeys', { question: questionOf(run, kind) }));
}

/** The answer to the question a key asked: "yes" acts, "no" says what was left undone. */
export function answerQuestion(run: BlindRun, confirmed: boolean) {
  const kind = run.view.dialog;
  run.set({ dialog: 'none' });
  run.focus = 'board';
  if (!isConfirmedAction(kind)) return;
  if (confirmed) return run.send(askedIntent(kind));
  const words =
    kind === 'resign'
      ? 'resignCancelled'
      : kind === 'offerDraw' || kind === 'acceptDraw'
        ? (`confirm.${kind}.no` as const)
        : 'confirm.claimNo';
  return run.say(run.tr(words));
}

/** The actions that move the cursor. */
type NavigationKind =
  'cursorUp' | 'cursorDown' | 'cursorLeft' | 'cursorRight' | 'rank' | 'file' | 'pieceJump';
type Navigation = Action & { readonly kind: NavigationKind };
const NAVIGATION: ReadonlySet<Action['kind']> = new Set<NavigationKind>([
  'cursorUp',
  'cursorDown',
  'cursorLeft',
  'cursorRight',
  'rank',
  'file',
  'pieceJump',
]);
const isNavigation = (action: Action): action is Navigation => NAVIGATION.has(action.kind);

export function perform(run: BlindRun, action: Action) {
  if (isNavigation(action)) return navigate(run, action);
  if (isConfirmedAction(action.kind)) return ask(run, action.kind);
  const { match } = run;
  const cursor = run.view.cursor;
  const fen = run.fen;
  const ctx = run.readoutContext();
  const awaited = relayAwaited(match);
  // Checklist 84: the arbiter's competition mode turns the read-outs off whatever the setting.
  const aids = run.prefs.readoutAids && aidsAllowed(match);
  switch (action.kind) {
    case 'readSquare':
      return run.say(readSquare(ctx, cursor));
    case 'readRank':
      return run.speak([{ type: 'rankRead', fen, rank: cursor[1] as '1' }]);
    case 'readFile':
      return run.speak([{ type: 'fileRead', fen, file: cursor[0] as 'a' }]);
    case 'lastMove':
      return run.say(readLastMove(ctx, match.boards[ROLE].game));
    case 'lastCapture':
      return run.say(readLastCapture(ctx, match.boards[ROLE].game));
    case 'legalMoves':
    case 'legalCaptures':
      return run.say(aids ? readMoves(ctx, cursor, action.kind === 'legalCaptures') : run.aidsOffWords());
    case 'rays':
      return run.say(aids ? readRays(ctx, cursor) : run.aidsOffWords());
    case 'clocks':
      return run.send({ kind: 'query', topic: 'timeUsed', by: ROLE });
    case 'movesMade':
      return run.send({ kind: 'query', topic: 'movesMade', by: ROLE });
    case 'moveStatus':
      return sayMoveStatus(run);
    case 'listPieces':
      return sayPieces(run);
    case 'whoseMove':
      return sayWhoseMove(run);
    case 'declineDraw':
      return run.send({ kind: 'declineDraw', by: ROLE });
    case 'liftOrPlace': {
      if (relayBoardKey(run, 'liftOrPlace', cursor)) return;
      const hand = match.boards[ROLE].aperture.hand;
      return run.send(
        hand ? { kind: 'place', square: cursor, by: ROLE } : { kind: 'lift', square: cursor, by: ROLE },
      );
    }
    case 'removeCaptured':
      if (relayBoardKey(run, 'removeCaptured', cursor)) return;
      return run.send({ kind: 'removeCaptured', square: cursor, by: ROLE });
    case 'announce':
      // Saying the opponent's announced move back is its repetition (BL-18).
      if (awaited?.stage === 'repeat') return repeatAwaited(run);
      return run.send({ kind: 'announce', by: ROLE });
    case 'repeatMove':
      return repeatAwaited(run);
    case 'executeMove':
      return executeAwaited(run);
    case 'correctAnnouncement': {
      const move = moveInHandOf(match, ROLE).move;
      return run.send(
        move ? { kind: 'correctAnnouncement', uci: move.uci, by: ROLE } : { kind: 'announce', by: ROLE },
      );
    }
    case 'pressClock':
      return pressClockKey(run);
    case 'jAdoube':
      return run.send({ kind: 'jAdoube', by: ROLE });
    case 'help':
      return run.set({ dialog: 'help' });
    case 'settings':
      return run.set({ dialog: 'settings' });
    case 'commandLine':
      run.focus = 'commandLine';
      return;
    case 'pushToTalk':
      run.toggleTalk = true;
      return;
  }
}
