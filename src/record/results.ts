/**
 * Results in the record: the core's outcome model (core/outcome.ts: winner, reason, score) as the
 * PGN result token and Termination tag, the points each player scores and the result sentence of
 * every export (PGN, text, large print, braille). Spec §2.6; FIDE 1993 Art 17.
 */
import {
  canHaveWinner,
  isResultReason,
  loserOf,
  makeResult,
  mustHaveWinner,
  pointsFor,
  type Color,
  type GameResult,
  type ResultReason,
} from '../core/index.ts';

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

type Words = Readonly<Record<ResultReason, string>>;

/** Words for each reason with a loser, in the two UI languages, for the text and braille exports. */
const DECISIVE_WORDS: Readonly<Record<'en' | 'de', Partial<Words>>> = {
  en: {
    checkmate: '{loser} is checkmated',
    resignation: '{loser} resigns',
    flag: "{loser}'s flag fell",
    lateArrival: '{loser} forfeits by arriving late',
    invalidSealedMove: '{loser} sealed an invalid move',
    forfeit: '{loser} refused to comply with the Laws',
    arbiter: 'Decided by the arbiter against {loser}',
  },
  de: {
    checkmate: '{loser} ist matt',
    resignation: '{loser} gibt auf',
    flag: 'Das Fallblättchen von {loser} ist gefallen',
    lateArrival: '{loser} verliert wegen Verspätung',
    invalidSealedMove: '{loser} hat einen ungültigen Zug abgegeben',
    forfeit: '{loser} hat sich geweigert, die Regeln zu befolgen',
    arbiter: 'Entscheidung des Schiedsrichters gegen {loser}',
  },
};

/** Words for each reason without a winner. */
const UNDECIDED_WORDS: Readonly<Record<'en' | 'de', Partial<Words>>> = {
  en: {
    stalemate: 'Draw by stalemate',
    agreement: 'Draw agreed',
    repetition: 'Draw by repetition',
    fiftyMoves: 'Draw by the fifty-move rule',
    insufficientMaterial: 'Draw: insufficient material',
    flag: 'Draw: flag fell against a bare king',
    flagVsBareKing: 'Draw: flag fell against a bare king',
    invalidSealedMove: 'Draw: invalid sealed move against a bare king',
    fivefoldRepetition: 'Draw by fivefold repetition',
    seventyFiveMoves: 'Draw by the seventy-five-move rule',
    doubleForfeit: 'Both players lose',
    arbiter: 'Draw by the arbiter’s decision',
    annulled: 'Game annulled',
  },
  de: {
    stalemate: 'Remis durch Patt',
    agreement: 'Remis vereinbart',
    repetition: 'Remis durch Stellungswiederholung',
    fiftyMoves: 'Remis durch die Fünfzig-Züge-Regel',
    insufficientMaterial: 'Remis: ungenügendes Material',
    flag: 'Remis: Zeitüberschreitung gegen den blanken König',
    flagVsBareKing: 'Remis: Zeitüberschreitung gegen den blanken König',
    invalidSealedMove: 'Remis: ungültiger Abgabezug gegen den blanken König',
    fivefoldRepetition: 'Remis durch fünffache Stellungswiederholung',
    seventyFiveMoves: 'Remis durch die Fünfundsiebzig-Züge-Regel',
    doubleForfeit: 'Beide Spieler verlieren',
    arbiter: 'Remis durch Entscheidung des Schiedsrichters',
    annulled: 'Partie annulliert',
  },
};

const COLOR_WORDS = { en: { w: 'White', b: 'Black' }, de: { w: 'Weiß', b: 'Schwarz' } } as const;

/** A sentence describing the result, e.g. "Black resigns. 1-0" (used by every export). */
export function describeResult(result: GameResult, locale: 'en' | 'de' = 'en'): string {
  const loser = loserOf(result);
  const words =
    loser === null
      ? (UNDECIDED_WORDS[locale][result.reason] ?? UNDECIDED_WORDS[locale].arbiter!)
      : (DECISIVE_WORDS[locale][result.reason] ?? DECISIVE_WORDS[locale].arbiter!);
  const sentence = words.replace('{loser}', loser === null ? '' : COLOR_WORDS[locale][loser]);
  return result.reason === 'annulled' ? sentence : `${sentence}. ${scoreLine(result)}`;
}
