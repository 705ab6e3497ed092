/** Every word of the archive screen (list, import, replay, scoresheet, exports), in English and German. */
import { makeTranslator, type Locale, type Params } from '../../i18n/index.ts';

const en = {
  heading: 'Game archive',
  blindPlayer: 'Blind player',
  sightedPlayer: 'Sighted player',
  exportLog: 'Download evidence log',
  recordAudio: 'Record the game (audio)',
  recordingStarted: 'Recording the game.',
  recordingSaved: 'Recording stopped and saved with the game.',
  recordingFailed: 'The recording could not start: {reason}',
  recordingHeading: 'Audio recording of the game',
  intro: 'Every game played on this device is saved here as it is played. Finished games can be replayed.',
  listCaption: 'Your games',
  empty: 'No games yet. Play a game or import a PGN file.',
  colWhite: 'White',
  colBlack: 'Black',
  colEvent: 'Event',
  colDate: 'Date',
  colResult: 'Result',
  colMoves: 'Moves',
  colOpen: 'Open',
  inProgress: 'in progress',
  annulled: 'annulled by the arbiter',
  annulledNote: 'The arbiter annulled this game; it was replayed.',
  openReplay: 'Open the game that replaced it',
  replayNote: 'This game replaces one the arbiter annulled.',
  openAnnulled: 'Open the annulled game',
  // Issue 28: two unfinished games of the same players on one day differ by when they were played.
  lastPlayed: 'last played {time}',
  sameNameOrdinal: 'number {index} of {total}',
  resumeGame: 'Resume this game on this device',
  returnToRoom: 'Return to this paired game',
  unknown: 'unknown',
  open: 'Open: White {white} against Black {black}',
  moveCount: '{count, plural, one {# move} other {# moves}}',
  dateDay: '{day} {month} {year}',
  dateMonth: '{month} {year}',
  months: 'January,February,March,April,May,June,July,August,September,October,November,December',
  importHeading: 'Import PGN',
  fileLabel: 'PGN file',
  pasteLabel: 'Or paste PGN text',
  importButton: 'Import',
  importNothing: 'Choose a PGN file or paste PGN text first.',
  imported: '{count, plural, =0 {Nothing was imported.} one {# game imported.} other {# games imported.}}',
  notImportedOne: 'One game could not be read: {reason}',
  notImported:
    '{count, plural, one {# game} other {# games}} could not be read; {count, plural, one {it is} other {they are}} listed under “Games not imported”.',
  notImportedHeading: 'Games not imported ({count})',
  readError: 'The file could not be read.',
  gameHeading: '{white} against {black}',
  back: 'Back to the list',
  views: 'Views',
  steps: 'Step through the game',
  replay: 'Replay',
  scoresheet: 'Scoresheet',
  inProgressNote:
    'This game is still being played. Replay, scoresheet views and exports open when it has finished: there is no analysis during play.',
  replayHeading: 'Replay',
  replayHelp:
    'Shift+A goes one move back and Shift+D one move forward, as on lichess; on the move list the arrow keys do the same, Home and End go to the start and the end. Arrow keys move around the board.',
  boardLabel: 'Replay board',
  first: 'Start',
  previous: 'Back',
  next: 'Forward',
  last: 'End',
  movesLabel: 'Moves',
  startPosition: 'Start position.',
  plyStatus: 'Move {number}, {color}: {move}',
  atStart: 'At the start.',
  atEnd: 'End of the game. {result}',
  white: 'White',
  black: 'Black',
  scoresheetHeading: 'Scoresheet',
  notationLabel: 'Notation',
  notationShort: 'Short algebraic',
  notationLong: 'Long algebraic',
  clocksLabel: 'Show clock readings',
  textLabel: 'Scoresheet text',
  brailleLabel: 'Scoresheet in braille (Unicode braille, UEB grade 1)',
  exportsHeading: 'Export',
  exportPgn: 'Download PGN',
  exportText: 'Download text',
  exportBrf: 'Download braille (BRF)',
  exportHtml: 'Download large print page',
  exportFailed: 'The braille file could not be made: {reason}',
  downloaded: '{name} downloaded.',
  resultLine: 'Result: {result}',
} as const;

export type ArchiveMessageKey = keyof typeof en;

const de: Readonly<Record<ArchiveMessageKey, string>> = {
  heading: 'Partiearchiv',
  blindPlayer: 'Blinder Spieler',
  sightedPlayer: 'Sehender Spieler',
  exportLog: 'Beweisprotokoll herunterladen',
  recordAudio: 'Partie aufnehmen (Ton)',
  recordingStarted: 'Die Partie wird aufgenommen.',
  recordingSaved: 'Aufnahme beendet und mit der Partie gespeichert.',
  recordingFailed: 'Die Aufnahme konnte nicht beginnen: {reason}',
  recordingHeading: 'Tonaufnahme der Partie',
  intro:
    'Jede auf diesem Gerät gespielte Partie wird hier während des Spiels gespeichert. Beendete Partien können nachgespielt werden.',
  listCaption: 'Ihre Partien',
  empty: 'Noch keine Partien. Spielen Sie eine Partie oder importieren Sie eine PGN-Datei.',
  colWhite: 'Weiß',
  colBlack: 'Schwarz',
  colEvent: 'Turnier',
  colDate: 'Datum',
  colResult: 'Ergebnis',
  colMoves: 'Züge',
  colOpen: 'Öffnen',
  inProgress: 'läuft',
  annulled: 'vom Schiedsrichter annulliert',
  annulledNote: 'Der Schiedsrichter hat diese Partie annulliert; sie wurde neu gespielt.',
  openReplay: 'Die Partie öffnen, die sie ersetzt',
  replayNote: 'Diese Partie ersetzt eine vom Schiedsrichter annullierte.',
  openAnnulled: 'Die annullierte Partie öffnen',
  lastPlayed: 'zuletzt gespielt {time}',
  sameNameOrdinal: 'Nummer {index} von {total}',
  resumeGame: 'Diese Partie auf diesem Gerät fortsetzen',
  returnToRoom: 'Zu dieser Partie zu zweit zurückkehren',
  unknown: 'unbekannt',
  open: 'Öffnen: Weiß {white} gegen Schwarz {black}',
  moveCount: '{count, plural, one {# Zug} other {# Züge}}',
  dateDay: '{day}. {month} {year}',
  dateMonth: '{month} {year}',
  months: 'Januar,Februar,März,April,Mai,Juni,Juli,August,September,Oktober,November,Dezember',
  importHeading: 'PGN importieren',
  fileLabel: 'PGN-Datei',
  pasteLabel: 'Oder PGN-Text einfügen',
  importButton: 'Importieren',
  importNothing: 'Wählen Sie zuerst eine PGN-Datei oder fügen Sie PGN-Text ein.',
  imported:
    '{count, plural, =0 {Nichts wurde importiert.} one {# Partie importiert.} other {# Partien importiert.}}',
  notImportedOne: 'Eine Partie konnte nicht gelesen werden: {reason}',
  notImported:
    '{count, plural, one {# Partie konnte} other {# Partien konnten}} nicht gelesen werden; {count, plural, one {sie steht} other {sie stehen}} unter „Nicht importierte Partien“.',
  notImportedHeading: 'Nicht importierte Partien ({count})',
  readError: 'Die Datei konnte nicht gelesen werden.',
  gameHeading: '{white} gegen {black}',
  back: 'Zurück zur Liste',
  views: 'Ansichten',
  steps: 'Durch die Partie gehen',
  replay: 'Nachspielen',
  scoresheet: 'Partieformular',
  inProgressNote:
    'Diese Partie läuft noch. Nachspielen, Partieformular und Export stehen zur Verfügung, wenn sie beendet ist: Während des Spiels gibt es keine Analyse.',
  replayHeading: 'Nachspielen',
  replayHelp:
    'Umschalt+A geht einen Zug zurück, Umschalt+D einen Zug vor, wie bei lichess; in der Zugliste tun die Pfeiltasten dasselbe, Pos1 und Ende springen zum Anfang und zum Ende. Die Pfeiltasten bewegen sich über das Brett.',
  boardLabel: 'Brett zum Nachspielen',
  first: 'Anfang',
  previous: 'Zurück',
  next: 'Vor',
  last: 'Ende',
  movesLabel: 'Züge',
  startPosition: 'Ausgangsstellung.',
  plyStatus: 'Zug {number}, {color}: {move}',
  atStart: 'Am Anfang.',
  atEnd: 'Ende der Partie. {result}',
  white: 'Weiß',
  black: 'Schwarz',
  scoresheetHeading: 'Partieformular',
  notationLabel: 'Notation',
  notationShort: 'Kurze algebraische Notation',
  notationLong: 'Lange algebraische Notation',
  clocksLabel: 'Uhrzeiten zeigen',
  textLabel: 'Partieformular als Text',
  brailleLabel: 'Partieformular in Braille (Unicode-Braille, UEB Vollschrift)',
  exportsHeading: 'Export',
  exportPgn: 'PGN herunterladen',
  exportText: 'Text herunterladen',
  exportBrf: 'Braille herunterladen (BRF)',
  exportHtml: 'Großdruckseite herunterladen',
  exportFailed: 'Die Braille-Datei konnte nicht erstellt werden: {reason}',
  downloaded: '{name} heruntergeladen.',
  resultLine: 'Ergebnis: {result}',
};

const translate = makeTranslator<ArchiveMessageKey>({ en, de });

/** The archive screen's translator for one locale. */
export type ArchiveTranslate = (key: ArchiveMessageKey, params?: Params) => string;

export function archiveTranslator(locale: Locale): ArchiveTranslate {
  return (key, params) => translate(locale, key, params);
}

/** A PGN date in words ("2026.11.23" → "23 November 2026", "1834.??.??" → "1834"); '' when unknown. */
export function describePgnDate(date: string, t: ArchiveTranslate): string {
  const [year, month, day] = date.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : null));
  if (!year) return '';
  const monthName = month ? t('months').split(',')[month - 1] : undefined;
  if (!monthName) return String(year);
  return day ? t('dateDay', { day, month: monthName, year }) : t('dateMonth', { month: monthName, year });
}

/**
 * A result as read in a list: "1–0", "½–½"; a game still being played is "in progress", an annulled
 * one (`*` in its PGN) "annulled by the arbiter".
 */
export function describeListResult(
  game: { readonly result: string; readonly inProgress: boolean; readonly annulled?: boolean },
  t: ArchiveTranslate,
): string {
  const read: Readonly<Record<string, string>> = { '1-0': '1–0', '0-1': '0–1', '1/2-1/2': '½–½' };
  if (game.inProgress) return t('inProgress');
  return game.annulled ? t('annulled') : (read[game.result] ?? game.result);
}

/**
 * The name of a game's Open button, from its own data: "Open: White Anna Mayer against Black Carl
 * Berg, 23 November 2026, 1–0, 34 moves" (no move count while the game is played, checklist 83). A
 * game in progress says when it was last played (`savedAt`, in the player's time zone, on the
 * 24-hour clock: the time, or the day and time when that was not the game's date), given the locale.
 */
export function describeOpenGame(
  game: {
    readonly white: string;
    readonly black: string;
    readonly date: string;
    readonly result: string;
    readonly inProgress: boolean;
    readonly annulled?: boolean;
    readonly moves: number | null;
    readonly savedAt?: number;
  },
  t: ArchiveTranslate,
  locale?: Locale,
): string {
  const name = (v: string) => (v === '' ? t('unknown') : v);
  const moves = game.moves === null ? '' : t('moveCount', { count: game.moves });
  const played =
    game.inProgress && game.savedAt !== undefined && locale !== undefined
      ? t('lastPlayed', { time: playedAt(game.savedAt, game.date, t, locale) })
      : '';
  return [
    t('open', { white: name(game.white), black: name(game.black) }),
    describePgnDate(game.date, t),
    describeListResult(game, t),
    moves,
    played,
  ]
    .filter((part) => part !== '')
    .join(', ');
}

/** "14:05", or "24 November 2026, 09:30" when the game was last played on another day than its date. */
function playedAt(savedAt: number, pgnDate: string, t: ArchiveTranslate, locale: Locale): string {
  const at = new Date(savedAt);
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((n) => String(n).padStart(2, '0'));
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const savedDay = day.join('.');
  return savedDay === pgnDate ? time.format(at) : `${describePgnDate(savedDay, t)}, ${time.format(at)}`;
}

/**
 * The Open buttons' names for a list of games: each named by its own data, and where two names
 * are still the same (the same players, day and result), each says which of them it is ("number 2
 * of 2"), so no two buttons share a name (issue 28, WCAG 2.4.6).
 */
export function describeOpenGames(
  games: readonly Parameters<typeof describeOpenGame>[0][],
  t: ArchiveTranslate,
  locale: Locale,
): string[] {
  const names = games.map((g) => describeOpenGame(g, t, locale));
  const count = new Map<string, number>();
  for (const n of names) count.set(n, (count.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((n) => {
    const total = count.get(n) ?? 1;
    if (total === 1) return n;
    const index = (seen.get(n) ?? 0) + 1;
    seen.set(n, index);
    return `${n}, ${t('sameNameOrdinal', { index, total })}`;
  });
}
