/**
 * Turning what a notation said (a departure square, an arrival square, a promotion piece) into
 * exactly one legal move, or an error with the case and facts of why not. Shared by every notation parser so that
 * they refuse the same things with the same codes (NT-04: resolve to exactly one legal move).
 */
import { err, ok, type Result } from '../result.ts';
import type { MoveInfo, PositionInfo, PromotionPiece, Square } from '../rules.ts';
import { notationError, type Notation, type NotationError } from './types.ts';

/** Dashes people type or paste: hyphen-minus, hyphen, en dash, em dash, minus sign. */
const DASHES = /[‐‑‒–—―−]/g;

/** Removes spaces and unifies dashes; every notation ignores both. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, '').replace(DASHES, '-');
}

/**
 * Strips trailing check and mate marks (+, ++, #, †, ‡) and annotation glyphs (! ?), which say
 * nothing about which move was made and are ignored on input.
 */
export function stripMarks(text: string): string {
  return text.replace(/[+#!?†‡]+$/u, '');
}

/** Why no legal move goes from `from` to `to`. */
function whyIllegal(pos: PositionInfo, from: Square, to: Square, notation: Notation): NotationError {
  const piece = pos.board.get(from);
  if (!piece) return notationError('illegal', { reason: 'noPiece', from }, { notation });
  if (piece.color !== pos.turn)
    return notationError(
      'illegal',
      { reason: 'notYourPiece', piece: piece.type, from, color: piece.color, turn: pos.turn },
      { notation },
    );
  if (pos.checkmate || pos.stalemate)
    return notationError(
      'illegal',
      { reason: 'gameOver', ending: pos.checkmate ? 'checkmate' : 'stalemate' },
      { notation },
    );
  return notationError(
    'illegal',
    { reason: 'cannotMove', piece: piece.type, from, to, inCheck: pos.inCheck ? pos.turn : null },
    { notation },
  );
}

/**
 * The one legal move from `from` to `to` with the given promotion piece. `promotion` undefined
 * means the text named none.
 */
export function resolveFromTo(
  pos: PositionInfo,
  from: Square,
  to: Square,
  promotion: PromotionPiece | undefined,
  notation: Notation,
): Result<MoveInfo, NotationError> {
  const moves = pos.legalMoves.filter((m) => m.from === from && m.to === to);
  if (moves.length === 0) return err(whyIllegal(pos, from, to, notation));
  return choosePromotion(moves, promotion, notation);
}

/** Among moves that differ at most in the promotion piece, the one the text named. */
export function choosePromotion(
  moves: readonly MoveInfo[],
  promotion: PromotionPiece | undefined,
  notation: Notation,
): Result<MoveInfo, NotationError> {
  const first = moves[0];
  if (!first) return err(notationError('illegal', { reason: 'notLegalHere' }, { notation }));
  const promoting = first.promotion !== undefined;
  if (!promoting) {
    if (promotion !== undefined)
      return err(
        notationError(
          'notAPromotion',
          { reason: 'notAPromotion', from: first.from, to: first.to, promotion },
          { notation },
        ),
      );
    return moves.length === 1
      ? ok(first)
      : err(
          notationError(
            'ambiguous',
            { reason: 'severalMoves' },
            {
              notation,
              candidates: moves.map((m) => m.uci),
            },
          ),
        );
  }
  if (promotion === undefined)
    return err(
      notationError(
        'promotionPieceMissing',
        { reason: 'promotionPieceMissing', from: first.from, to: first.to },
        { notation, candidates: moves.map((m) => m.uci) },
      ),
    );
  const chosen = moves.find((m) => m.promotion === promotion);
  return chosen ? ok(chosen) : err(notationError('illegal', { reason: 'promotionNotLegal' }, { notation }));
}
