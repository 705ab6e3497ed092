/**
 * Results in the record: the core's outcome model (core/outcome.ts: winner, reason, score) as the
 * PGN result token and Termination tag, the points each player scores and the result line of every
 * export (PGN, text, large print, braille), whose words are speech/results.ts's. Spec §2.6; FIDE
 * 1993 Art 17.
 */
import {
  canHaveWinner,
  isResultReason,
  makeResult,
  mustHaveWinner,
  pointsFor,
  type Color,
  type GameResult,
  type ResultReason,
} from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import { describeResultSentence } from '../speech/results.ts';

export { makeResult, pgnResultOf, pointsFor, type GameResult, type Points } from '../core/index.ts';

/** The score line of a result as written on a scoresheet: `1-0`, `½-½`, `0-1`, `0-0`. */
export function scoreLine(result: GameResult): string {
  const show = (c: Color) => {
    const p = pointsFor(result, c);
    return p === 0.5 ? '½' : String(p);
  };
  return `${show('w')}-${show('b')}`;
}

/** The PGN standard's Termination tag value for a reason (PGN standard §9.8.1). */
export function pgnTermination(reason: ResultReason): string {
  switch (reason) {
    case 'flag':
    case 'flagVsBareKing':
      return 'time forfeit';
    case 'lateArrival':
    case 'doubleForfeit':
      return 'abandoned';
    case 'invalidSealedMove':
    case 'forfeit':
      return 'rules infraction';
    case 'arbiter':
    case 'annulled':
      return 'adjudication';
    default:
      return 'normal';
  }
}

/** The names older archives wrote in the `Ending` tag, read as today's reasons. */
const LEGACY_ENDINGS: Readonly<Record<string, ResultReason>> = {
  flagFall: 'flag',
  lateForfeit: 'lateArrival',
  refusal: 'forfeit',
  bareKingFlag: 'flagVsBareKing',
  bareKingSealedMove: 'invalidSealedMove',
};

/**
 * Recovers a result from the PGN result token and, when present, our `Ending` tag (the reason).
 * Without the tag 1-0/0-1 read as `checkmate` when the loser is mated in the final position (the
 * caller passes `mated`) and as `resignation` otherwise; a draw without the tag reads as `agreement`.
 */
export function resultFromPgn(
  token: string,
  endingTag: string | undefined,
  mated: Color | null,
): GameResult | null {
  const reason =
    endingTag === undefined
      ? null
      : isResultReason(endingTag)
        ? endingTag
        : (LEGACY_ENDINGS[endingTag] ?? null);
  if (reason === 'doubleForfeit') return makeResult('doubleForfeit');
  // An annulled game has no result token (`*`); the reason alone keeps it annulled on re-import.
  if (reason === 'annulled') return makeResult('annulled');
  if (token === '1-0' || token === '0-1') {
    const loser: Color = token === '1-0' ? 'b' : 'w';
    if (reason !== null && canHaveWinner(reason)) return makeResult(reason, loser);
    return makeResult(mated === loser ? 'checkmate' : 'resignation', loser);
  }
  if (token === '1/2-1/2')
    return makeResult(reason !== null && !mustHaveWinner(reason) ? reason : 'agreement');
  return null;
}

/** A sentence describing the result, e.g. "Black resigns. 1-0" (used by every export). */
export function describeResult(result: GameResult, locale: Locale = 'en'): string {
  const sentence = describeResultSentence(locale, result);
  return result.reason === 'annulled' ? sentence : `${sentence}. ${scoreLine(result)}`;
}
