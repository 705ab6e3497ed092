/**
 * What the player hears about recognition: one clear sentence per listener error code, in English
 * and German (spec: clear messages for `not-allowed`, `network`, `audio-capture`), and which
 * recogniser is in use, why there is none and what Twinboard's server recogniser answered when it
 * could not help (issue 25).
 */
import { makeTranslator, type Locale } from '../../i18n/index.ts';
import type { ListenerErrorCode, RecogniserChoice } from '../../ports/listener.ts';

export const LISTENER_MESSAGES = {
  en: {
    'not-allowed':
      'The microphone is blocked. Allow microphone access for this site in the browser settings, then try again.',
    network:
      'Speech recognition needs the network and cannot reach it. Type the move, or use offline recognition.',
    'audio-capture': 'No microphone was found. Connect a microphone, then try again.',
    'no-speech': 'I heard nothing.',
    unsupported: 'This browser cannot recognise speech. Type the move, or turn on offline recognition.',
    'model-load-failed': 'The offline speech model could not be loaded. Check its address in the settings.',
    'language-not-supported': 'Speech recognition does not support this language here.',
    'rate-limited': 'Too many recordings in a short time. Wait a moment, then speak again.',
    other: 'Speech recognition stopped with an error. Try again.',
  },
  de: {
    'not-allowed':
      'Das Mikrofon ist gesperrt. Erlauben Sie dieser Seite den Mikrofonzugriff in den Browsereinstellungen und versuchen Sie es erneut.',
    network:
      'Die Spracherkennung braucht das Netz und erreicht es nicht. Tippen Sie den Zug oder nutzen Sie die Offline-Erkennung.',
    'audio-capture':
      'Es wurde kein Mikrofon gefunden. Schließen Sie ein Mikrofon an und versuchen Sie es erneut.',
    'no-speech': 'Ich habe nichts gehört.',
    unsupported:
      'Dieser Browser kann keine Sprache erkennen. Tippen Sie den Zug oder schalten Sie die Offline-Erkennung ein.',
    'model-load-failed':
      'Das Offline-Sprachmodell konnte nicht geladen werden. Prüfen Sie seine Adresse in den Einstellungen.',
    'language-not-supported': 'Die Spracherkennung unterstützt diese Sprache hier nicht.',
    'rate-limited':
      'Zu viele Aufnahmen in kurzer Zeit. Warten Sie einen Moment und sprechen Sie dann erneut.',
    other: 'Die Spracherkennung wurde mit einem Fehler beendet. Bitte erneut versuchen.',
  },
} as const satisfies Record<'en' | 'de', Record<ListenerErrorCode, string>>;

/** The sentence for a listener error. */
export const listenerMessage = makeTranslator<ListenerErrorCode>(LISTENER_MESSAGES);

/** Which recogniser is in use and what Twinboard's server recogniser says when it cannot help. */
export const RECOGNISER_MESSAGES = {
  en: {
    server: 'Twinboard’s own recogniser, on this server, without the internet',
    vosk: 'the offline speech model at {url}',
    webSpeech: 'the browser’s recogniser (in some browsers an online service)',
    given: 'the recogniser this page was started with',
    none: 'none',
    inUse: 'Speech recognition in use: {recogniser}.',
    serverInstall: 'Twinboard’s own recogniser needs pocketsphinx on the server: {command}',
    listeningWith: 'Listening, with {recogniser}.',
    noneAvailable:
      'No speech recognition is available: this page is not served by Twinboard’s server, no offline speech model is set, and this browser cannot recognise speech. Type the move, or start Twinboard’s server (npm start).',
    noneButInstall:
      'No speech recognition is available. Twinboard’s server can recognise speech once pocketsphinx is installed there: {command}. Until then, type the move.',
    tooMany:
      'Too many recordings in a short time. Wait {seconds, plural, one {# second} other {# seconds}}, then speak again.',
    unavailable:
      'Twinboard’s recogniser is not available on the server. Install it there with: {command}. Until then, type the move.',
    unreachable: 'Twinboard’s server cannot be reached. Check the connection, then speak again.',
    refused: 'Twinboard’s recogniser could not use that recording. Speak again.',
    failed: 'Twinboard’s recogniser failed. Speak again, or type the move.',
    noPosition: 'Twinboard’s own recogniser hears moves and commands in a game. Here, use the form.',
  },
  de: {
    server: 'die Erkennung von Twinboard, auf diesem Server, ohne Internet',
    vosk: 'das Offline-Sprachmodell unter {url}',
    webSpeech: 'die Erkennung des Browsers (in manchen Browsern ein Onlinedienst)',
    given: 'die Erkennung, mit der diese Seite gestartet wurde',
    none: 'keine',
    inUse: 'Verwendete Spracherkennung: {recogniser}.',
    serverInstall: 'Die Erkennung von Twinboard braucht pocketsphinx auf dem Server: {command}',
    listeningWith: 'Ich höre, mit {recogniser}.',
    noneAvailable:
      'Es ist keine Spracherkennung verfügbar: Diese Seite kommt nicht vom Twinboard-Server, es ist kein Offline-Sprachmodell eingestellt, und dieser Browser kann keine Sprache erkennen. Tippen Sie den Zug oder starten Sie den Twinboard-Server (npm start).',
    noneButInstall:
      'Es ist keine Spracherkennung verfügbar. Der Twinboard-Server erkennt Sprache, sobald dort pocketsphinx installiert ist: {command}. Bis dahin tippen Sie den Zug.',
    tooMany:
      'Zu viele Aufnahmen in kurzer Zeit. Warten Sie {seconds, plural, one {# Sekunde} other {# Sekunden}} und sprechen Sie dann erneut.',
    unavailable:
      'Die Erkennung von Twinboard ist auf dem Server nicht verfügbar. Installieren Sie sie dort mit: {command}. Bis dahin tippen Sie den Zug.',
    unreachable:
      'Der Twinboard-Server ist nicht erreichbar. Prüfen Sie die Verbindung und sprechen Sie erneut.',
    refused: 'Die Erkennung von Twinboard konnte diese Aufnahme nicht verwenden. Bitte erneut sprechen.',
    failed: 'Die Erkennung von Twinboard ist fehlgeschlagen. Sprechen Sie erneut oder tippen Sie den Zug.',
    noPosition:
      'Die Erkennung von Twinboard hört Züge und Befehle in einer Partie. Hier benutzen Sie bitte das Formular.',
  },
} as const satisfies Record<'en' | 'de', Record<string, string>>;
export type RecogniserMessageKey = keyof (typeof RECOGNISER_MESSAGES)['en'];

/** A sentence about the recogniser (RECOGNISER_MESSAGES). */
export const recogniserMessage = makeTranslator<RecogniserMessageKey>(RECOGNISER_MESSAGES);

/** The recogniser's name, as said in "Listening, with …" and in the settings. */
export function describeRecogniser(locale: Locale, choice: RecogniserChoice): string {
  if (choice.kind === 'vosk') return recogniserMessage(locale, 'vosk', { url: choice.modelUrl });
  return recogniserMessage(locale, choice.kind);
}

/**
 * What the settings say about recognition: the recogniser in use and, when Twinboard's server has
 * no recogniser, the command that would enable it.
 */
export function describeRecogniserInUse(locale: Locale, choice: RecogniserChoice): string {
  const inUse = recogniserMessage(locale, 'inUse', { recogniser: describeRecogniser(locale, choice) });
  if (choice.kind === 'server' || choice.kind === 'given' || !choice.serverInstall) return inUse;
  return `${inUse} ${recogniserMessage(locale, 'serverInstall', { command: choice.serverInstall })}`;
}

/** What the talk key says when no recogniser is available: why, and what to install. */
export function describeNoRecogniser(
  locale: Locale,
  choice: Extract<RecogniserChoice, { kind: 'none' }>,
): string {
  return choice.serverInstall
    ? recogniserMessage(locale, 'noneButInstall', { command: choice.serverInstall })
    : recogniserMessage(locale, 'noneAvailable');
}
