// Match events built by hand for the golden tables of announce(): each builder takes the few facts
// the words depend on and fills the rest as the reducer would (the blind player plays White).
import {
  findMove,
  scoreOf,
  type Color,
  type PieceType,
  type PromotionPiece,
  type ResultReason,
  type Square,
} from '../../src/core/index.ts';
import type { Answer, EventOf, MatchEvent, Refusal } from '../../src/match/events.ts';
import type { ClaimKind, Discrepancy, PlayerRole } from '../../src/match/types.ts';

const everyone = 'everyone' as const;
const seatOf = (color: Color): PlayerRole => (color === 'w' ? 'blind' : 'sighted');
const board = (color: Color) => ({ seat: seatOf(color), color, audience: everyone });

export function announced(color: Color, fen: string, uci: string): EventOf<'announced'> {
  const found = findMove(fen, uci);
  const m = found.ok ? found.value : null;
  return {
    type: 'announced',
    ...board(color),
    by: seatOf(color),
    ply: null,
    uci,
    fen,
    san: m?.san ?? uci,
    capture: m?.captured !== undefined,
    enPassant: m?.enPassant ?? false,
    check: m?.check ?? false,
    mate: m?.mate ?? false,
  };
}

export function announcementCorrected(
  color: Color,
  fen: string,
  uci: string,
): EventOf<'announcementCorrected'> {
  return {
    type: 'announcementCorrected',
    ...board(color),
    by: seatOf(color),
    previous: '',
    uci,
    san: uci,
    fen,
  };
}

export function lifted(
  color: Color,
  square: Square,
  piece: PieceType,
  o: { readonly exempt?: boolean; readonly mustMove?: boolean } = {},
): MatchEvent {
  const p = { color, type: piece };
  return {
    type: 'lifted',
    ...board(color),
    square,
    piece: p,
    own: true,
    exempt: o.exempt ?? false,
    obligation: o.mustMove ? { kind: 'move', square, piece: p } : null,
  };
}

export function captureRemoved(color: Color, square: Square, piece: PieceType): MatchEvent {
  return {
    type: 'captureRemoved',
    ...board(color),
    square,
    piece: { color: color === 'w' ? 'b' : 'w', type: piece },
  };
}

export function placed(color: Color, from: Square, to: Square, piece: PieceType): MatchEvent {
  return { type: 'placed', ...board(color), from, to, piece: { color, type: piece } };
}

export function promotionChosen(color: Color, square: Square, piece: PromotionPiece): MatchEvent {
  return { type: 'promotionChosen', ...board(color), square, piece };
}

export function clockPressed(color: Color): MatchEvent {
  return { type: 'clockPressed', ...board(color), by: seatOf(color), ply: 1 };
}

export function repeated(color: Color, fen: string, uci: string, matches: boolean): MatchEvent {
  return { type: 'repeated', color, fen, uci, matches, ply: null, by: seatOf(color), audience: everyone };
}

export function drawOffered(color: Color): MatchEvent {
  return { type: 'drawOffered', color, regular: true, audience: everyone };
}

export function flagFell(color: Color): MatchEvent {
  return { type: 'flagFell', color, audience: everyone };
}

export function claimed(color: Color, claim: ClaimKind): MatchEvent {
  return { type: 'claimed', color, claim, by: seatOf(color), move: null, audience: everyone };
}

export function claimDecided(color: Color, claim: ClaimKind, upheld: boolean): MatchEvent {
  return { type: 'claimDecided', color, claim, upheld, by: 'twinboard', evidence: [], audience: everyone };
}

/** A board difference without boards to reset: the words say only that the boards differ. */
export function discrepancy(differences: readonly string[]): MatchEvent {
  const d: Discrepancy = {
    rule: 7,
    detectedAt: 0,
    differences,
    correctedMoves: [],
    boardsToReset: [],
    clock: null,
    clockSource: null,
    sanctionChoice: false,
    agreedBy: [],
  };
  return { type: 'discrepancy', discrepancy: d, announced: null, audience: everyone };
}

/** A refusal of `code`; a cast lets a test send a code this version does not know. */
export function refused(code: string, message?: string): MatchEvent {
  const refusal = { code, ...(message === undefined ? {} : { message }) } as unknown as Refusal;
  return { type: 'refused', intent: 'lift', by: 'blind', refusal, audience: ['blind'] };
}

export function gameEnded(winner: Color | null, reason: ResultReason): MatchEvent {
  const result = { winner, reason };
  return { type: 'gameEnded', result, score: scoreOf(result), audience: everyone };
}

/** The answer to the blind player's question, for him alone (BL-31). */
export function answered(answer: Answer): MatchEvent {
  return { type: 'answered', by: 'blind', topic: answer.topic, answer, audience: ['blind'] };
}
