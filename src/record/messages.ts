/** The words of the scoresheet exports (text, large print, braille), in English and German. */
import { makeTranslator } from '../i18n/index.ts';

const en = {
  title: 'Scoresheet',
  ownerTitle: 'Scoresheet of {name} ({color})',
  event: 'Event',
  site: 'Site',
  date: 'Date',
  round: 'Round',
  white: 'White',
  black: 'Black',
  move: 'Move',
  clock: 'Clock',
  result: 'Result',
  inProgress: 'Game in progress',
  points: 'Points',
  notation: 'Notation',
  notationSan: 'short algebraic',
  notationLong: 'long algebraic',
  notationCorrespondence: 'correspondence numbers',
  notationUedemann: 'Uedemann code',
  transliterated: 'Transliterated, as braille has no form for their letters: {names}.',
} as const;

type Key = keyof typeof en;

const de: Readonly<Record<Key, string>> = {
  title: 'Partieformular',
  ownerTitle: 'Partieformular von {name} ({color})',
  event: 'Turnier',
  site: 'Ort',
  date: 'Datum',
  round: 'Runde',
  white: 'Weiß',
  black: 'Schwarz',
  move: 'Zug',
  clock: 'Uhr',
  result: 'Ergebnis',
  inProgress: 'Partie läuft',
  points: 'Punkte',
  notation: 'Notation',
  notationSan: 'kurze algebraische Notation',
  notationLong: 'lange algebraische Notation',
  notationCorrespondence: 'Fernschachnotation (Ziffern)',
  notationUedemann: 'Uedemann-Code',
  transliterated: 'Umschrieben, da Braille für ihre Buchstaben keine Form hat: {names}.',
};

/** Translator for the export words. */
export const tRecord = makeTranslator<Key>({ en, de });
