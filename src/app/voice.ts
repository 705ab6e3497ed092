/**
 * Voice input for the app: a Listener (Twinboard's server recogniser, a Vosk model the club set,
 * or the browser's Web Speech, chosen in that order and loaded on first use; the fake recogniser
 * with `?listener=fake`) driven by H4's controller, opened by the talk key (held, or pressed once
 * to start and once to stop: the `talkMode` setting) or the Talk button, and closed while
 * Twinboard itself speaks (issue 4: the Speaker's speaking signal), its results handed to the
 * blind player's screen (deliverHeard) and its errors read aloud.
 */
import type { BrowserRecogniserChoice, Listener, RecogniserChoice } from '../ports/listener.ts';
import type { Speaker } from '../ports/speaker.ts';
import { createListenerController } from '../speech/listener/controller.ts';
import { deliverHeard, expectedPhrases, listeningPosition } from '../screens/blind/heard.ts';
import type { TalkControls } from '../ports/listener.ts';
import { DEFAULT_VOCABULARY, type VocabularyId } from '../speech/vocabularies.ts';
import { chooseRecogniser, probeServerRecogniser } from '../speech/listener/recogniser.ts';
import { describeNoRecogniser } from '../speech/listener/messages.ts';
import { listenerPlumbing } from '../speech/listener/plumbing.ts';

export interface AppVoice extends TalkControls {
  /** Whether the microphone is open now (wanted, and Twinboard silent). */
  isOpen(): boolean;
  dispose(): void;
}

export interface VoiceCallbacks {
  readonly onListening?: () => void;
  /**
   * The microphone opened for the first time: said instead of `onListening` then ("Listening,
   * with Twinboard's own recogniser"), so the player learns once which recogniser hears him.
   */
  readonly onFirstListening?: () => void;
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
  // The very first opening names the recogniser once, held key or not (issue 25).
  let sayListening = false;
  let first = true;
  const unsubscribe = controller.subscribe((event) => {
    if (event.type === 'result') deliverHeard(event.alternatives, event.checked, event.recognised);
    else if (event.type === 'listening') {
      if (first && callbacks.onFirstListening) callbacks.onFirstListening();
      else if (sayListening) callbacks.onListening?.();
      first = false;
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

/** A recogniser the app chooses (not one it was handed). */
export type ChosenRecogniser = Exclude<RecogniserChoice, { readonly kind: 'given' }>;

/** What `chooseBrowserRecogniser` asks; injected in tests. */
export interface RecogniserEnvironment {
  /** The page's origin, where Twinboard's server answers when it served the page. */
  readonly origin?: string;
  readonly fetch?: typeof fetch;
  /** Whether the browser has Web Speech recognition. */
  readonly webSpeech?: boolean;
}

/**
 * Which recogniser the talk key uses (issue 25): Twinboard's server when the page's origin answers
 * `GET /api/recognise` with available, then the Vosk model at `offlineModelUrl`, then Web Speech.
 */
export async function chooseBrowserRecogniser(
  locale: 'en' | 'de',
  offlineModelUrl = '',
  environment: RecogniserEnvironment = {},
): Promise<ChosenRecogniser> {
  const origin = environment.origin ?? globalThis.location?.origin;
  // An opaque origin ('null', a file: page) has no server behind it.
  const server =
    origin && origin !== 'null'
      ? await probeServerRecogniser(origin, environment.fetch)
      : ({ kind: 'absent' } as const);
  return chooseRecogniser({
    server,
    locale,
    offlineModelUrl,
    webSpeech:
      environment.webSpeech ??
      (await import('../speech/listener/webSpeech.ts')).browserRecognition() !== undefined,
  });
}

/**
 * The recogniser the talk key uses, loaded on demand so it costs nothing at start: the one
 * `choice` names (by default `chooseBrowserRecogniser`'s). With none, a listener whose every start
 * says why and what to install.
 */
export async function browserListener(
  locale: 'en' | 'de',
  offlineModelUrl = '',
  vocabulary: () => VocabularyId = () => DEFAULT_VOCABULARY,
  choice?: ChosenRecogniser,
): Promise<Listener> {
  const chosen = choice ?? (await chooseBrowserRecogniser(locale, offlineModelUrl));
  if (chosen.kind === 'server') {
    const { createServerListener } = await import('../speech/listener/server.ts');
    const server = createServerListener({
      origin: globalThis.location.origin,
      locale,
      settings: listenerSettings(locale),
      position: listeningPosition,
      vocabulary,
    });
    // A screen with no position (the setup form said aloud) is heard by the next recogniser, if any.
    if (chosen.otherwise.kind === 'none') return server;
    const otherwise = await browserListener(locale, offlineModelUrl, vocabulary, chosen.otherwise);
    return eitherListener(server, otherwise, () => listeningPosition() !== undefined);
  }
  return inBrowser(locale, vocabulary, chosen);
}

/**
 * The recogniser that hears the listening screen now: the server's for a screen with a position,
 * else the one after it (`otherwise`).
 */
export function hearingRecogniser(choice: RecogniserChoice): RecogniserChoice {
  return choice.kind === 'server' && choice.otherwise.kind !== 'none' && listeningPosition() === undefined
    ? choice.otherwise
    : choice;
}

const listenerSettings = (locale: 'en' | 'de') => ({ lang: locale === 'de' ? 'de-DE' : 'en-GB' });

/** A recogniser in the browser: Vosk, Web Speech, or one that says there is none. */
async function inBrowser(
  locale: 'en' | 'de',
  vocabulary: () => VocabularyId,
  chosen: BrowserRecogniserChoice,
): Promise<Listener> {
  const settings = listenerSettings(locale);
  if (chosen.kind === 'vosk') {
    const [{ createVoskListener }, { chessGrammar }] = await Promise.all([
      import('../speech/listener/vosk.ts'),
      import('../speech/grammar.ts'),
    ]);
    // The grammar recogniser hears the listening screen's position (its recognition grammar); the
    // check recogniser any move in the player's vocabulary, as bench:voice measures the pair.
    return createVoskListener({
      locale,
      modelUrl: chosen.modelUrl,
      settings,
      grammar: expectedPhrases,
      checkGrammar: () => chessGrammar({ vocabulary: vocabulary() }),
    });
  }
  if (chosen.kind === 'none') return unavailableListener(describeNoRecogniser(locale, chosen));
  const { createWebSpeechListener } = await import('../speech/listener/webSpeech.ts');
  return createWebSpeechListener({ locale, settings });
}

/**
 * Two listeners as one: each start opens `first` when `firstNow()` says so, else `second`; stop
 * and abort go to the one opened. Both report through it.
 */
function eitherListener(first: Listener, second: Listener, firstNow: () => boolean): Listener {
  let active = first;
  return {
    supported: first.supported,
    start() {
      const next = firstNow() ? first : second;
      if (next !== active) active.abort();
      active = next;
      active.start();
    },
    stop: () => active.stop(),
    abort: () => active.abort(),
    isListening: () => active.isListening(),
    configure(settings) {
      first.configure(settings);
      second.configure(settings);
    },
    subscribe(fn) {
      const offFirst = first.subscribe(fn);
      const offSecond = second.subscribe(fn);
      return () => {
        offFirst();
        offSecond();
      };
    },
  };
}

/** A listener for when no recogniser is available: each start says why (`message`). */
function unavailableListener(message: string): Listener {
  const base = listenerPlumbing();
  return {
    supported: false,
    start: () => base.emit({ type: 'error', code: 'unsupported', message }),
    stop: () => undefined,
    abort: () => undefined,
    isListening: () => false,
    configure: base.configure,
    subscribe: base.subscribe,
  };
}
