/**
 * The square-code notations: UCI (e2e4, e7e8q), correspondence digits (000 Supp. 2A / 002 Supp.
 * 3A, spec 2.16.2) and the Uedemann telegraph code (000 Supp. 2B / 002 Supp. 3B, spec 2.16.3).
 *
 * Correspondence digits: a square is file digit (a=1 … h=8) then rank digit; a move is departure
 * then arrival, captures unmarked, castling as the king's move (5171, 5878, 5131, 5838). A move of
 * a pawn standing on its seventh rank (White rank 7, Black rank 2) is ALWAYS read in the 000
 * promotion form: departure square, arrival FILE, then the new piece (1 queen, 2 rook, 3 bishop,
 * 4 knight): 3731 = c7-c8=Q, 6264 = Black f2-f1=N, 2714 = b7xa8=N. Such a pawn can only move to
 * its last rank, so nothing else could be meant; the arrival-rank form (3738) lacks the piece
 * and is refused as 'promotionPieceMissing'.
 *
 * Uedemann code: a square is a consonant for the file (B C D F G H K L on ranks 1–4, M N P R S T
 * W Z on ranks 5–8) and a vowel for the rank (A E I O outwards from each back rank): e2-e4 = GEGO,
 * O-O = GAKA / SAWA, O-O-O = GADA / SAPA. The seeds' table has no promotion form (spec 2.16.3
 * GAP, checklist 82), so Twinboard invents none: a promotion is refused as 'noSeedForm' on input
 * and on output. Input is read in any case; output is in capitals.
 */
import { err, type Result } from '../result.ts';
import { FILES, type MoveInfo, type PositionInfo, type PromotionPiece, type Square } from '../rules.ts';
import { resolveFromTo } from './resolve.ts';
import { notationError, type Notation, type NotationError } from './types.ts';

function square(fileIndex: number, rank: number): Square | null {
  const file = FILES[fileIndex];
  return file !== undefined && rank >= 1 && rank <= 8 ? (`${file}${rank}` as Square) : null;
}

const UCI_PROMOTIONS: Readonly<Record<string, PromotionPiece>> = { q: 'q', r: 'r', b: 'b', n: 'n' };

/** Reads a UCI move (e2e4, e7e8q; case ignored). Castling is the king's move (e1g1). */
export function parseUci(pos: PositionInfo, text: string): Result<MoveInfo, NotationError> {
  const notation: Notation = 'uci';
  const m = /^([a-h][1-8])([a-h][1-8])([a-z])?$/.exec(text.toLowerCase());
  if (!m) return err(notationError('unreadable', { reason: 'notUci', text }, { notation }));
  const [, from, to, promo] = m;
  let promotion: PromotionPiece | undefined;
  if (promo !== undefined) {
    promotion = UCI_PROMOTIONS[promo];
    if (promotion === undefined)
      return err(
        notationError(
          promo === 'k' || promo === 'p' ? 'wrongPromotionPiece' : 'unreadable',
          { reason: 'notAUciPromotion', letter: promo },
          { notation },
        ),
      );
  }
  return resolveFromTo(pos, from as Square, to as Square, promotion, notation);
}

export function formatUci(move: MoveInfo): string {
  return move.uci;
}

const DIGIT_PROMOTIONS: readonly PromotionPiece[] = ['q', 'r', 'b', 'n'];

function squareDigits(sq: Square): string {
  return `${FILES.indexOf(sq[0] as (typeof FILES)[number]) + 1}${sq[1]}`;
}

/** Reads a correspondence number (5254; an optional dash or space between the halves). */
export function parseCorrespondence(pos: PositionInfo, text: string): Result<MoveInfo, NotationError> {
  const notation: Notation = 'correspondence';
  const m = /^(\d)(\d)-?(\d)(\d)$/.exec(text);
  if (!m) return err(notationError('unreadable', { reason: 'notCorrespondence', text }, { notation }));
  const [d1, d2, d3, d4] = m.slice(1).map(Number) as [number, number, number, number];
  const from = square(d1 - 1, d2);
  if (!from)
    return err(
      notationError('unreadable', { reason: 'notADigitSquare', digits: `${d1}${d2}` }, { notation }),
    );
  const mover = pos.board.get(from);
  const promotionRank = pos.turn === 'w' ? 7 : 2;
  if (mover?.type === 'p' && mover.color === pos.turn && d2 === promotionRank) {
    // 000 Supp. 2A: "the third digit denotes the file of arrival, and the fourth digit indicates
    // the type of piece selected for promotion".
    const to = square(d3 - 1, pos.turn === 'w' ? 8 : 1);
    if (!to)
      return err(notationError('unreadable', { reason: 'notADigitFile', digit: String(d3) }, { notation }));
    const piece = DIGIT_PROMOTIONS[d4 - 1];
    if (piece === undefined) {
      const lastRank = pos.turn === 'w' ? 8 : 1;
      return err(
        notationError(
          d4 === lastRank ? 'promotionPieceMissing' : 'wrongPromotionPiece',
          { reason: 'digitPromotion', from, example: `${d1}${d2}${d3}1` },
          { notation },
        ),
      );
    }
    return resolveFromTo(pos, from, to, piece, notation);
  }
  const to = square(d3 - 1, d4);
  if (!to)
    return err(
      notationError('unreadable', { reason: 'notADigitSquare', digits: `${d3}${d4}` }, { notation }),
    );
  return resolveFromTo(pos, from, to, undefined, notation);
}

/** Writes a move as a correspondence number, promotions in the 000 Supp. 2A form. */
export function formatCorrespondence(move: MoveInfo): string {
  if (move.promotion)
    return `${squareDigits(move.from)}${squareDigits(move.to)[0]}${DIGIT_PROMOTIONS.indexOf(move.promotion) + 1}`;
  return `${squareDigits(move.from)}${squareDigits(move.to)}`;
}

const LOW_FILES = 'BCDFGHKL';
const HIGH_FILES = 'MNPRSTWZ';
const VOWELS = 'AEIO';

/** The two Uedemann letters of a square (spec 2.16.3 table). */
export function uedemannSquare(sq: Square): string {
  const file = FILES.indexOf(sq[0] as (typeof FILES)[number]);
  const rank = Number(sq[1]);
  return rank <= 4 ? `${LOW_FILES[file]}${VOWELS[rank - 1]}` : `${HIGH_FILES[file]}${VOWELS[8 - rank]}`;
}

function readUedemannSquare(pair: string): Square | null {
  const consonant = pair[0] ?? '';
  const vowel = VOWELS.indexOf(pair[1] ?? '');
  if (vowel < 0) return null;
  const low = LOW_FILES.indexOf(consonant);
  if (low >= 0) return square(low, vowel + 1);
  const high = HIGH_FILES.indexOf(consonant);
  return high >= 0 ? square(high, 8 - vowel) : null;
}

/** Reads a Uedemann group (GEGO; PEPAQ for a promotion), in any case. */
export function parseUedemann(pos: PositionInfo, text: string): Result<MoveInfo, NotationError> {
  const notation: Notation = 'uedemann';
  const m = /^([A-Z]{2})([A-Z]{2})(?:[=/]?([A-Z]))?$/.exec(text.toUpperCase());
  if (!m) return err(notationError('unreadable', { reason: 'notUedemann', text }, { notation }));
  const [, fromPair = '', toPair = '', promo] = m;
  const from = readUedemannSquare(fromPair);
  const to = readUedemannSquare(toPair);
  if (!from || !to)
    return err(
      notationError(
        'unreadable',
        { reason: 'notAUedemannSquare', pair: !from ? fromPair : toPair },
        { notation },
      ),
    );
  const promotes = pos.legalMoves.some((mv) => mv.from === from && mv.to === to && mv.promotion);
  if (promo !== undefined || promotes) return err(noUedemannPromotion());
  return resolveFromTo(pos, from, to, undefined, notation);
}

/** The refusal for a promotion in the Uedemann code, whose table in the seeds has no such form. */
export function noUedemannPromotion(): NotationError {
  return notationError('noSeedForm', { reason: 'noUedemannPromotion' }, { notation: 'uedemann' });
}

/** Writes a move as a Uedemann group; null for a promotion, which the code cannot write. */
export function formatUedemann(move: MoveInfo): string | null {
  if (move.promotion) return null;
  return `${uedemannSquare(move.from)}${uedemannSquare(move.to)}`;
}
