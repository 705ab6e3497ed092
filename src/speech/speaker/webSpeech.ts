/**
 * A Speaker over the Web Speech API (speechSynthesis). It keeps its own queue so it can honour
 * politeness: an assertive utterance (the opponent's move, a flag, a board difference) is never
 * cut off by polite navigation, and an interrupting polite utterance only replaces polite ones
 * (DESIGN.md principle 6). With no voice installed (or no API), words go to the fallback
 * live-region Announcer and the player is told so once.
 */
import type { Announcer } from '../../ports/announcer.ts';
import {
  DEFAULT_SPEAKER_SETTINGS,
  type Speaker,
  type SpeakerSettings,
  type SpeakerStatus,
  type VoiceInfo,
} from '../../ports/speaker.ts';
import type { Locale } from '../../i18n/index.ts';
import type { Utterance } from '../announce.ts';
import { speechText } from '../messages.ts';

/** The parts of `SpeechSynthesisVoice` the adapter reads. */
export interface VoiceLike {
  readonly voiceURI: string;
  readonly name: string;
  readonly lang: string;
  readonly default: boolean;
}

/** The parts of `SpeechSynthesisUtterance` the adapter writes. */
export interface NativeUtteranceLike {
  text: string;
  lang: string;
  rate: number;
  pitch: number;
  volume: number;
  voice: VoiceLike | null;
  onend: ((event: unknown) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
}

/** The parts of `speechSynthesis` the adapter uses. */
export interface SynthesisLike {
  speak(utterance: NativeUtteranceLike): void;
  cancel(): void;
  getVoices(): readonly VoiceLike[];
  addEventListener?(type: 'voiceschanged', listener: () => void): void;
}

/** The platform objects and the fallback the adapter works with. */
export interface WebSpeechOptions {
  /** The platform's speechSynthesis; undefined when the browser has none. */
  readonly synthesis: SynthesisLike | undefined;
  /** Makes a native utterance (`(text) => new SpeechSynthesisUtterance(text)` in a browser). */
  readonly makeUtterance: (text: string) => NativeUtteranceLike;
  /** Where words go when nothing can speak them. */
  readonly fallback: Announcer;
  /** The UI language for the adapter's own message (read each time it is needed). */
  readonly locale?: Locale | (() => Locale);
  readonly settings?: Partial<SpeakerSettings>;
}

// Errors after which speaking will not work: fall back for good.
const FATAL_ERRORS = new Set([
  'synthesis-unavailable',
  'synthesis-failed',
  'audio-hardware',
  'voice-unavailable',
]);

/** The Web Speech adapter behind the Speaker port. */
export function createWebSpeechSpeaker(options: WebSpeechOptions): Speaker {
  const synth = options.synthesis;
  let settings: SpeakerSettings = { ...DEFAULT_SPEAKER_SETTINGS, ...options.settings };
  const queue: Utterance[] = [];
  let current: { utterance: Utterance; native: NativeUtteranceLike } | null = null;
  let broken = false;
  let toldFallback = false;
  // "Speaking" spans the whole queue: from the first utterance handed to the platform until the
  // last one ends, so the microphone does not reopen for a moment between two sentences.
  let speakingNow = false;
  const speakingListeners = new Set<(speaking: boolean) => void>();
  const settle = () => {
    const now = current !== null;
    if (now === speakingNow) return;
    speakingNow = now;
    for (const fn of [...speakingListeners]) fn(now);
  };
  const locale = (): Locale =>
    typeof options.locale === 'function' ? options.locale() : (options.locale ?? 'en');

  const voiceList = (): readonly VoiceLike[] => {
    try {
      return synth?.getVoices() ?? [];
    } catch {
      return [];
    }
  };
  const status = (): SpeakerStatus =>
    !synth || broken || voiceList().length === 0 ? 'fallback' : 'speaking';

  const fallback = (u: Utterance) => {
    if (!toldFallback) {
      toldFallback = true;
      options.fallback.announce(
        speechText(locale(), broken ? 'speechFailed' : 'noVoice'),
        'assertive',
        locale(),
      );
    }
    if (u.text !== '') options.fallback.announce(u.text, u.politeness, u.lang);
  };

  const pickVoice = (lang: string): VoiceLike | null => {
    const voices = voiceList();
    const wanted = settings.voice.trim();
    const primary = lang.toLowerCase().split('-')[0] ?? '';
    const sameLang = (v: VoiceLike) => v.lang.toLowerCase().split(/[-_]/)[0] === primary;
    if (wanted) {
      const chosen = voices.find((v) => v.voiceURI === wanted || v.name === wanted);
      // The chosen voice speaks its own language; other languages get a voice that can say them.
      if (chosen && sameLang(chosen)) return chosen;
    }
    return voices.find((v) => sameLang(v) && v.default) ?? voices.find(sameLang) ?? null;
  };

  const startNext = () => {
    if (current || !synth) return;
    const next = queue.shift();
    if (!next) return;
    if (status() === 'fallback') {
      fallback(next);
      startNext();
      return;
    }
    const native = options.makeUtterance(next.text);
    native.lang = next.lang;
    native.rate = settings.rate;
    native.pitch = settings.pitch;
    native.volume = settings.volume;
    native.voice = pickVoice(next.lang);
    const entry = { utterance: next, native };
    const done = () => {
      // A cancelled utterance reports late; only the one in progress may advance the queue.
      if (current !== entry) return;
      current = null;
      startNext();
      settle();
    };
    native.onend = done;
    native.onerror = (event) => {
      if (current !== entry) return;
      if (event.error && FATAL_ERRORS.has(event.error)) {
        broken = true;
        current = null;
        fallback(next);
        for (const rest of queue.splice(0)) fallback(rest);
        settle();
        return;
      }
      done();
    };
    current = entry;
    synth.speak(native);
  };

  const stopCurrent = () => {
    if (!current) return;
    current = null;
    synth?.cancel();
  };

  synth?.addEventListener?.('voiceschanged', () => {
    startNext();
    settle();
  });

  return {
    speak(u) {
      if (u.text.trim() === '') return;
      if (status() === 'fallback') {
        fallback(u);
        return;
      }
      if (u.interrupt && u.politeness === 'assertive') {
        queue.length = 0;
        stopCurrent();
      } else if (u.interrupt) {
        // Polite interruptions replace stale polite words but wait for assertive ones.
        for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.politeness === 'polite') queue.splice(i, 1);
        if (current?.utterance.politeness === 'polite') stopCurrent();
      }
      // Chromium stops long utterances after about 15 s, so a long reading goes in sentences.
      for (const part of splitForSpeech(u.text)) queue.push({ ...u, text: part });
      startNext();
      settle();
    },
    cancel() {
      queue.length = 0;
      stopCurrent();
      settle();
    },
    configure(changes) {
      settings = {
        rate: clamp(changes.rate, 0.1, 10, settings.rate),
        pitch: clamp(changes.pitch, 0, 2, settings.pitch),
        volume: clamp(changes.volume, 0, 1, settings.volume),
        voice: changes.voice ?? settings.voice,
      };
    },
    voices: (): VoiceInfo[] =>
      voiceList().map((v) => ({ id: v.voiceURI, name: v.name, lang: v.lang, isDefault: v.default })),
    status,
    isSpeaking: () => speakingNow,
    onSpeakingChange(listener) {
      speakingListeners.add(listener);
      return () => speakingListeners.delete(listener);
    },
  };
}

// A missing or non-numeric setting keeps the previous value.
const clamp = (n: number | undefined, lo: number, hi: number, keep: number) =>
  n !== undefined && Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : keep;

/**
 * Splits long text for speaking: at sentence ends, then at semicolons, then at commas, so that no
 * part is longer than `max` characters unless a single phrase is.
 */
export function splitForSpeech(text: string, max = 200): string[] {
  const pieces = (t: string, seps: readonly string[]): string[] => {
    if (t.length <= max || seps.length === 0) return [t];
    const [sep, ...rest] = seps as [string, ...string[]];
    const parts = t.split(sep).map((p, i, all) => (i < all.length - 1 ? p + sep.trimEnd() : p));
    const out: string[] = [];
    let acc = '';
    for (const p of parts) {
      const joined = acc === '' ? p : `${acc} ${p}`;
      if (joined.length <= max) acc = joined;
      else {
        if (acc !== '') out.push(acc);
        acc = p;
      }
    }
    if (acc !== '') out.push(acc);
    return out.flatMap((p) => pieces(p, rest));
  };
  return pieces(text.trim(), ['. ', '; ', ', ']).filter((p) => p.trim() !== '');
}

/** The browser's speechSynthesis as a Speaker, or a Speaker that always falls back when absent. */
export function createBrowserSpeaker(fallback: Announcer, locale?: Locale | (() => Locale)): Speaker {
  const synthesis =
    typeof window !== 'undefined' && 'speechSynthesis' in window
      ? (window.speechSynthesis as unknown as SynthesisLike)
      : undefined;
  return createWebSpeechSpeaker({
    synthesis,
    makeUtterance: (text) => new SpeechSynthesisUtterance(text) as unknown as NativeUtteranceLike,
    fallback,
    ...(locale ? { locale } : {}),
  });
}
