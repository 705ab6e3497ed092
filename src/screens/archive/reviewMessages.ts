/** The words of the computer's review panel in the archive (English, German). */
import { makeTranslator, type Locale, type Params } from '../../i18n/index.ts';

const en = {
  heading: 'Review with the computer',
  intro: 'The computer compares every move with its own choice. Step through the moves to hear each verdict.',
  start: 'Review the game',
  started: 'Reviewing the game with the computer.',
  progress: 'Moves reviewed',
  done: 'Review finished. {summary}',
  failed: 'The review could not be made: {reason}',
  withEvaluation: 'Say the evaluation in numbers',
  summary: 'Summary',
};

const de: Record<keyof typeof en, string> = {
  heading: 'Analyse mit dem Computer',
  intro:
    'Der Computer vergleicht jeden Zug mit seiner eigenen Wahl. Gehen Sie die Züge durch, um jedes Urteil zu hören.',
  start: 'Partie analysieren',
  started: 'Die Partie wird mit dem Computer analysiert.',
  progress: 'Analysierte Züge',
  done: 'Analyse fertig. {summary}',
  failed: 'Die Analyse war nicht möglich: {reason}',
  withEvaluation: 'Bewertung in Zahlen ansagen',
  summary: 'Zusammenfassung',
};

export type ReviewMessageKey = keyof typeof en;
const translate = makeTranslator<ReviewMessageKey>({ en, de });
export type ReviewTranslate = (key: ReviewMessageKey, params?: Params) => string;

export function reviewTranslator(locale: Locale): ReviewTranslate {
  return (key, params) => translate(locale, key, params);
}
