/**
 * Turning what a notation said (a departure square, an arrival square, a promotion piece) into
 * exactly one legal move, or an error that says why not. Shared by every notation parser so that
 * they refuse the same things with the same codes (NT-04: resolve to exactly one legal move).
 */
import { err, ok, type Result } from '../result.ts';
import type { MoveInfo, PositionInfo, PromotionPiece, Square } from '../rules.ts';
import { notationError, PIECE_NAMES, PROMOTION_NAMES, type Notation, type NotationError } from './types.ts';

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

const COLOR_NAMES = { w: 'White', b: 'Black' } as const;

function describeFromTo(from: Square, to: Square): string {
  return `${from}-${to}`;
}

/** Explains why no legal move goes from `from` to `to`. */
function whyIllegal(pos: PositionInfo, from: Square, to: Square, notation: Notation): NotationError {
  const piece = pos.board.get(from);
  const text = describeFromTo(from, to);
  if (!piece) return notationError('illegal', `There is no piece on ${from}.`, { notation });
  if (piece.color !== pos.turn)
    return notationError(
      'illegal',
      `The ${PIECE_NAMES[piece.type]} on ${from} is ${COLOR_NAMES[piece.color]}'s; it is ${COLOR_NAMES[pos.turn]} to move.`,
      { notation },
    );
  if (pos.checkmate || pos.stalemate)
    return notationError('illegal', `The game is over: ${pos.checkmate ? 'checkmate' : 'stalemate'}.`, {
      notation,
    });
  const check = pos.inCheck ? ` ${COLOR_NAMES[pos.turn]}'s king is in check.` : '';
  return notationError(
    'illegal',
    `${text}: the ${PIECE_NAMES[piece.type]} on ${from} cannot move to ${to}.${check}`,
    {
      notation,
    },
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
  if (!first) return err(notationError('illegal', 'That is not a legal move here.', { notation }));
  const promoting = first.promotion !== undefined;
  if (!promoting) {
    if (promotion !== undefined)
      return err(
        notationError(
          'notAPromotion',
          `${describeFromTo(first.from, first.to)} is not a promotion, so no new piece (${PROMOTION_NAMES[promotion]}) can be named.`,
          { notation },
        ),
      );
    return moves.length === 1
      ? ok(first)
      : err(
          notationError('ambiguous', 'That could be more than one move.', {
            notation,
            candidates: moves.map((m) => m.uci),
          }),
        );
  }
  if (promotion === undefined)
    return err(
      notationError(
        'promotionPieceMissing',
        `${describeFromTo(first.from, first.to)} promotes the pawn: say which piece it becomes (queen, rook, bishop or knight).`,
        { notation, candidates: moves.map((m) => m.uci) },
      ),
    );
  const chosen = moves.find((m) => m.promotion === promotion);
  return chosen
    ? ok(chosen)
    : err(notationError('illegal', 'That promotion is not a legal move here.', { notation }));
}
