/**
 * The app's voice input: connected on the first press of the talk key (the browser asks for the
 * microphone then, not at load), the recogniser chosen in the order of issue 25, and the talk key's
 * controls for every screen. A new recogniser language or model takes effect at the next press
 * (`reset`).
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Listener, RecogniserChoice, TalkControls } from '../ports/listener.ts';
import type { AppOutputs } from '../speech/speaker/outputs.ts';
import { translator } from '../speech/blindMessages.ts';
import { describeRecogniser, recogniserMessage } from '../speech/listener/messages.ts';
import type { Settings } from '../controllers/settings.ts';
import {
  browserListener,
  chooseBrowserRecogniser,
  connectVoice,
  hearingRecogniser,
  type AppVoice,
} from './voice.ts';

export interface AppVoiceOptions {
  /** A recogniser to use instead of the browser's (tests). */
  readonly listener: Listener | undefined;
  readonly outputs: AppOutputs;
  /** The current settings the recogniser is chosen by, read when it connects. */
  readonly locale: RefObject<Settings['locale']>;
  readonly model: RefObject<Settings['offlineSpeechModel']>;
  readonly vocabulary: RefObject<Settings['vocabulary']>;
}

export function useAppVoice({
  listener,
  outputs,
  locale: localeRef,
  model: modelRef,
  vocabulary: vocabularyRef,
}: AppVoiceOptions) {
  const voice = useRef<Promise<AppVoice & { readonly choice: RecogniserChoice }> | null>(null);
  // Voice input is connected on the first press of the talk key (the browser asks for the
  // microphone then, not at load).
  const connect = useCallback(() => {
    const say = (text: string, politeness: 'polite' | 'assertive' = 'polite') =>
      outputs.router.deliver([{ text, lang: localeRef.current, politeness, interrupt: true }]);
    const connectTo = async () => {
      // The recogniser in the order of issue 25: Twinboard's server, a Vosk model, Web Speech.
      const chosen = listener
        ? undefined
        : await chooseBrowserRecogniser(localeRef.current, modelRef.current);
      const recogniser: RecogniserChoice = chosen ?? { kind: 'given' };
      const l =
        listener ??
        (await browserListener(localeRef.current, modelRef.current, () => vocabularyRef.current, chosen));
      const locale = localeRef.current;
      const connected = connectVoice(
        l,
        {
          onListening: () => say(translator(localeRef.current)('listening')),
          // An injected recogniser (tests) needs no introduction.
          ...(listener
            ? {}
            : {
                onFirstListening: () =>
                  say(
                    recogniserMessage(locale, 'listeningWith', {
                      // The setup form, which has no position, is heard by the recogniser after the server's.
                      recogniser: describeRecogniser(locale, hearingRecogniser(recogniser)),
                    }),
                  ),
              }),
          onError: (message) => say(message, 'assertive'),
        },
        // The microphone is closed while Twinboard speaks (issue 4).
        outputs.speaker,
      );
      return { ...connected, choice: recogniser };
    };
    voice.current ??= connectTo();
    return voice.current;
  }, [listener, outputs, localeRef, modelRef, vocabularyRef]);
  // Calls go through one promise, so a quick press and release keep their order.
  const talk = useMemo<TalkControls>(
    () => ({
      toggle: () => void connect().then((v) => v.toggle()),
      press: () => void connect().then((v) => v.press()),
      release: () => void connect().then((v) => v.release()),
      recogniser: () => connect().then((v) => v.choice),
    }),
    [connect],
  );
  // An injected recogniser (the fake one) needs no permission: connect it at once.
  useEffect(() => {
    if (listener) void connect();
  }, [listener, connect]);

  const reset = useCallback(() => {
    if (listener || !voice.current) return;
    void voice.current.then((v) => v.dispose());
    voice.current = null;
  }, [listener]);
  return useMemo(() => ({ talk, reset }), [talk, reset]);
}
