/**
 * Results and scoring: how a game ended (checkmate, resignation, agreed draw, a decided claim, a
 * flag fall, a late forfeit, an invalid sealed move, …), the PGN result token and Termination tag
 * for it, and the points each player scores (spec §2.6; FIDE 1993 Art 17: win 1, draw ½, loss 0).
 * Every export (PGN, text, large print, braille) takes its result line from here.
 */
import type { Color, GameResult as CoreResult, PgnResult } from '../core/index.ts';

/** Every way a game of Twinboard can end (spec §2.6, §2.7–2.11, §2.13). */
export const ENDINGS = [
  'checkmate',
  'resignation',
  'flagFall',
  'lateForfeit',
  'invalidSealedMove',
  'refusal',
  'stalemate',
  'agreement',
  'repetition',
  'fiftyMoves',
  'insufficientMaterial',
  'bareKingFlag',
  'bareKingSealedMove',
  'fivefoldRepetition',
  'seventyFiveMoves',
  'doubleForfeit',
  'arbiter',
] as const;
export type Ending = (typeof ENDINGS)[number];

/** A finished game's result: who won (or `draw`, or `none` when both lose) and why. */
export interface GameResult {
  readonly winner: Color | 'draw' | 'none';
  readonly ending: Ending;
}

/** Points of one player: 1, ½ or 0 (FIDE 1993 Art 17). */
export type Points = 0 | 0.5 | 1;

const DRAWN: ReadonlySet<Ending> = new Set([
  'stalemate',
  'agreement',
  'repetition',
  'fiftyMoves',
  'insufficientMaterial',
  'bareKingFlag',
  'bareKingSealedMove',
  'fivefoldRepetition',
  'seventyFiveMoves',
]);

/** Whether an ending is always a draw (so a winner makes no sense with it). */
export function isDrawnEnding(ending: Ending): boolean {
  return DRAWN.has(ending);
}

/**
 * Builds a result. For decisive endings `loser` is the player who lost (resigned, was mated,
 * overstepped, arrived late, sealed an invalid move); drawn endings ignore it; `doubleForfeit`
 * (both players more than an hour late or both refusing, spec §2.6) scores 0 for both.
 */
export function makeResult(ending: Ending, loser?: Color): GameResult {
  if (isDrawnEnding(ending)) return { winner: 'draw', ending };
  if (ending === 'doubleForfeit') return { winner: 'none', ending };
  if (ending === 'arbiter' && loser === undefined) return { winner: 'draw', ending };
  return { winner: loser === 'w' ? 'b' : 'w', ending };
}

/** The points a player scores for a result: 1 for a win, ½ each for a draw, 0 for a loss. */
export function pointsFor(result: GameResult, color: Color): Points {
  if (result.winner === 'draw') return 0.5;
  return result.winner === color ? 1 : 0;
}

/** The score line of a result as written on a scoresheet: `1-0`, `½-½`, `0-1`, `0-0`. */
export function scoreLine(result: GameResult): string {
  const show = (p: Points) => (p === 0.5 ? '½' : String(p));
  return `${show(pointsFor(result, 'w'))}-${show(pointsFor(result, 'b'))}`;
}

/** The PGN result token; a double forfeit has no PGN token and is written as `*` plus its ending tag. */
export function pgnResultOf(result: GameResult | null): PgnResult {
  if (result === null || result.winner === 'none') return '*';
  if (result.winner === 'draw') return '1/2-1/2';
  return result.winner === 'w' ? '1-0' : '0-1';
}

/** The PGN standard's Termination tag value for an ending (PGN standard §9.8.1). */
export function pgnTermination(ending: Ending): string {
  switch (ending) {
    case 'flagFall':
    case 'bareKingFlag':
      return 'time forfeit';
    case 'lateForfeit':
    case 'doubleForfeit':
      return 'abandoned';
    case 'invalidSealedMove':
    case 'bareKingSealedMove':
    case 'refusal':
      return 'rules infraction';
    case 'arbiter':
      return 'adjudication';
    default:
      return 'normal';
  }
}

/** Parses an ending name stored in our own `Ending` PGN tag; null for anything else. */
export function parseEnding(text: string): Ending | null {
  return (ENDINGS as readonly string[]).includes(text) ? (text as Ending) : null;
}

/**
 * Recovers a result from the PGN result token and, when present, our `Ending` tag. Without the tag
 * 1-0/0-1 read as `checkmate` when the loser is mated in the final position (the caller passes
 * `mated`) and as `resignation` otherwise; a draw without the tag reads as `agreement`.
 */
export function resultFromPgn(
  token: string,
  endingTag: string | undefined,
  mated: Color | null,
): GameResult | null {
  const ending = endingTag === undefined ? null : parseEnding(endingTag);
  if (ending === 'doubleForfeit') return makeResult('doubleForfeit');
  if (token === '1-0' || token === '0-1') {
    const loser: Color = token === '1-0' ? 'b' : 'w';
    if (ending !== null && !isDrawnEnding(ending)) return makeResult(ending, loser);
    return makeResult(mated === loser ? 'checkmate' : 'resignation', loser);
  }
  if (token === '1/2-1/2') {
    if (ending !== null && isDrawnEnding(ending)) return makeResult(ending);
    if (ending === 'arbiter') return makeResult('arbiter');
    return makeResult('agreement');
  }
  return null;
}

/** Words for each ending, in the two UI languages, for the text and braille exports. */
const ENDING_WORDS: Readonly<Record<'en' | 'de', Readonly<Record<Ending, string>>>> = {
  en: {
    checkmate: '{loser} is checkmated',
    resignation: '{loser} resigns',
    flagFall: "{loser}'s flag fell",
    lateForfeit: '{loser} forfeits by arriving late',
    invalidSealedMove: '{loser} sealed an invalid move',
    refusal: '{loser} refused to comply with the Laws',
    stalemate: 'Draw by stalemate',
    agreement: 'Draw agreed',
    repetition: 'Draw by repetition',
    fiftyMoves: 'Draw by the fifty-move rule',
    insufficientMaterial: 'Draw: insufficient material',
    bareKingFlag: 'Draw: flag fell against a bare king',
    bareKingSealedMove: 'Draw: invalid sealed move against a bare king',
    fivefoldRepetition: 'Draw by fivefold repetition',
    seventyFiveMoves: 'Draw by the seventy-five-move rule',
    doubleForfeit: 'Both players lose',
    arbiter: 'Decided by the arbiter',
  },
  de: {
    checkmate: '{loser} ist matt',
    resignation: '{loser} gibt auf',
    flagFall: 'Das Fallblättchen von {loser} ist gefallen',
    lateForfeit: '{loser} verliert wegen Verspätung',
    invalidSealedMove: '{loser} hat einen ungültigen Zug abgegeben',
    refusal: '{loser} hat sich geweigert, die Regeln zu befolgen',
    stalemate: 'Remis durch Patt',
    agreement: 'Remis vereinbart',
    repetition: 'Remis durch Stellungswiederholung',
    fiftyMoves: 'Remis durch die Fünfzig-Züge-Regel',
    insufficientMaterial: 'Remis: ungenügendes Material',
    bareKingFlag: 'Remis: Zeitüberschreitung gegen den blanken König',
    bareKingSealedMove: 'Remis: ungültiger Abgabezug gegen den blanken König',
    fivefoldRepetition: 'Remis durch fünffache Stellungswiederholung',
    seventyFiveMoves: 'Remis durch die Fünfundsiebzig-Züge-Regel',
    doubleForfeit: 'Beide Spieler verlieren',
    arbiter: 'Entscheidung des Schiedsrichters',
  },
};

const COLOR_WORDS = { en: { w: 'White', b: 'Black' }, de: { w: 'Weiß', b: 'Schwarz' } } as const;

/** A sentence describing the result, e.g. "Black resigns. 1-0" (used by every export). */
export function describeResult(result: GameResult, locale: 'en' | 'de' = 'en'): string {
  const loser: Color | null = result.winner === 'w' ? 'b' : result.winner === 'b' ? 'w' : null;
  const who = loser === null ? '' : COLOR_WORDS[locale][loser];
  return `${ENDING_WORDS[locale][result.ending].replace('{loser}', who)}. ${scoreLine(result)}`;
}

/**
 * The record's result for the core's `{ winner, reason }` (core/claims.ts), which the match keeps.
 * A forfeit or late arrival without a winner means both players lost (spec §2.6); an annulled game
 * has no result at all (GR-27).
 */
export function resultFromCore(result: CoreResult | null): GameResult | null {
  if (result === null) return null;
  const loser: Color | undefined = result.winner === null ? undefined : result.winner === 'w' ? 'b' : 'w';
  switch (result.reason) {
    case 'annulled':
      return null;
    case 'flag':
      return loser === undefined ? makeResult('bareKingFlag') : makeResult('flagFall', loser);
    case 'flagVsBareKing':
      return makeResult('bareKingFlag');
    case 'invalidSealedMove':
      return loser === undefined ? makeResult('bareKingSealedMove') : makeResult('invalidSealedMove', loser);
    case 'forfeit':
      return loser === undefined ? makeResult('doubleForfeit') : makeResult('refusal', loser);
    case 'lateArrival':
      return loser === undefined ? makeResult('doubleForfeit') : makeResult('lateForfeit', loser);
    case 'checkmate':
    case 'resignation':
      return makeResult(result.reason, loser);
    default:
      return makeResult(result.reason);
  }
}
