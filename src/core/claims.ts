/**
 * Claims and results: repetition with dynamic identity in both claim forms (spec §2.7), the fifty-move
 * rule with each edition's extensions (§2.8), insufficient material and the bare king (§2.9), draw
 * offers (§2.10), resignation, the clock consequences of a claim per edition (§2.11, GR-56), and the
 * result value `{ winner, reason }` every other layer records.
 */
import { err, ok, type Result } from './result.ts';
import { mateOrStalemate, type GameResult, type ResultReason } from './outcome.ts';
import { findMove, inspect, squareColor, type Color, type MoveInfo, type Square } from './rules.ts';
import { positions, type Game } from './game.ts';
import type { Profile } from './profiles.ts';
import { chargeTime, flagFallen, giveTime, stop, type Clock } from './clock.ts';

const opponent = (c: Color): Color => (c === 'w' ? 'b' : 'w');

export type ClaimErrorCode = 'invalidGame' | 'illegalMove' | 'notYourMove' | 'gameOver';
export interface ClaimError {
  readonly code: ClaimErrorCode;
  readonly message: string;
}

// ---------------------------------------------------------------------------------------------
// Repetition (000 Art 12.3 + Interp 12.3 (1964); 003 Art 10.5; 001 Art 10.10)

/**
 * The identity of a position for repetition: placement, side to move, castling rights, and the
 * en-passant square only when an en-passant capture is really possible (GR-35 DEFAULT: the "possible
 * moves" must be the same, and a double step that allows no capture changes none of them).
 */
export function repetitionKey(fen: string): string {
  const r = inspect(fen);
  if (!r.ok) return fen;
  const [placement = '', turn = 'w', castling = '-'] = r.value.fen.split(' ');
  const ep = r.value.legalMoves.find((m) => m.enPassant)?.to ?? '-';
  return `${placement} ${turn} ${castling} ${ep}`;
}

/** The plies (0 = start position) at which the position of ply `ply` has stood. */
export function occurrences(fens: readonly string[], ply: number): number[] {
  const target = fens[ply];
  if (target === undefined) return [];
  const key = repetitionKey(target);
  return fens.flatMap((f, i) => (i <= ply && repetitionKey(f) === key ? [i] : []));
}

export type RepetitionClaim =
  /** (b) the position has just appeared for the third time. */
  | { readonly form: 'hasAppeared' }
  /** (a) the claimant's intended move (written, declared, NOT played) would make it appear. */
  | { readonly form: 'aboutToAppear'; readonly uci: string };

export interface ClaimVerdict {
  readonly correct: boolean;
  /** Plies at which the position stood (the evidence of GR-37). */
  readonly evidence: readonly number[];
  /** For a form-(a) claim: the declared move, which must be played if the claim fails (003 10.11(b)). */
  readonly declaredMove?: { readonly uci: string; readonly san: string };
  readonly result: GameResult | null;
}

/** Verifies a repetition claim by the player having the move. */
export function claimRepetition(game: Game, claim: RepetitionClaim): Result<ClaimVerdict, ClaimError> {
  const fens = positions(game);
  if (fens.length !== game.moves.length + 1)
    return err({ code: 'invalidGame', message: 'The game record does not replay.' });
  const draw: GameResult = { winner: null, reason: 'repetition' };
  if (claim.form === 'hasAppeared') {
    const evidence = occurrences(fens, fens.length - 1);
    const correct = evidence.length >= 3;
    return ok({ correct, evidence, result: correct ? draw : null });
  }
  const current = fens.at(-1) as string;
  const move = findMove(current, claim.uci);
  if (!move.ok) return err({ code: 'illegalMove', message: move.error.message });
  const all = [...fens, move.value.fenAfter];
  const evidence = occurrences(all, all.length - 1);
  const correct = evidence.length >= 3;
  return ok({
    correct,
    evidence,
    declaredMove: { uci: move.value.uci, san: move.value.san },
    result: correct ? draw : null,
  });
}

// ---------------------------------------------------------------------------------------------
// Fifty moves and extensions (000 Art 12.4; 003 Art 10.8–10.9; 001 Art 10.12)

/** An ending with its own move limit, announced by the organisers before the event (GR-41). */
export interface OrganiserExtension {
  readonly label: string;
  /** Material as `K…vK…` with pieces in QRBNP order, e.g. `KRBvKR`; either colour may hold either side. */
  readonly material: string;
  readonly moves: number;
}

/** Material signature `K…vK…` of White then Black, pieces in QRBNP order. */
export function materialSignature(fen: string): { readonly w: string; readonly b: string } {
  const r = inspect(fen);
  const order = 'qrbnp';
  const of = (c: Color) =>
    'K' +
    [...(r.ok ? r.value.board.values() : [])]
      .filter((p) => p.color === c && p.type !== 'k')
      .map((p) => p.type)
      .sort((a, b) => order.indexOf(a) - order.indexOf(b))
      .join('')
      .toUpperCase();
  return { w: of('w'), b: of('b') };
}

function hasEnding(fen: string, strong: string, weak: string): Color | null {
  const m = materialSignature(fen);
  if (m.w === strong && m.b === weak) return 'w';
  if (m.b === strong && m.w === weak) return 'b';
  return null;
}

// 000 Art 12.4 (E80): the pawn "not further advanced than" these squares.
const KNN_KP_LIMIT: Readonly<Record<Color, Readonly<Record<string, number>>>> = {
  b: { a: 4, b: 6, c: 5, d: 4, e: 4, f: 5, g: 6, h: 4 },
  w: { a: 5, b: 3, c: 4, d: 5, e: 5, f: 4, g: 3, h: 5 },
};

/** E80: KNN v KP with the pawn blocked by a knight and not beyond the listed squares. */
function knnVsKpE80(fen: string): boolean {
  const strong = hasEnding(fen, 'KNN', 'KP');
  if (!strong) return false;
  const r = inspect(fen);
  if (!r.ok) return false;
  const pawnColor = opponent(strong);
  const pawn = [...r.value.board.entries()].find(([, p]) => p.type === 'p')?.[0];
  if (!pawn) return false;
  const file = pawn[0] as string;
  const rank = Number(pawn[1]);
  const ahead = `${file}${pawnColor === 'w' ? rank + 1 : rank - 1}` as Square;
  const blocker = r.value.board.get(ahead);
  // "Safely blocked" needs the arbiter's eye; the app checks that a knight stands in front (GR-41).
  const blocked = blocker?.type === 'n' && blocker.color === strong;
  const limit = KNN_KP_LIMIT[pawnColor][file] ?? 0;
  const notTooFar = pawnColor === 'w' ? rank <= limit : rank >= limit;
  return blocked && notTooFar;
}

/** E88 Art 10.9: the six endings extended to 75 moves. */
function e88Ending(fen: string): string | null {
  const pairs: [string, string, string][] = [
    ['KRB', 'KR', 'king, rook and bishop against king and rook'],
    ['KNN', 'KP', 'king and two knights against king and pawn'],
    ['KQ', 'KNN', 'king and queen against king and two knights'],
    ['KQ', 'KBB', 'king and queen against king and two bishops'],
    ['KBB', 'KN', 'king and two bishops against king and knight'],
  ];
  for (const [s, w, label] of pairs) if (hasEnding(fen, s, w)) return label;
  const qp = hasEnding(fen, 'KQP', 'KQ');
  if (qp) {
    const r = inspect(fen);
    const pawn = r.ok ? [...r.value.board.entries()].find(([, p]) => p.type === 'p')?.[0] : undefined;
    // (c) "a pawn one square from promotion".
    if (pawn && pawn[1] === (qp === 'w' ? '7' : '2'))
      return 'king, queen and a pawn one square from promotion against king and queen';
  }
  return null;
}

/** The move limit that applies to the position under this profile, and why. */
export function fiftyMoveLimit(
  fen: string,
  profile: Profile,
  organiser: readonly OrganiserExtension[] = [],
): { readonly moves: number; readonly basis: string } {
  if (profile.fiftyMoveExtensions === 'knnVsKp100' && knnVsKpE80(fen))
    return { moves: 100, basis: 'king and two knights against king and pawn (blocked)' };
  if (profile.fiftyMoveExtensions === 'sixEndings75') {
    const label = e88Ending(fen);
    if (label) return { moves: 75, basis: label };
  }
  if (profile.organiserFiftyMoveExtensions) {
    const m = materialSignature(fen);
    const hit = organiser.find((e) => {
      const [s, w] = e.material.toUpperCase().split('V');
      return (m.w === s && m.b === w) || (m.b === s && m.w === w);
    });
    if (hit) return { moves: hit.moves, basis: hit.label };
  }
  return { moves: 50, basis: 'fifty moves' };
}

/** Consecutive moves by each side (plies / 2) without a capture or a pawn move at the end of the game. */
export function quietMoves(game: Game): number {
  const fens = positions(game);
  let plies = 0;
  for (let i = game.moves.length - 1; i >= 0; i--) {
    const before = fens[i];
    const uci = game.moves[i];
    if (before === undefined || uci === undefined) break;
    const m = findMove(before, uci);
    if (!m.ok || m.value.piece === 'p' || m.value.captured) break;
    plies++;
  }
  const start = inspect(game.startFen);
  // Counting begins at the start position's own halfmove clock when nothing resets it.
  if (plies === game.moves.length && start.ok) plies += start.value.halfmoveClock;
  return Math.floor(plies / 2);
}

/** Verifies a fifty-move claim, optionally with the declared (written, not played) move. */
export function claimFiftyMoves(
  game: Game,
  profile: Profile,
  declaredUci?: string,
  organiser: readonly OrganiserExtension[] = [],
): Result<ClaimVerdict & { readonly limit: number; readonly moves: number }, ClaimError> {
  const fens = positions(game);
  if (fens.length !== game.moves.length + 1)
    return err({ code: 'invalidGame', message: 'The game record does not replay.' });
  let g = game;
  let declared: MoveInfo | undefined;
  if (declaredUci !== undefined) {
    const move = findMove(fens.at(-1) as string, declaredUci);
    if (!move.ok) return err({ code: 'illegalMove', message: move.error.message });
    declared = move.value;
    g = { startFen: game.startFen, moves: [...game.moves, move.value.uci] };
  }
  const fen = declared?.fenAfter ?? (fens.at(-1) as string);
  const moves = quietMoves(g);
  const { moves: limit } = fiftyMoveLimit(fen, profile, organiser);
  const correct = moves >= limit;
  const start = game.moves.length + (declared ? 1 : 0) - moves * 2;
  return ok({
    correct,
    moves,
    limit,
    evidence: [Math.max(0, start), game.moves.length + (declared ? 1 : 0)],
    ...(declared ? { declaredMove: { uci: declared.uci, san: declared.san } } : {}),
    result: correct ? { winner: null, reason: 'fiftyMoves' } : null,
  });
}

// ---------------------------------------------------------------------------------------------
// Insufficient material and the bare king (003 Art 10.7; 001 Arts 10.4–10.5; 000 Interp 12.4 (1958A))

/** Exactly K–K, K–KB, K–KN, or KB–KB with both bishops on squares of the same colour. */
export function insufficientMaterial(fen: string): boolean {
  const r = inspect(fen);
  // (A FEN that does not read has, as before, no material: nothing beside the kings.)
  if (!r.ok) return true;
  // One pass over the board, counting what stands beside the kings (every new position asks).
  let others = 0;
  let enough = false;
  let whiteBishop: Square | null = null;
  let blackBishop: Square | null = null;
  for (const [square, piece] of r.value.board) {
    if (piece.type === 'k') continue;
    others += 1;
    if (piece.type === 'p' || piece.type === 'r' || piece.type === 'q' || others > 2) {
      enough = true;
      break;
    }
    if (piece.type === 'b') {
      if (piece.color === 'w') whiteBishop = square;
      else blackBishop = square;
    }
  }
  if (enough) return false;
  // K–K, K–KB, K–KN.
  if (others <= 1) return true;
  // KB–KB with both bishops on squares of the same colour.
  return (
    whiteBishop !== null && blackBishop !== null && squareColor(whiteBishop) === squareColor(blackBishop)
  );
}

/** Whether `side` has nothing but its king. */
export function hasBareKing(fen: string, side: Color): boolean {
  return materialSignature(fen)[side] === 'K';
}

/**
 * The result when `flagged`'s flag has fallen (and is established: GR-61): a loss, or under E88+ a
 * draw when the opponent has only the king (003 10.12; 001 10.14; GR-45/46).
 */
export function flagResult(fen: string, flagged: Color, profile: Profile): GameResult {
  if (profile.flagVsBareKing === 'draw' && hasBareKing(fen, opponent(flagged)))
    return { winner: null, reason: 'flagVsBareKing' };
  return { winner: opponent(flagged), reason: 'flag' };
}

/**
 * The result the board itself produces after the last move, with no claim: mate, stalemate, the
 * E88/E93 insufficient-material draw, and the 2018 automatic fivefold / 75-move draws.
 */
export function boardOutcome(game: Game, profile: Profile): GameResult | null {
  // A bare position (positionOutcome) has no history to replay.
  const fens = game.moves.length === 0 ? [game.startFen] : positions(game);
  const fen = fens.at(-1);
  if (fen === undefined || !inspect(fen).ok) return null;
  const ending = mateOrStalemate(fen);
  if (ending) return ending;
  if (profile.insufficientMaterialDraw && insufficientMaterial(fen))
    return { winner: null, reason: 'insufficientMaterial' };
  if (
    profile.automaticRepetition !== null &&
    occurrences(fens, fens.length - 1).length >= profile.automaticRepetition
  )
    return { winner: null, reason: 'fivefoldRepetition' };
  // Mate on the move that reaches the limit stands (2018 Art 9.6.2): returned above.
  if (profile.automaticMoveLimit !== null && quietMoves(game) >= profile.automaticMoveLimit)
    return { winner: null, reason: 'seventyFiveMoves' };
  return null;
}

const OUTCOMES_KEPT = 4096;
const outcomesByProfile = new WeakMap<Profile, Map<string, GameResult | null>>();

/**
 * The board outcome of a bare position (no game history: mate, stalemate, insufficient material),
 * remembered by FEN for each rule edition: a server's games ask it for the position a move in the
 * hand would reach on nearly every intent, and reach the same positions (issue 14). Bounded.
 */
export function positionOutcome(fen: string, profile: Profile): GameResult | null {
  let known = outcomesByProfile.get(profile);
  if (!known) outcomesByProfile.set(profile, (known = new Map()));
  const hit = known.get(fen);
  if (hit !== undefined) return hit;
  const outcome = boardOutcome({ startFen: fen, moves: [] }, profile);
  if (known.size >= OUTCOMES_KEPT) known.delete(known.keys().next().value as string);
  known.set(fen, outcome);
  return outcome;
}

/** Resignation: the opponent wins (000 Art 11.2; 003 10.2). */
export function resign(side: Color): GameResult {
  return { winner: opponent(side), reason: 'resignation' };
}

/** An accepted draw offer. */
export function agreeDraw(): GameResult {
  return { winner: null, reason: 'agreement' };
}

// ---------------------------------------------------------------------------------------------
// Draw offers (000 Art 18.1 + Interp 18.1 (1974A); 003 10.10; 001 10.7–10.9)

export interface DrawOfferContext {
  readonly offerer: Color;
  /** The side to move on the board. */
  readonly toMove: Color;
  /** The offerer has just completed his move (the offer goes with the clock press). */
  readonly justMoved: boolean;
}

export type DrawOfferTiming =
  | { readonly kind: 'regular' }
  | {
      readonly kind: 'irregular';
      readonly when: 'ownMovePending' | 'opponentThinking';
      /** What the edition says about it; the offer stands and is logged for the arbiter (GR-52). */
      readonly consequence: Profile['irregularDrawOffer'];
      /** The opponent may postpone his answer until he has seen the offerer's move. */
      readonly opponentMayPostpone: boolean;
    };

/** Whether an offer is the regular one made right after one's own move (GR-50, GR-52). */
export function classifyDrawOffer(ctx: DrawOfferContext, profile: Profile): DrawOfferTiming {
  if (ctx.justMoved && ctx.toMove !== ctx.offerer) return { kind: 'regular' };
  const ownMovePending = ctx.toMove === ctx.offerer;
  return {
    kind: 'irregular',
    when: ownMovePending ? 'ownMovePending' : 'opponentThinking',
    consequence: profile.irregularDrawOffer,
    opponentMayPostpone: ownMovePending && profile.irregularDrawOffer !== 'notProvided',
  };
}

// ---------------------------------------------------------------------------------------------
// Touch-move claims (000 Art 8.4; 003/001 Art 7.4)

/** A touch-move claim is accepted only before the claimant has himself touched a piece. */
export function touchClaimAllowed(claimantHasTouchedSince: boolean): boolean {
  return !claimantHasTouchedSince;
}

// ---------------------------------------------------------------------------------------------
// The clock during and after a repetition or fifty-move claim (§2.11, GR-56)

/** Opens a claim: the clocks stop where the edition says so (E80+), else keep running (E72). */
export function openClaim(clock: Clock, profile: Profile, now: number): Clock {
  return profile.claimClock.kind === 'running' || profile.claimClock.kind === 'fixedCharge'
    ? clock
    : stop(clock, now);
}

/**
 * What a claim's settlement did to a clock: `used` time added to `color`'s used time (the
 * claimant's charge or penalty), or `remaining` time given to `color` (the opponent's bonus, 2018).
 */
export interface ClaimClockCharge {
  readonly color: Color;
  readonly ms: number;
  readonly to: 'used' | 'remaining';
}

export interface ClaimSettlement {
  readonly clock: Clock;
  /** The game's result, when the claim ends it (a correct claim, or a wrong one that oversteps). */
  readonly result: GameResult | null;
  /** The time charged or given by the edition's rule, or null (said and logged, issue 28). */
  readonly charge: ClaimClockCharge | null;
}

/**
 * Applies the verdict to the clock: E72 the clock ran, a correct claim draws even if the flag fell
 * meanwhile, a wrong one loses only if the claimant overstepped; E77 exactly five minutes charged;
 * E80/E88/E93 five minutes added to the claimant's time if wrong, losing if that oversteps; 2018 two
 * minutes to the opponent if wrong.
 */
export function settleClaim(
  clock: Clock,
  claimant: Color,
  verdict: ClaimVerdict,
  profile: Profile,
  fen: string,
  now: number,
): ClaimSettlement {
  const rule = profile.claimClock;
  let c = clock;
  let charge: ClaimClockCharge | null = null;
  if (rule.kind === 'fixedCharge') {
    charge = { color: claimant, ms: rule.minutes * 60_000, to: 'used' };
    c = chargeTime(c, claimant, charge.ms, now);
  }
  if (verdict.correct) return { clock: c, result: verdict.result, charge };
  if (rule.kind === 'stoppedPenaltyToClaimant') {
    charge = { color: claimant, ms: rule.minutes * 60_000, to: 'used' };
    c = chargeTime(c, claimant, charge.ms, now);
  }
  if (rule.kind === 'stoppedBonusToOpponent') {
    charge = { color: opponent(claimant), ms: rule.minutes * 60_000, to: 'remaining' };
    c = giveTime(c, charge.color, charge.ms, now);
  }
  const result = flagFallen(c, claimant, now) ? flagResult(fen, claimant, profile) : null;
  return { clock: c, result, charge };
}

// ---------------------------------------------------------------------------------------------
// Colours reversed (000 Interp 9.4 (1958); 003 Art 8.7; 001 Art 8.6; 2018 Art 7.3)

export interface ColourReversalFacts {
  /** Time used so far by each player. */
  readonly usedMs: Readonly<Record<Color, number>>;
  /** The time each player is allotted for the first control. */
  readonly firstControlMs: number;
  /** Moves completed by both players together (plies). */
  readonly plies: number;
}

/**
 * What happens when it is found that the game started with colours reversed: annul and replay
 * (E72–E80), continue once enough time has elapsed (E88: a quarter of the first control's time;
 * E93: more than a quarter of both players' first-control time; before that the arbiter may arrange
 * a new game), or 2018: a new game under ten moves by both players, else continue.
 */
export function colourReversalDecision(
  facts: ColourReversalFacts,
  profile: Profile,
): 'annul' | 'continue' | 'arbiterMayRestart' | 'newGame' {
  const rule = profile.colourReversal;
  const elapsed = facts.usedMs.w + facts.usedMs.b;
  switch (rule.kind) {
    case 'annul':
      return 'annul';
    case 'continueAfterFraction':
      return rule.basis === 'firstControlTime'
        ? elapsed >= rule.fraction * facts.firstControlMs
          ? 'continue'
          : 'arbiterMayRestart'
        : elapsed > rule.fraction * 2 * facts.firstControlMs
          ? 'continue'
          : 'arbiterMayRestart';
    case 'continueAfterMoves':
      return facts.plies < rule.moves * 2 ? 'newGame' : 'continue';
  }
}

// ---------------------------------------------------------------------------------------------
// The sealed move (000 Art 17.3; 003 Art 10.14; 001 Art 10.16, 10.5)

/** What is wrong with a sealed move once the envelope is opened. */
export type SealedMoveDefect = 'none' | 'ambiguous' | 'unintelligible' | 'illegal';

/**
 * The result a defective sealed move brings, or null when play goes on: E72/E80 only a move whose
 * real significance cannot be established loses (an illegal but clear move falls under the
 * illegal-move article); E88 and E93 also an illegal one; against a bare king it is a draw (E88+).
 */
export function sealedMoveResult(
  fen: string,
  sealer: Color,
  defect: SealedMoveDefect,
  profile: Profile,
): GameResult | null {
  if (defect === 'none') return null;
  if (defect === 'illegal' && profile.sealedMoveInvalid === 'unclearSignificanceLoses') return null;
  if (profile.flagVsBareKing === 'draw' && hasBareKing(fen, opponent(sealer)))
    return { winner: null, reason: 'invalidSealedMove' };
  return { winner: opponent(sealer), reason: 'invalidSealedMove' };
}

/**
 * Whether an ending stands even though the mover had not yet pressed his clock, or his flag fell
 * afterwards (GR-17, GR-31): mate everywhere; stalemate from E80; insufficient material from E88.
 */
export function endsRegardlessOfClock(reason: ResultReason, profile: Profile): boolean {
  return (profile.immediateEndings as readonly ResultReason[]).includes(reason);
}
