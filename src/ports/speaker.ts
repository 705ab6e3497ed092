/**
 * The Speaker port: self-voicing output, and the utterances it carries (speech/announce.ts makes
 * them). The app hands it utterances (words, language, politeness, interruption); the adapter
 * (src/speech/speaker/webSpeech.ts) decides how to queue and voice them. Tests use a fake.
 */
import type { EarconId } from './earcons.ts';

/** ARIA live politeness: polite waits for a pause, assertive is said at once. */
export type Politeness = 'polite' | 'assertive';

/** One thing to say. An empty `text` with an earcon is a sound alone. */
export interface Utterance {
  readonly text: string;
  /** BCP 47 language of the words, for the voice and for `lang` on the live region. */
  readonly lang: string;
  readonly politeness: Politeness;
  /** Whether this replaces what is being said (stale navigation, an urgent event). */
  readonly interrupt: boolean;
  readonly earcon?: EarconId;
}

/** A synthesis voice the platform offers. */
export interface VoiceInfo {
  /** Stable id (the Web Speech `voiceURI`). */
  readonly id: string;
  readonly name: string;
  /** BCP 47 language, e.g. `en-GB`. */
  readonly lang: string;
  readonly isDefault: boolean;
}

/** How the voice sounds. */
export interface SpeakerSettings {
  /** 0.1–10, 1 = normal. */
  readonly rate: number;
  /** 0–2, 1 = normal. */
  readonly pitch: number;
  /** 0–1. */
  readonly volume: number;
  /** A voice id or name; empty = the best voice for each utterance's language. */
  readonly voice: string;
}

/** Normal rate, pitch and volume; the best voice for each language. */
export const DEFAULT_SPEAKER_SETTINGS: SpeakerSettings = { rate: 1, pitch: 1, volume: 1, voice: '' };

/** `speaking`: voices are available; `fallback`: no voice, words go to the live region instead. */
export type SpeakerStatus = 'speaking' | 'fallback';

/** Self-voicing output. */
export interface Speaker {
  /** Queue (or, if `interrupt`, replace) an utterance. */
  speak(utterance: Utterance): void;
  /** Stop speaking and drop everything queued. */
  cancel(): void;
  configure(settings: Partial<SpeakerSettings>): void;
  voices(): readonly VoiceInfo[];
  status(): SpeakerStatus;
  /** Whether the platform is voicing (or about to voice) an utterance now. */
  isSpeaking(): boolean;
  /**
   * Be told when speaking starts and when everything queued has been said (or cancelled), so the
   * microphone can be closed meanwhile and Twinboard's own voice is not taken for the player's
   * (issue 4). Returns the unsubscribe function.
   */
  onSpeakingChange(listener: (speaking: boolean) => void): () => void;
}
