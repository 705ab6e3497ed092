/**
 * Voice input wired end to end, for the screens: the listener's final results go through the
 * dialogue (dialogue.ts); its questions are spoken with the Speaker port, its moves and
 * commands are handed to the app as intents. Listener errors are spoken too. Holds the dialogue
 * state between utterances; the position comes from the caller at each utterance.
 */
import type { Listener, ListenerEvent, RecognisedAlternative } from '../ports/listener.ts';
import type { Speaker } from '../ports/speaker.ts';
import { hear, IDLE, type DialogueOptions, type DialogueOutput, type DialogueState } from './dialogue.ts';
import { VOCABULARIES, DEFAULT_VOCABULARY } from '../speech/vocabularies.ts';

export interface VoiceSessionOptions extends DialogueOptions {
  /** The listener or a controller around it (anything with `subscribe`). */
  readonly listener: Pick<Listener, 'subscribe'>;
  readonly speaker: Pick<Speaker, 'speak'>;
  /** The position the player speaks about (read at each utterance). */
  readonly position: () => string;
  /** A move the player clearly said (or chose, or confirmed). */
  readonly onMove: (move: { uci: string; san: string }) => void;
  /** A command the player said (confirmed first when it cannot be undone). */
  readonly onCommand: (command: Extract<DialogueOutput, { kind: 'command' }>) => void;
  /** Every listener event, for a status indicator ("listening", interim text). */
  readonly onEvent?: (event: ListenerEvent) => void;
}

export interface VoiceSession {
  /** What is pending (a question asked, a confirmation awaited). */
  state(): DialogueState;
  /**
   * Feeds a final result by hand (e.g. a typed line that should go through the same dialogue);
   * `recognised`: the server recogniser's transcripts with their evidence (Listener's result).
   */
  heard(alternatives: string | readonly string[], recognised?: readonly RecognisedAlternative[]): void;
  dispose(): void;
}

/** Connects a listener, the dialogue, a speaker and the app's intent handlers. */
export function createVoiceSession(options: VoiceSessionOptions): VoiceSession {
  let state: DialogueState = IDLE;
  const lang = options.locale ?? VOCABULARIES[options.vocabulary ?? DEFAULT_VOCABULARY].lang;
  const speak = (text: string) =>
    options.speaker.speak({ text, lang, politeness: 'assertive', interrupt: true });
  const heard = (alternatives: string | readonly string[], recognised?: readonly RecognisedAlternative[]) => {
    const step = hear(
      state,
      options.position(),
      alternatives,
      recognised ? { ...options, recognised } : options,
    );
    state = step.state;
    for (const out of step.outputs) {
      if (out.kind === 'say') speak(out.text);
      else if (out.kind === 'move') options.onMove({ uci: out.uci, san: out.san });
      else options.onCommand(out);
    }
  };
  const unsubscribe = options.listener.subscribe((event) => {
    options.onEvent?.(event);
    if (event.type === 'result') heard(event.alternatives, event.recognised);
    else if (event.type === 'error' && event.code !== 'no-speech') speak(event.message);
  });
  return { state: () => state, heard, dispose: unsubscribe };
}
