/**
 * What the player hears when recognition fails: one clear sentence per listener error code,
 * in English and German (spec: clear messages for `not-allowed`, `network`, `audio-capture`).
 */
import { makeTranslator } from '../../i18n/index.ts';
import type { ListenerErrorCode } from '../../ports/listener.ts';

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
    other: 'Die Spracherkennung wurde mit einem Fehler beendet. Bitte erneut versuchen.',
  },
} as const satisfies Record<'en' | 'de', Record<ListenerErrorCode, string>>;

/** The sentence for a listener error. */
export const listenerMessage = makeTranslator<ListenerErrorCode>(LISTENER_MESSAGES);
