/** Every word of the practice screens (choices, the practice panel), in English and German. */
import { makeTranslator, type Locale, type Params } from '../../i18n/index.ts';
import { archiveTranslator } from '../archive/messages.ts';

const en = {
  heading: 'Practice against the computer',
  intro:
    'Play the computer on your own board, with your keys, voice and clock. Its moves are announced as an opponent’s moves.',
  color: 'Your colour',
  'color.w': 'White',
  'color.b': 'Black',
  'color.random': 'Random',
  level: 'Strength',
  'level.1': '1: beginner, blunders sometimes',
  'level.2': '2: novice',
  'level.3': '3: casual player',
  'level.4': '4: club player',
  'level.5': '5: strong club player',
  'level.6': '6: expert',
  'level.7': '7: master',
  'level.8': '8: full strength',
  timeControl: 'Time control',
  relay: 'The computer’s moves on your board',
  'relay.automatic': 'Set up for me (automatic relay)',
  'relay.manual': 'I carry them out myself (manual relay)',
  start: 'Start the game',
  panel: 'Practice',
  opponent: 'Computer, level {level}',
  event: 'Practice against the computer',
  loading: 'Starting the computer…',
  ready: 'The computer plays at level {level}.',
  started: 'Your opponent: the computer, level {level}.',
  resumed: 'Your opponent: the computer, level {level}.',
  failed: 'The computer could not be started: {reason}',
  unavailable:
    'The computer could not be started: it is not on this device, and the Twinboard server cannot be reached. Connect to the server, or choose Keep practice available offline while you are connected.',
  thinking: 'The computer is thinking.',
  hint: 'Hint',
  takeBack: 'Take back',
  newGame: 'New practice game',
  keys: 'Keys: Shift+H hint, U take back your last move.',
  notYourTurn: 'No hint now: it is not your turn.',
  'offline.keep': 'Keep practice available offline',
  'offline.note':
    'The computer (7 MB) is downloaded when you first practise, and the device may let it go after a while. Keep it, and practice works with no network.',
  'offline.working': 'Keeping the computer on this device…',
  'offline.kept': 'Practice is available offline.',
  'offline.released': 'Practice is no longer kept offline.',
  'offline.failed': 'Practice could not be kept offline: {reason}',
  'offline.failure.unsupported':
    'this browser keeps no files for offline use here (it needs https, or the server’s own machine).',
  'offline.failure.download':
    'the computer could not be downloaded. Check the connection to the Twinboard server and try again.',
  'offline.failure.storage': 'there is not enough room on this device.',
};

const de: Record<keyof typeof en, string> = {
  heading: 'Übungspartie gegen den Computer',
  intro:
    'Spielen Sie gegen den Computer auf Ihrem eigenen Brett, mit Ihren Tasten, Ihrer Stimme und Ihrer Uhr. Seine Züge werden wie die eines Gegners angesagt.',
  color: 'Ihre Farbe',
  'color.w': 'Weiß',
  'color.b': 'Schwarz',
  'color.random': 'Zufällig',
  level: 'Spielstärke',
  'level.1': '1: Anfänger, patzt manchmal',
  'level.2': '2: Einsteiger',
  'level.3': '3: Gelegenheitsspieler',
  'level.4': '4: Vereinsspieler',
  'level.5': '5: starker Vereinsspieler',
  'level.6': '6: Experte',
  'level.7': '7: Meister',
  'level.8': '8: volle Stärke',
  timeControl: 'Bedenkzeit',
  relay: 'Die Züge des Computers auf Ihrem Brett',
  'relay.automatic': 'Für mich ausführen (automatische Übertragung)',
  'relay.manual': 'Ich führe sie selbst aus (manuelle Übertragung)',
  start: 'Partie beginnen',
  panel: 'Übung',
  opponent: 'Computer, Stufe {level}',
  event: 'Übungspartie gegen den Computer',
  loading: 'Der Computer wird gestartet …',
  ready: 'Der Computer spielt auf Stufe {level}.',
  started: 'Ihr Gegner: der Computer, Stufe {level}.',
  resumed: 'Ihr Gegner: der Computer, Stufe {level}.',
  failed: 'Der Computer konnte nicht gestartet werden: {reason}',
  unavailable:
    'Der Computer konnte nicht gestartet werden: Er ist nicht auf diesem Gerät, und der Twinboard-Server ist nicht erreichbar. Verbinden Sie sich mit dem Server, oder wählen Sie, solange Sie verbunden sind, Übung auch offline verfügbar halten.',
  thinking: 'Der Computer denkt nach.',
  hint: 'Tipp',
  takeBack: 'Zurücknehmen',
  newGame: 'Neue Übungspartie',
  keys: 'Tasten: Umschalt+H Tipp, U letzten eigenen Zug zurücknehmen.',
  notYourTurn: 'Jetzt kein Tipp: Sie sind nicht am Zug.',
  'offline.keep': 'Übung auch offline verfügbar halten',
  'offline.note':
    'Der Computer (7 MB) wird bei Ihrer ersten Übungspartie geladen, und das Gerät kann ihn nach einiger Zeit löschen. Behalten Sie ihn, dann geht die Übung auch ohne Netz.',
  'offline.working': 'Der Computer wird auf diesem Gerät gespeichert …',
  'offline.kept': 'Die Übung ist offline verfügbar.',
  'offline.released': 'Die Übung wird nicht mehr offline bereitgehalten.',
  'offline.failed': 'Die Übung konnte nicht offline bereitgehalten werden: {reason}',
  'offline.failure.unsupported':
    'dieser Browser speichert hier keine Dateien für die Offline-Nutzung (er braucht https oder den Rechner des Servers selbst).',
  'offline.failure.download':
    'der Computer konnte nicht geladen werden. Prüfen Sie die Verbindung zum Twinboard-Server und versuchen Sie es erneut.',
  'offline.failure.storage': 'auf diesem Gerät ist nicht genug Platz.',
};

export type PracticeMessageKey = keyof typeof en;
const translate = makeTranslator<PracticeMessageKey>({ en, de });

export type PracticeTranslate = (key: PracticeMessageKey, params?: Params) => string;

export function practiceTranslator(locale: Locale): PracticeTranslate {
  return (key, params) => translate(locale, key, params);
}

/**
 * A practice game's record tags: the event, and the blind player and the computer (by its level)
 * by colour, so the scoresheet, the PGN and the archive name the computer as the opponent.
 */
export function practiceTags(locale: Locale, color: 'w' | 'b', level: number): Record<string, string> {
  const computer = translate(locale, 'opponent', { level });
  const blind = archiveTranslator(locale)('blindPlayer');
  return {
    Event: translate(locale, 'event'),
    White: color === 'w' ? blind : computer,
    Black: color === 'w' ? computer : blind,
  };
}
