/**
 * The words of the computer's review and of practice hints: how a played move compares with the
 * engine's choice ("a mistake; better was Knight Cesar three", "only move"), a summary per side
 * ("three mistakes, one blunder at move 23") and a hint ("Hint: Knight Felix three"). Moves are
 * said by describeMove; evaluations are words, a number only when the player asks for it. Pure.
 */
import { makeTranslator, type Locale, type Params } from '../i18n/index.ts';
import type { Color } from '../core/index.ts';
import { describeMove, type DescribeMoveOptions } from './describe.ts';
import type { ReviewedMove, Verdict } from '../engine/review.ts';

// The engine judges the moves (engine/review.ts); its verdicts are put in words here.
export { VERDICTS, type ReviewedMove, type Verdict } from '../engine/review.ts';

/** The kinds a summary counts. */
const FAULTS = ['inaccuracy', 'mistake', 'blunder'] as const satisfies readonly Verdict[];

const en = {
  'verdict.onlyMove': 'only move',
  'verdict.best': 'best move',
  'verdict.good': 'good move',
  'verdict.inaccuracy': 'an inaccuracy',
  'verdict.mistake': 'a mistake',
  'verdict.blunder': 'a blunder',
  betterWas: '{verdict}; better was {move}',
  evaluation: 'evaluation {sign}{pawns} for White',
  evaluationMate: 'White mates in {moves}',
  evaluationMated: 'Black mates in {moves}',
  'count.inaccuracy': '{count, plural, one {one inaccuracy} other {{word} inaccuracies}}',
  'count.mistake': '{count, plural, one {one mistake} other {{word} mistakes}}',
  'count.blunder': '{count, plural, one {one blunder} other {{word} blunders}}',
  at: '{faults} at {count, plural, one {move} other {moves}} {moves}',
  and: ' and ',
  noFaults: 'no mistakes',
  side: '{color}: {faults}',
  'color.w': 'White',
  'color.b': 'Black',
  hint: 'Hint: {move}',
  noHint: 'No hint: there is no move to make.',
  numbers: 'zero,one,two,three,four,five,six,seven,eight,nine,ten,eleven,twelve',
};

const de: Record<keyof typeof en, string> = {
  'verdict.onlyMove': 'einziger Zug',
  'verdict.best': 'bester Zug',
  'verdict.good': 'guter Zug',
  'verdict.inaccuracy': 'eine Ungenauigkeit',
  'verdict.mistake': 'ein Fehler',
  'verdict.blunder': 'ein grober Fehler',
  betterWas: '{verdict}; besser war {move}',
  evaluation: 'Bewertung {sign}{pawns} für Weiß',
  evaluationMate: 'Weiß setzt matt in {moves}',
  evaluationMated: 'Schwarz setzt matt in {moves}',
  'count.inaccuracy': '{count, plural, one {eine Ungenauigkeit} other {{word} Ungenauigkeiten}}',
  'count.mistake': '{count, plural, one {ein Fehler} other {{word} Fehler}}',
  'count.blunder': '{count, plural, one {ein grober Fehler} other {{word} grobe Fehler}}',
  at: '{faults} {count, plural, one {im Zug} other {in den Zügen}} {moves}',
  and: ' und ',
  noFaults: 'keine Fehler',
  side: '{color}: {faults}',
  'color.w': 'Weiß',
  'color.b': 'Schwarz',
  hint: 'Tipp: {move}',
  noHint: 'Kein Tipp: es gibt keinen Zug.',
  numbers: 'null,eins,zwei,drei,vier,fünf,sechs,sieben,acht,neun,zehn,elf,zwölf',
};

type ReviewKey = keyof typeof en;
const translate = makeTranslator<ReviewKey>({ en, de });
const t = (locale: Locale, key: ReviewKey, params?: Params) => translate(locale, key, params);

/** A count in words up to twelve, in digits beyond. */
function countWord(locale: Locale, n: number): string {
  return t(locale, 'numbers').split(',')[n] ?? String(n);
}

/** "5, 12 and 23". */
function list(locale: Locale, items: readonly (string | number)[]): string {
  const all = items.map(String);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')}${t(locale, 'and')}${all.at(-1)}`;
}

export interface ReviewWordsOptions extends DescribeMoveOptions {
  readonly locale?: Locale;
  /** Say the evaluation too (the player asked for numbers). */
  readonly withEvaluation?: boolean;
  /** The verdict is a sentence of its own (after the move's words): it starts with a capital. */
  readonly sentence?: boolean;
}

/** The evaluation in words: "evaluation +1.3 for White", "White mates in 2". */
export function describeEvaluation(evalCp: number, locale: Locale = 'en'): string {
  if (Math.abs(evalCp) >= 99_000) {
    const moves = 100_000 - Math.abs(evalCp);
    return t(locale, evalCp > 0 ? 'evaluationMate' : 'evaluationMated', { moves });
  }
  const pawns = (Math.round(Math.abs(evalCp) / 10) / 10).toFixed(1);
  return t(locale, 'evaluation', { sign: evalCp > 0 ? '+' : evalCp < 0 ? '−' : '', pawns });
}

/** How one move compares: "best move", "only move", "a mistake; better was Knight Cesar three". */
export function describeVerdict(move: ReviewedMove, options: ReviewWordsOptions = {}): string {
  const locale = options.locale ?? 'en';
  const verdict = t(locale, `verdict.${move.verdict}`);
  const faulty = (FAULTS as readonly Verdict[]).includes(move.verdict);
  const words =
    faulty && move.best
      ? t(locale, 'betterWas', {
          verdict,
          move: describeMove(move.fenBefore, move.best, { form: 'short', ...options }),
        })
      : verdict;
  const text = options.withEvaluation ? `${words}; ${describeEvaluation(move.evalCp, locale)}` : words;
  return options.sentence ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** One side's faults: "three mistakes at moves 5, 12 and 30, one blunder at move 23" or "no mistakes". */
export function describeFaults(moves: readonly ReviewedMove[], color: Color, locale: Locale = 'en'): string {
  const parts: string[] = [];
  for (const fault of FAULTS) {
    const at = moves.filter((m) => m.color === color && m.verdict === fault).map((m) => m.moveNumber);
    if (at.length === 0) continue;
    const count = at.length;
    const faults = t(locale, `count.${fault}`, { count, word: countWord(locale, count) });
    parts.push(t(locale, 'at', { faults, count, moves: list(locale, at) }));
  }
  return parts.length === 0 ? t(locale, 'noFaults') : parts.join(', ');
}

/** The review's summary for both sides: "White: one blunder at move 23. Black: no mistakes." */
export function describeReviewSummary(moves: readonly ReviewedMove[], locale: Locale = 'en'): string {
  return (['w', 'b'] as const)
    .map((c) =>
      t(locale, 'side', { color: t(locale, `color.${c}`), faults: describeFaults(moves, c, locale) }),
    )
    .join('. ');
}

/** A practice hint: "Hint: Knight Felix three" (moves in the short form unless told otherwise). */
export function describeHint(fen: string, uci: string | null, options: ReviewWordsOptions = {}): string {
  const locale = options.locale ?? 'en';
  return uci
    ? t(locale, 'hint', { move: describeMove(fen, uci, { form: 'short', ...options }) })
    : t(locale, 'noHint');
}
