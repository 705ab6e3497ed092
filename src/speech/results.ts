/**
 * The words of a game's result, the one place for them in both languages: the score and each
 * reason, in the three forms the app uses. `spoken` follows the score in an announcement ("Game
 * over: draw, by agreement"); `label` follows the score token on a screen ("1/2-1/2, draw
 * agreed"); `won` / `drawn` are the record's sentence (text, large print, braille), naming the
 * loser. Pure.
 */
import { scoreOf, type Color, type GameResult, type ResultReason, type Score } from '../core/index.ts';
import { format, type Locale } from '../i18n/index.ts';

type Reasons = Readonly<Record<ResultReason, string>>;

interface ResultWords {
  readonly score: Readonly<Record<Score, string>>;
  readonly spoken: Reasons;
  readonly label: Reasons;
  /** The record's sentence for each reason with a loser (`{loser}`), else the arbiter's. */
  readonly won: Partial<Reasons> & { readonly arbiter: string };
  /** The record's sentence for each reason without a winner, else the arbiter's. */
  readonly drawn: Partial<Reasons> & { readonly arbiter: string };
  readonly colors: Readonly<Record<Color, string>>;
  /** "White wins, on time (1-0)": a heading or a line of text. */
  readonly outcome: string;
}

const en: ResultWords = {
  score: { '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'draw', '0-0': 'no winner' },
  spoken: {
    checkmate: 'checkmate',
    stalemate: 'stalemate',
    resignation: 'resignation',
    agreement: 'by agreement',
    flag: 'on time',
    flagVsBareKing: 'flag fell against a bare king',
    repetition: 'by repetition',
    fivefoldRepetition: 'by fivefold repetition',
    fiftyMoves: 'fifty-move rule',
    seventyFiveMoves: 'seventy-five-move rule',
    insufficientMaterial: 'insufficient material',
    forfeit: 'forfeit by the arbiter',
    lateArrival: 'forfeit by late arrival',
    doubleForfeit: 'both players lose',
    invalidSealedMove: 'invalid sealed move',
    annulled: 'game annulled',
    arbiter: 'arbiter decision',
  },
  label: {
    checkmate: 'checkmate',
    stalemate: 'stalemate',
    resignation: 'resignation',
    agreement: 'draw agreed',
    repetition: 'repetition',
    fiftyMoves: 'fifty-move rule',
    insufficientMaterial: 'insufficient material',
    flag: 'flag fell',
    flagVsBareKing: 'flag fell against a bare king',
    forfeit: 'forfeit',
    lateArrival: 'late arrival',
    invalidSealedMove: 'invalid sealed move',
    fivefoldRepetition: 'fivefold repetition',
    seventyFiveMoves: 'seventy-five-move rule',
    annulled: 'annulled',
    doubleForfeit: 'both players forfeit',
    arbiter: "arbiter's decision",
  },
  won: {
    checkmate: '{loser} is checkmated',
    resignation: '{loser} resigns',
    flag: "{loser}'s flag fell",
    lateArrival: '{loser} forfeits by arriving late',
    invalidSealedMove: '{loser} sealed an invalid move',
    forfeit: '{loser} refused to comply with the Laws',
    arbiter: 'Decided by the arbiter against {loser}',
  },
  drawn: {
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
  colors: { w: 'White', b: 'Black' },
  outcome: '{score}, {reason} ({points})',
};

const de: ResultWords = {
  score: { '1-0': 'Weiß gewinnt', '0-1': 'Schwarz gewinnt', '1/2-1/2': 'Remis', '0-0': 'kein Sieger' },
  spoken: {
    checkmate: 'Schachmatt',
    stalemate: 'Patt',
    resignation: 'Aufgabe',
    agreement: 'nach Vereinbarung',
    flag: 'durch Zeitüberschreitung',
    flagVsBareKing: 'Zeitüberschreitung gegen den blanken König',
    repetition: 'durch Stellungswiederholung',
    fivefoldRepetition: 'durch fünffache Stellungswiederholung',
    fiftyMoves: 'Fünfzig-Züge-Regel',
    seventyFiveMoves: 'Fünfundsiebzig-Züge-Regel',
    insufficientMaterial: 'ungenügendes Material',
    forfeit: 'kampflos durch Entscheidung des Schiedsrichters',
    lateArrival: 'kampflos wegen Verspätung',
    doubleForfeit: 'beide Spieler verlieren',
    invalidSealedMove: 'ungültiger Abgabezug',
    annulled: 'Partie annulliert',
    arbiter: 'Entscheidung des Schiedsrichters',
  },
  label: {
    checkmate: 'Matt',
    stalemate: 'Patt',
    resignation: 'Aufgabe',
    agreement: 'Remis vereinbart',
    repetition: 'Stellungswiederholung',
    fiftyMoves: '50-Züge-Regel',
    insufficientMaterial: 'ungenügendes Material',
    flag: 'Zeitüberschreitung',
    flagVsBareKing: 'Zeitüberschreitung gegen blanken König',
    forfeit: 'Kampflos',
    lateArrival: 'verspätetes Erscheinen',
    invalidSealedMove: 'ungültiger Abgabezug',
    fivefoldRepetition: 'fünfmalige Wiederholung',
    seventyFiveMoves: '75-Züge-Regel',
    annulled: 'annulliert',
    doubleForfeit: 'beide kampflos',
    arbiter: 'Entscheidung des Schiedsrichters',
  },
  won: {
    checkmate: '{loser} ist matt',
    resignation: '{loser} gibt auf',
    flag: 'Das Fallblättchen von {loser} ist gefallen',
    lateArrival: '{loser} verliert wegen Verspätung',
    invalidSealedMove: '{loser} hat einen ungültigen Zug abgegeben',
    forfeit: '{loser} hat sich geweigert, die Regeln zu befolgen',
    arbiter: 'Entscheidung des Schiedsrichters gegen {loser}',
  },
  drawn: {
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
  colors: { w: 'Weiß', b: 'Schwarz' },
  outcome: '{score}, {reason} ({points})',
};

const RESULT_WORDS: Readonly<Record<Locale, ResultWords>> = { en, de };

/** The score in words: "White wins", "draw". */
export function describeScore(locale: Locale, score: Score): string {
  return RESULT_WORDS[locale].score[score];
}

/** Why the game ended, as said after the score: "on time", "by agreement". */
export function describeReason(locale: Locale, reason: ResultReason): string {
  return RESULT_WORDS[locale].spoken[reason];
}

/** Why the game ended, as shown after the score token: "flag fell", "draw agreed". */
export function describeReasonLabel(locale: Locale, reason: ResultReason): string {
  return RESULT_WORDS[locale].label[reason];
}

/** How a game ended, for a heading or a line of text: "White wins, on time (1-0)". */
export function describeOutcome(locale: Locale, result: GameResult): string {
  const score = scoreOf(result);
  return format(RESULT_WORDS[locale].outcome, {
    score: describeScore(locale, score),
    reason: describeReason(locale, result.reason),
    points: score,
  });
}

/** The record's sentence for a result, naming the loser: "Black resigns", "Draw agreed". */
export function describeResultSentence(locale: Locale, result: GameResult): string {
  const words = RESULT_WORDS[locale];
  const loser: Color | null = result.winner === null ? null : result.winner === 'w' ? 'b' : 'w';
  if (loser === null) return words.drawn[result.reason] ?? words.drawn.arbiter;
  return format(words.won[result.reason] ?? words.won.arbiter, { loser: words.colors[loser] });
}

/** The reason's words for a screen's catalogue, as `reason_<reason>` keys. */
export function reasonLabels(locale: Locale): Readonly<Record<`reason_${ResultReason}`, string>> {
  const labels = RESULT_WORDS[locale].label;
  return Object.fromEntries(Object.entries(labels).map(([r, text]) => [`reason_${r}`, text])) as Record<
    `reason_${ResultReason}`,
    string
  >;
}
