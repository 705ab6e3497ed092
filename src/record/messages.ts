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
  annulledComment:
    'Annulled by the arbiter ({reason}) after {plies, plural, one {# half-move} other {# half-moves}}; the game was replayed.',
  replayComment:
    'Replay of the game annulled by the arbiter ({reason}) after {plies, plural, one {# half-move} other {# half-moves}}.',
  annul_positionNotReinstatable: 'the position before an irregularity could not be reinstated',
  annul_wrongInitialPosition: 'the initial position was wrong',
  annul_coloursReversed: 'the colours were reversed',
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
  annulledComment:
    'Vom Schiedsrichter annulliert ({reason}) nach {plies, plural, one {# Halbzug} other {# Halbzügen}}; die Partie wurde neu gespielt.',
  replayComment:
    'Neu gespielte Partie; die erste wurde vom Schiedsrichter nach {plies, plural, one {# Halbzug} other {# Halbzügen}} annulliert ({reason}).',
  annul_positionNotReinstatable: 'die Stellung vor einer Unregelmäßigkeit ließ sich nicht wiederherstellen',
  annul_wrongInitialPosition: 'die Ausgangsstellung war falsch',
  annul_coloursReversed: 'die Farben waren vertauscht',
};

/** Translator for the export words. */
export const tRecord = makeTranslator<Key>({ en, de });
