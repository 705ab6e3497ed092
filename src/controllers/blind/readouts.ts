/**
 * The blind player's read-outs in words: the current square, rank and file, last move and last
 * capture, a piece's legal moves and captures, the first piece along each line, and the state of
 * the move in hand. They only read (BL-06, BL-07); squares, pieces and moves are worded by
 * src/speech (describe*), the rest by the screen's catalogue.
 */
import {
  pieceAt,
  type Game,
  type MoveInHand,
  type Piece,
  type RefusalCode,
  type Square,
} from '../../core/index.ts';
import {
  describeFile,
  describeMove,
  describePiece,
  describeSquare,
  describeSquareName,
  describeRank,
  type DescribeOptions,
} from '../../speech/index.ts';
import { lastCaptureOf, lastMoveOf, movesOfPiece, rayHits, type Orientation } from '../../core/navigation.ts';
import type { BlindMessageKey, Translate } from '../../speech/blindMessages.ts';

export interface ReadoutContext {
  readonly tr: Translate;
  readonly words: DescribeOptions;
  /** The position the player feels (his own board, with a lifted piece out of its square). */
  readonly fen: string;
  readonly orientation: Orientation;
  /** The position before the move in progress (moves in hand are worded from it). */
  readonly baseFen: string;
  /** A draw offer still open: the player's own or his opponent's (said by `h`, issue 28). */
  readonly drawOffer?: 'own' | 'opponent' | null;
}

/** The open draw offer as a part of the move status, or none. */
export function drawOfferPart(ctx: ReadoutContext): string[] {
  if (!ctx.drawOffer) return [];
  return [ctx.tr(ctx.drawOffer === 'own' ? 'statusDrawOfferOwn' : 'statusDrawOfferOpponent')];
}

/** `o`: the current square (name, colour, piece: BL-07). */
export function readSquare(ctx: ReadoutContext, square: Square): string {
  return describeSquare(ctx.fen, square, ctx.words);
}

/** `s` / Shift+s: the cursor's rank or file. */
export function readLine(ctx: ReadoutContext, square: Square, line: 'rank' | 'file'): string {
  return line === 'rank'
    ? describeRank(ctx.fen, square[1] as '1', ctx.words)
    : describeFile(ctx.fen, square[0] as 'a', ctx.words);
}

/** `l`: the last move of the game on the player's board. */
export function readLastMove(ctx: ReadoutContext, board: Game): string {
  const last = lastMoveOf(board.startFen, board.moves);
  return last
    ? ctx.tr('lastMove', { move: describeMove(last.fenBefore, last.uci, ctx.words) })
    : ctx.tr('noLastMove');
}

/** `c`: the last capture: what was taken, where, and by which move. */
export function readLastCapture(ctx: ReadoutContext, board: Game): string {
  const last = lastCaptureOf(board.startFen, board.moves);
  if (!last || !last.captured) return ctx.tr('noLastCapture');
  const victim: Piece = { color: last.color === 'w' ? 'b' : 'w', type: last.captured };
  return ctx.tr('lastCapture', {
    piece: describePiece(victim, ctx.words),
    square: describeSquareName(last.capturedOn ?? last.to, ctx.words),
    move: describeMove(last.fenBefore, last.uci, ctx.words),
  });
}

/** `m` / Shift+m: the legal moves (or captures) of the piece on the cursor square. */
export function readMoves(ctx: ReadoutContext, square: Square, capturesOnly: boolean): string {
  const piece = pieceAt(ctx.fen, square);
  if (!piece) return ctx.tr('noPiece');
  const name = describePiece(piece, ctx.words);
  const moves = movesOfPiece(ctx.fen, square, capturesOnly);
  // A promotion gives four moves to the same square; the square is said once.
  const targets = [...new Set(moves.map((m) => m.to))];
  if (targets.length === 0) return ctx.tr(capturesOnly ? 'noCaptures' : 'noMoves', { piece: name });
  return ctx.tr('moves', {
    piece: name,
    squares: targets.map((s) => describeSquareName(s, ctx.words)).join(', '),
  });
}

/** `x`: the first piece along each of the eight lines from the cursor. */
export function readRays(ctx: ReadoutContext, square: Square): string {
  const hits = rayHits(ctx.fen, square, ctx.orientation);
  if (hits.length === 0) return ctx.tr('noRays');
  return hits
    .map((h) =>
      ctx.tr('ray', {
        direction: ctx.tr(`ray.${h.ray}`),
        square: describeSquareName(h.square, ctx.words),
        piece: describePiece(h.piece, ctx.words),
      }),
    )
    .join('; ');
}

/**
 * "You hold the knight from Gustav one; captured piece not yet removed; not announced" — the move
 * in hand, one key away (issue 5), from the aperture's own summary (src/core/aperture.ts).
 */
export function readMoveStatus(ctx: ReadoutContext, hand: MoveInHand, myTurn: boolean): string {
  const tr = ctx.tr;
  if (!myTurn) return [tr('statusNotYourTurn'), ...drawOfferPart(ctx)].join('; ');
  const parts: string[] = [];
  if (hand.holding)
    parts.push(
      tr('statusHolding', {
        piece: describePiece(hand.holding.piece, ctx.words),
        square: describeSquareName(hand.holding.from, ctx.words),
      }),
    );
  else if (hand.move)
    parts.push(tr('statusPlaced', { move: describeMove(ctx.baseFen, hand.move.uci, ctx.words) }));
  else if (hand.placed)
    parts.push(
      tr('statusPlaced', {
        move: `${describeSquareName(hand.placed.from, ctx.words)} ${describeSquareName(hand.placed.to, ctx.words)}`,
      }),
    );
  else parts.push(tr('statusIdle'));
  const obligation = hand.obligation;
  if (obligation && !hand.move && obligation.kind !== 'castle')
    parts.push(tr('statusTouched', { list: describeSquareName(obligation.square, ctx.words) }));
  // Nothing in hand says it all: not placed and not announced go without saying (issue 28).
  const idle = !hand.holding && !hand.move && !hand.placed;
  for (const code of hand.missing) {
    const key = MISSING_KEYS[code];
    if (idle && (code === 'notPlaced' || code === 'notAnnounced')) continue;
    if (key && !(code === 'pieceInHand' && hand.holding)) parts.push(tr(key));
  }
  if (hand.announced && !hand.missing.includes('announcementMismatch'))
    parts.push(tr('statusAnnounced', { move: describeMove(ctx.baseFen, hand.announced, ctx.words) }));
  if (hand.missing.length === 0) parts.push(tr('statusReady'));
  parts.push(...drawOfferPart(ctx));
  return parts.join('; ');
}

const MISSING_KEYS: Partial<Record<RefusalCode, BlindMessageKey>> = {
  pieceInHand: 'missing.pieceInHand',
  notPlaced: 'missing.placement',
  castlingIncomplete: 'missing.castlingRook',
  promotionNotChosen: 'missing.promotionChoice',
  captureNotRemoved: 'missing.captureRemoval',
  wrongPieceRemoved: 'missing.wrongPieceRemoved',
  notAnnounced: 'missing.announcement',
  announcementMismatch: 'missing.announcementMismatch',
};

/** "Clock not pressed: the captured piece is not removed; the move is not announced." */
export function explainClock(tr: Translate, missing: readonly RefusalCode[]): string {
  const words = missing.map((c) => MISSING_KEYS[c]).filter((k): k is BlindMessageKey => k !== undefined);
  return tr('clockMissing', { missing: words.map((k) => tr(k)).join('; ') });
}
