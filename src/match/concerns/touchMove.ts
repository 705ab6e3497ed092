/**
 * Touch-move in play (spec §2.4, GR-22, checklist 57): a player's claim that his opponent touched a
 * piece (before touching one himself, Art 7.4 / 8.4), the assistant's report (S85 r.9(e)), the
 * arbiter's enforcement with or without a claim (000 Interp 8.4 (1974)) and, in E72, the accused
 * player's opponent naming the touched man or the capture by two touched men (002 Art 20 1(d), 20.3).
 * Enforcement has a consequence:
 * the touched piece must move and a move made instead is taken back.
 */
import {
  applyStep,
  chargeTime,
  currentFen,
  legalMoves,
  playMoves,
  start,
  stop,
  type Color,
  type Square,
} from '../../core/index.ts';
import type { MatchEvent } from '../events.ts';
import { done, no, type Actor, type Handlers, type Outcome, withMatch } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { arbiterOnly, hasDuty, isPlayer, allowed, refuse, playersOnly } from '../rights.ts';
import { apertureFor, colorOf, isS85Style, opposite, profileOf, seatOf, turnOf } from '../setup.ts';
import type { MatchState, PendingClaim, PlayerRole, Role } from '../types.ts';
import { retractTo } from './twins.ts';

/**
 * Binds `color` to the piece on `square` (Art 7.2 / 8.2): a move of another piece made since is
 * taken back first (Art 7.4 / 8.4), a move in progress is undone, and the touch enters his ledger.
 * Null when nothing binds: the piece cannot be moved or captured (Art 7.3 / 8.3), or it was moved.
 */
export function enforceTouchOn(
  state: MatchState,
  color: Color,
  square: Square,
  now: number,
): { readonly state: MatchState; readonly takenBack: boolean } | null {
  const seat = seatOf(state.setup, color);
  const last = state.plies.at(-1);
  const movedInstead = turnOf(state) !== color && last?.color === color && last.uci.slice(0, 2) !== square;
  const base = movedInstead ? retractTo(state, state.plies.length - 1, now).state : state;
  if (turnOf(base) !== color) return null;
  const current = base.boards[seat].aperture;
  // A move of another piece still in progress is undone: the piece goes back to its square.
  const aperture =
    current.hand || current.placements.length > 0 ? apertureFor(base.setup, seat, current.fen) : current;
  const piece = aperture.board.get(square);
  if (!piece) return null;
  const own = piece.color === color;
  const bound = legalMoves(aperture.fen).some((m) => (own ? m.from === square : m.to === square));
  if (!bound) return null;
  const touched = applyStep(aperture, { type: 'touchTogether', squares: [square] }, profileOf(base));
  if (touched.events.some((e) => e.type === 'refused')) return null;
  return {
    state: {
      ...base,
      boundPiece: { color, square },
      boards: { ...base.boards, [seat]: { ...base.boards[seat], aperture: touched.state } },
    },
    takenBack: movedInstead,
  };
}

/**
 * E72 Art 20 1(d)2: binds `color` to "the capture that must be made by two touched men" — his man
 * on `from` takes the man on `target`. A move made instead is taken back first (Art 20.3 with 8.4);
 * the move in progress is undone. Null when that capture cannot be made (Art 20 2(a): a man that
 * cannot move or be captured counts as not touched), or when it has been made already.
 */
export function enforceCaptureOn(
  state: MatchState,
  color: Color,
  from: Square,
  target: Square,
  now: number,
): { readonly state: MatchState; readonly takenBack: boolean } | null {
  const last = state.plies.at(-1);
  const movedInstead =
    turnOf(state) !== color &&
    last?.color === color &&
    !(last.uci.startsWith(from) && capturedOn(state, color, last.uci) === target);
  const base = movedInstead ? retractTo(state, state.plies.length - 1, now).state : state;
  if (turnOf(base) !== color) return null;
  const seat = seatOf(base.setup, color);
  const current = base.boards[seat].aperture;
  const aperture =
    current.hand || current.placements.length > 0 ? apertureFor(base.setup, seat, current.fen) : current;
  const capture = legalMoves(aperture.fen).find((m) => m.from === from && m.capturedOn === target);
  if (!capture) return null;
  const touched = applyStep(aperture, { type: 'touchTogether', squares: [from] }, profileOf(base));
  if (touched.events.some((e) => e.type === 'refused')) return null;
  return {
    state: {
      ...base,
      boundPiece: { color, square: from },
      // The capture itself is owed, as a declared move is (board.ts refuses any other).
      declaredMove: { color, uci: capture.uci },
      boards: { ...base.boards, [seat]: { ...base.boards[seat], aperture: touched.state } },
    },
    takenBack: movedInstead,
  };
}

/** The square the last logged move, `color`'s, captured on (none when it captured nothing). */
function capturedOn(state: MatchState, color: Color, uci: string): Square | null {
  // His own board holds his move as soon as he made it.
  const game = state.boards[seatOf(state.setup, color)].game;
  const before = playMoves({ startFen: game.startFen, moves: [] }, game.moves.slice(0, -1));
  if (!before.ok) return null;
  return legalMoves(currentFen(before.value)).find((m) => m.uci === uci)?.capturedOn ?? null;
}

/** The enforcement as an outcome: the state and what everyone hears. */
export function enforced(
  state: MatchState,
  color: Color,
  square: Square,
  by: Actor,
  now: number,
): { readonly state: MatchState; readonly events: MatchEvent[] } {
  const r = enforceTouchOn(state, color, square, now);
  if (!r) return { state, events: [] };
  return {
    state: r.state,
    events: [{ type: 'touchEnforced', color, square, takenBack: r.takenBack, by, audience: 'everyone' }],
  };
}

/** Opens a touch-move claim against `accused`; with an arbiter the clocks stop until he decides. */
function openTouchClaim(
  state: MatchState,
  by: Role,
  claimant: Color,
  square: Square | null,
  now: number,
): Outcome {
  const events: MatchEvent[] = [
    ...(square ? [{ type: 'touchReported', square, by, audience: 'everyone' } as const] : []),
    { type: 'claimed', claim: 'touchMove', color: claimant, by, move: null, audience: 'everyone' },
  ];
  // GR-96: an unwitnessed touch is for the arbiter; without one it is only logged.
  if (!state.participants.arbiter) return done(state, events);
  // 002 Art 20.3 "the director should stop the clocks of both players until he has decided";
  // E88/E93 Art 12.5 the same for anything that needs the arbiter.
  if (state.clock.running !== null)
    events.push({ type: 'clocksStopped', by: 'twinboard', reason: 'claim', audience: 'everyone' });
  const accused = seatOf(state.setup, opposite(claimant));
  const ledger = state.boards[accused].aperture.touches;
  const claim: PendingClaim = {
    kind: 'touchMove',
    by,
    claimant,
    move: null,
    square,
    // Checkable only while the accused is still on his move: is the piece in his ledger?
    verified:
      square && turnOf(state) === opposite(claimant) && ledger.some((t) => t.square === square) ? true : null,
    clocksWereRunning: state.clock.running !== null,
  };
  return done(withMatch(state, { clock: stop(state.clock, now), claim }), events);
}

/** Art 7.4 / 8.4: a claimant who has touched a piece himself on his move has lost the right. */
export function touchedHimself(state: MatchState, seat: PlayerRole): boolean {
  return turnOf(state) === colorOf(state.setup, seat) && state.boards[seat].aperture.touches.length > 0;
}

function doClaimTouch(state: MatchState, intent: IntentOf<'claimTouch'>, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is already being decided.');
  const seat = intent.by as PlayerRole;
  if (touchedHimself(state, seat))
    return no('claimNotAllowed', 'You have touched a piece yourself since; the claim is too late.', {
      reason: 'touchedSince',
    });
  // E72 Art 20 1(d): the opponent may be asked to name the man; elsewhere the claim names it.
  if (!intent.square && profileOf(state).touchOrderUnknown !== 'opponentSpecifies')
    return no('claimNotAllowed', 'Say which piece your opponent touched.', { reason: 'nameThePiece' });
  return openTouchClaim(state, intent.by, colorOf(state.setup, seat), intent.square ?? null, now);
}

function doReportTouch(state: MatchState, intent: IntentOf<'reportTouch'>, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is already being decided.');
  if (touchedHimself(state, 'blind'))
    return no('claimNotAllowed', 'The blind player has touched a piece since; the claim is too late.', {
      reason: 'blindTouchedSince',
    });
  return openTouchClaim(state, intent.by, state.setup.blindColor, intent.square, now);
}

/**
 * The arbiter upholds a touch claim: the touched piece binds the accused. Without a named piece
 * (E72 Art 20 1(d)) the claimant names it; his clock runs until he does (Art 20.3).
 */
export function upholdTouchClaim(
  state: MatchState,
  claim: PendingClaim,
  by: Actor,
  now: number,
): { readonly state: MatchState; readonly events: MatchEvent[] } {
  const accused = opposite(claim.claimant);
  if (claim.square) return enforced(state, accused, claim.square, by, now);
  const started = start(stop(state.clock, now), now, claim.claimant);
  return {
    state: {
      ...state,
      clock: started.ok ? started.value : state.clock,
      touchNaming: { namer: claim.claimant, accused, since: now },
    },
    events: [
      { type: 'touchNamingAsked', color: claim.claimant, audience: 'everyone' },
      { type: 'clocksResumed', by, running: claim.claimant, audience: 'everyone' },
    ],
  };
}

function doNameTouchedPiece(state: MatchState, intent: IntentOf<'nameTouchedPiece'>, now: number): Outcome {
  const naming = state.touchNaming;
  if (!naming) return no('noTouchNaming', 'Nobody has been asked to name a touched piece.');
  const seat = intent.by as PlayerRole;
  if (colorOf(state.setup, seat) !== naming.namer)
    return no('notAuthorized', 'The accused player’s opponent names the touched piece.');
  const from = intent.capturingFrom;
  if (from !== undefined && profileOf(state).touchOrderUnknown !== 'opponentSpecifies')
    return no(
      'claimNotAllowed',
      'This edition has no capture named by the opponent; name the touched piece.',
      { reason: 'noNamedCapture' },
    );
  const last = state.plies.at(-1);
  if (
    from !== undefined &&
    last?.color === naming.accused &&
    last.uci.startsWith(from) &&
    capturedOn(state, naming.accused, last.uci) === intent.square
  )
    return no('claimNotAllowed', 'That capture is the move he made; name another capture or piece.', {
      reason: 'captureMade',
    });
  const unnamed = withMatch(state, { touchNaming: null });
  const r =
    from === undefined
      ? enforceTouchOn(unnamed, naming.accused, intent.square, now)
      : enforceCaptureOn(unnamed, naming.accused, from, intent.square, now);
  if (!r)
    return from === undefined
      ? no('claimNotAllowed', 'That piece cannot be moved or captured; name another.', {
          reason: 'pieceNotBound',
        })
      : no(
          'claimNotAllowed',
          `The piece on ${from} cannot capture on ${intent.square}; name another capture or piece.`,
          { reason: 'captureImpossible' },
        );
  // Art 20.3: the namer's clock ran until he named the man; that time stays his.
  const charged = chargeTime(stop(r.state.clock, now), naming.namer, now - naming.since, now);
  const running = turnOf(r.state);
  const restarted = start(charged, now, running);
  return done({ ...r.state, clock: restarted.ok ? restarted.value : charged }, [
    {
      type: 'touchEnforced',
      color: naming.accused,
      ...(from === undefined ? { square: intent.square } : { square: from, captures: intent.square }),
      takenBack: r.takenBack,
      by: intent.by,
      audience: 'everyone',
    },
    { type: 'clocksResumed', by: intent.by, running, audience: 'everyone' },
  ]);
}

function doEnforceTouch(state: MatchState, intent: IntentOf<'enforceTouch'>, now: number): Outcome {
  if (state.claim) return no('claimOpen', 'A claim is being decided.');
  const r = enforced(state, intent.color, intent.square, intent.by, now);
  if (r.events.length === 0)
    return no('claimNotAllowed', 'That piece cannot be moved or captured, or it has been moved.', {
      reason: 'cannotEnforce',
    });
  return done(r.state, r.events);
}

export const touchMoveHandlers: Pick<
  Handlers,
  'claimTouch' | 'reportTouch' | 'enforceTouch' | 'nameTouchedPiece'
> = {
  claimTouch: {
    authorize: playersOnly('Only a player claims that his opponent touched a piece.'),
    apply: doClaimTouch,
  },
  reportTouch: {
    authorize: (state, intent) =>
      // BL-33: S85 r.9(e) only.
      intent.by === 'blindAssistant' && isS85Style(profileOf(state)) && hasDuty(state, intent.by, 'claimTime')
        ? allowed
        : refuse('notAuthorized', 'Only the blind player’s assistant reports touches (S85 r.9(e)).'),
    apply: doReportTouch,
  },
  enforceTouch: {
    // 000 Interp 8.4 (1974): "The enforcement of this Article by the arbiter does not require a claim".
    authorize: arbiterOnly('Only the arbiter enforces touch-move without a claim.'),
    apply: doEnforceTouch,
  },
  nameTouchedPiece: {
    authorize: (_state, intent) =>
      isPlayer(intent.by) ? allowed : refuse('notAuthorized', 'Only a player names the touched piece.'),
    apply: doNameTouchedPiece,
  },
};
