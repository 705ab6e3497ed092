/**
 * The announcement and the clock: announcing the move and correcting a slip of the tongue (r.1,
 * r.6, BL-22), what r.3 still leaves missing before the opponent's clock may start, the clock press
 * that completes the move, and the opponent's move received on this board.
 */
import { err, ok, type Result } from './result.ts';
import { legalMoves, legalMovesFrom, withUci, type MoveInfo } from './rules.ts';
import {
  changed,
  freshTurn,
  refuse,
  turnOf,
  type ApertureState,
  type RefusalCode,
  type StepResult,
} from './apertureState.ts';
import { analyse, type Analysis } from './apertureAnalysis.ts';

function normaliseUci(text: string): string | null {
  const t = text.trim().toLowerCase();
  return /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(t) ? t : null;
}

function checkAnnouncement(state: ApertureState, text: string | undefined): Result<MoveInfo, StepResult> {
  const pending = analyse(state);
  if (text === undefined) {
    if (pending.stage === 'complete') return ok(pending.move);
    if (pending.stage === 'promotion')
      return err(refuse(state, 'promotionNotChosen', 'Choose the piece for the promotion first.'));
    return err(refuse(state, 'notPlaced', 'There is no move on the board to announce.'));
  }
  return checkNamedAnnouncement(state, pending, text);
}

/** `checkAnnouncement` of a move the player names (apart: its arrows would cost every announcement). */
function checkNamedAnnouncement(
  state: ApertureState,
  pending: Analysis,
  text: string,
): Result<MoveInfo, StepResult> {
  const uci = normaliseUci(text);
  if (!uci) return err(refuse(state, 'badMove', `“${text}” is not a move.`));
  const legal = legalMoves(state.fen);
  const move = legal.find((m) => m.uci === uci);
  if (!move && legal.some((m) => m.promotion && m.uci.startsWith(uci)))
    // S85 r.1: "When promoting a Pawn the player must announce which piece is chosen."
    return err(refuse(state, 'promotionNotAnnounced', 'Say which piece the pawn becomes.'));
  if (!move) return err(refuse(state, 'illegalAnnouncement', `${uci} is not a legal move here.`));
  if (pending.stage === 'complete' && pending.move.uci !== move.uci)
    return err(
      refuse(state, 'announcementMismatch', `The board shows ${pending.move.san}, not ${move.san}.`),
    );
  if (
    pending.stage === 'promotion' &&
    (move.from !== state.placements[0]?.from || move.to !== pending.square)
  )
    return err(refuse(state, 'announcementMismatch', `The pawn stands on ${pending.square}.`));
  return ok(move);
}

/** r.1: the move is announced; with no text the board move is announced for the player. */
export function doAnnounce(state: ApertureState, text: string | undefined): StepResult {
  if (state.options.kind === 'sighted')
    return refuse(state, 'notApplicable', 'The sighted board has no announcement step.');
  if (state.announced !== null)
    return refuse(
      state,
      'alreadyAnnounced',
      'The move has been announced; use a correction for a slip of the tongue.',
    );
  const checked = checkAnnouncement(state, text);
  if (!checked.ok) return checked.error;
  const move = checked.value;
  return {
    state: changed(state, { announced: move.uci }),
    events: [{ type: 'announced', uci: move.uci, san: move.san }],
  };
}

/** r.6: a slip of the tongue is corrected immediately and before the opponent's clock is started. */
export function doCorrectAnnouncement(state: ApertureState, text: string): StepResult {
  if (state.announced === null) {
    return state.lastCompleted && state.touches.length === 0
      ? refuse(
          state,
          'alreadyPressed',
          'The clock has been pressed; the announcement can no longer be corrected.',
        )
      : refuse(state, 'notAnnounced', 'Nothing has been announced yet.');
  }
  const checked = checkAnnouncement(state, text);
  if (!checked.ok) return checked.error;
  const move = checked.value;
  return {
    state: changed(state, { announced: move.uci }),
    events: [{ type: 'announcementCorrected', previous: state.announced, uci: move.uci, san: move.san }],
  };
}

/**
 * Whether nothing r.3 (and BL-16/17) asks for is missing before the opponent's clock may start:
 * `missingForClock(state).length === 0` without making the list (asked on every board step).
 */
export function readyForClock(state: ApertureState): boolean {
  if (state.hand) return false;
  const pending = analyse(state);
  if (pending.stage !== 'complete') return false;
  const { move } = pending;
  if (move.capturedOn && state.board.get(move.capturedOn)?.color === (turnOf(state) === 'w' ? 'b' : 'w'))
    return false;
  for (const r of state.removed) if (r.square !== move.capturedOn) return false;
  return state.options.kind !== 'aperture' || state.announced === move.uci;
}

/** Every condition r.3 (and BL-16/17) still leaves unmet before the opponent's clock may start. */
export function missingForClock(state: ApertureState): RefusalCode[] {
  const missing: RefusalCode[] = [];
  const pending = analyse(state);
  if (state.hand) missing.push('pieceInHand');
  if (pending.stage === 'none') missing.push('notPlaced');
  if (pending.stage === 'castlingRook') missing.push('castlingIncomplete');
  if (pending.stage === 'promotion') missing.push('promotionNotChosen');
  if (pending.stage === 'complete') {
    const { move } = pending;
    if (move.capturedOn && state.board.get(move.capturedOn)?.color === (turnOf(state) === 'w' ? 'b' : 'w'))
      missing.push('captureNotRemoved');
    if (state.removed.some((r) => r.square !== move.capturedOn)) missing.push('wrongPieceRemoved');
  }
  if (state.options.kind === 'aperture') {
    if (state.announced === null) missing.push('notAnnounced');
    else if (pending.stage === 'complete' && pending.move.uci !== state.announced)
      missing.push('announcementMismatch');
  }
  return missing;
}

const NOTHING_MISSING: readonly RefusalCode[] = [];

const MISSING_TEXT: Partial<Record<RefusalCode, string>> = {
  pieceInHand: 'a piece is still in your hand',
  notPlaced: 'no piece has been placed on a new square',
  castlingIncomplete: 'the rook has not been placed',
  promotionNotChosen: 'the promotion piece has not been chosen',
  captureNotRemoved: 'the captured piece is still on the board',
  wrongPieceRemoved: 'a piece was removed that the move does not capture',
  notAnnounced: 'the move has not been announced',
  announcementMismatch: 'the announcement differs from the move on the board',
};

/** r.3: "Only then the opponent's clock shall be started." */
export function doPressClock(state: ApertureState): StepResult {
  const missing = readyForClock(state) ? NOTHING_MISSING : missingForClock(state);
  const first = missing[0];
  if (first) {
    const message = `The clock cannot be started: ${missing.map((m) => MISSING_TEXT[m] ?? m).join('; ')}.`;
    return refuse(state, first, message, { missing });
  }
  const pending = analyse(state);
  if (pending.stage !== 'complete') return refuse(state, 'notPlaced', 'There is no move on the board.');
  const { move } = pending;
  const by = turnOf(state);
  const next = freshTurn(move.fenAfter, state.owner, state.options, { uci: move.uci, san: move.san, by });
  return {
    state: next,
    events: [
      { type: 'clockPressed', by },
      { type: 'moveCompleted', uci: move.uci, san: move.san, move },
    ],
  };
}

/**
 * The opponent's move executed on this board by the relay (the app or an assistant, r.9(a)); no
 * touch-move applies to it. Refused when the move is illegal or it is this board owner's turn.
 */
export function receiveMove(state: ApertureState, text: string): StepResult {
  if (state.owner !== 'both' && state.owner === turnOf(state))
    return refuse(state, 'notYourTurn', 'It is this board owner’s own move.');
  const uci = normaliseUci(text);
  if (!uci) return refuse(state, 'badMove', `“${text}” is not a move.`);
  const move = withUci(legalMovesFrom(state.fen, uci.slice(0, 2)), uci);
  if (!move) return refuse(state, 'illegalPlacement', `${uci} is not a legal move here.`);
  const next = freshTurn(move.fenAfter, state.owner, state.options, {
    uci: move.uci,
    san: move.san,
    by: move.color,
  });
  return { state: next, events: [{ type: 'moveReceived', uci: move.uci, san: move.san }] };
}
