/**
 * Voice input for the app: a Listener (the Web Speech adapter in the browser, loaded on first use;
 * the fake recogniser with `?listener=fake`) driven by H4's controller, opened by the talk key
 * (held, or pressed once to start and once to stop: the `talkMode` setting) or the Talk button,
 * and closed while Twinboard itself speaks (issue 4: the Speaker's speaking signal), its results
 * handed to the blind player's screen (deliverHeard) and its errors read aloud.
 */
import type { Listener } from '../ports/listener.ts';
import type { Speaker } from '../ports/speaker.ts';
import { createListenerController } from '../speech/listener/controller.ts';
import { deliverHeard, expectedPhrases } from '../screens/blind/heard.ts';
import type { TalkControls } from '../ports/listener.ts';
import { DEFAULT_VOCABULARY, type VocabularyId } from '../speech/vocabularies.ts';

export interface AppVoice extends TalkControls {
  /** Whether the microphone is open now (wanted, and Twinboard silent). */
  isOpen(): boolean;
  dispose(): void;
}

export interface VoiceCallbacks {
  readonly onListening?: () => void;
  readonly onError?: (message: string) => void;
}

/**
 * Connects a Listener to the screen. With a Speaker, the microphone is closed (aborted, so our
 * own words are dropped) while it speaks and reopens afterwards if the player still wants it.
 */
export function connectVoice(
  listener: Listener,
  callbacks: VoiceCallbacks = {},
  speaker?: Pick<Speaker, 'onSpeakingChange' | 'isSpeaking'>,
): AppVoice {
  // The controller's push-to-talk mode also accepts toggles, so one controller serves both settings.
  const controller = createListenerController(listener, {
    mode: 'push-to-talk',
    ...(speaker
      ? { onSpeakingChange: (fn: (speaking: boolean) => void) => speaker.onSpeakingChange(fn) }
      : {}),
  });
  if (speaker?.isSpeaking()) controller.setSpeaking(true);
  // "Listening" is said once when the player toggles the microphone on, not each time it reopens
  // after Twinboard has spoken (saying it would close it again) and not while a key is held (the
  // held key is the player's own cue, and words would close the microphone as he starts to speak).
  let sayListening = false;
  const unsubscribe = controller.subscribe((event) => {
    if (event.type === 'result') deliverHeard(event.alternatives, event.checked);
    else if (event.type === 'listening') {
      if (sayListening) callbacks.onListening?.();
      sayListening = false;
    } else if (event.type === 'error') callbacks.onError?.(event.message);
  });
  return {
    toggle: () => {
      // Set before toggling: a recogniser may report "listening" inside start().
      sayListening = !controller.wantsToTalk();
      controller.toggle();
      if (!controller.wantsToTalk()) sayListening = false;
    },
    press: () => controller.press(),
    release: () => controller.release(),
    isOpen: () => controller.isOpen(),
    dispose: () => {
      unsubscribe();
      controller.dispose();
    },
  };
}

/**
 * The browser's recogniser, loaded on demand so it costs nothing at start: the offline Vosk
 * polyfill when the player has set a model address (settings), otherwise Web Speech.
 */
export async function browserListener(
  locale: 'en' | 'de',
  offlineModelUrl = '',
  vocabulary: () => VocabularyId = () => DEFAULT_VOCABULARY,
): Promise<Listener> {
  const settings = { lang: locale === 'de' ? 'de-DE' : 'en-GB' };
  if (offlineModelUrl !== '') {
    const [{ createVoskListener }, { chessGrammar }] = await Promise.all([
      import('../speech/listener/vosk.ts'),
      import('../speech/grammar.ts'),
    ]);
    // The grammar recogniser hears the listening screen's position (its recognition grammar); the
    // check recogniser any move in the player's vocabulary, as bench:voice measures the pair.
    return createVoskListener({
      locale,
      modelUrl: offlineModelUrl,
      settings,
      grammar: expectedPhrases,
      checkGrammar: () => chessGrammar({ vocabulary: vocabulary() }),
    });
  }
  const { createWebSpeechListener } = await import('../speech/listener/webSpeech.ts');
  return createWebSpeechListener({ locale, settings });
}
