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
  return new WebSpeechSpeaker(options);
}

/** An utterance handed to the platform, with the native utterance speaking it. */
type Spoken = { utterance: Utterance; native: NativeUtteranceLike };

/** The speaker's queue and state; its public members are bound, as the Speaker's are. */
class WebSpeechSpeaker implements Speaker {
  private readonly synth: SynthesisLike | undefined;
  private settings: SpeakerSettings;
  private readonly queue: Utterance[] = [];
  private current: Spoken | null = null;
  private broken = false;
  private toldFallback = false;
  // "Speaking" spans the whole queue: from the first utterance handed to the platform until the
  // last one ends, so the microphone does not reopen for a moment between two sentences.
  private speakingNow = false;
  private readonly speakingListeners = new Set<(speaking: boolean) => void>();

  constructor(private readonly options: WebSpeechOptions) {
    this.synth = options.synthesis;
    this.settings = { ...DEFAULT_SPEAKER_SETTINGS, ...options.settings };
    this.synth?.addEventListener?.('voiceschanged', () => {
      this.startNext();
      this.settle();
    });
  }

  speak = (u: Utterance) => {
    if (u.text.trim() === '') return;
    if (this.status() === 'fallback') {
      this.fallback(u);
      return;
    }
    const { queue } = this;
    if (u.interrupt && u.politeness === 'assertive') {
      queue.length = 0;
      this.stopCurrent();
    } else if (u.interrupt) {
      // Polite interruptions replace stale polite words but wait for assertive ones.
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.politeness === 'polite') queue.splice(i, 1);
      if (this.current?.utterance.politeness === 'polite') this.stopCurrent();
    }
    // Chromium stops long utterances after about 15 s, so a long reading goes in sentences.
    for (const part of splitForSpeech(u.text)) queue.push({ ...u, text: part });
    this.startNext();
    this.settle();
  };

  cancel = () => {
    this.queue.length = 0;
    this.stopCurrent();
    this.settle();
  };

  configure = (changes: Partial<SpeakerSettings>) => {
    const { settings } = this;
    this.settings = {
      rate: clamp(changes.rate, 0.1, 10, settings.rate),
      pitch: clamp(changes.pitch, 0, 2, settings.pitch),
      volume: clamp(changes.volume, 0, 1, settings.volume),
      voice: changes.voice ?? settings.voice,
    };
  };

  voices = (): VoiceInfo[] =>
    this.voiceList().map((v) => ({ id: v.voiceURI, name: v.name, lang: v.lang, isDefault: v.default }));

  status = (): SpeakerStatus =>
    !this.synth || this.broken || this.voiceList().length === 0 ? 'fallback' : 'speaking';

  isSpeaking = () => this.speakingNow;

  onSpeakingChange = (listener: (speaking: boolean) => void) => {
    this.speakingListeners.add(listener);
    return () => this.speakingListeners.delete(listener);
  };

  /** Tells the listeners when speaking starts or everything queued has ended. */
  private settle() {
    const now = this.current !== null;
    if (now === this.speakingNow) return;
    this.speakingNow = now;
    for (const fn of [...this.speakingListeners]) fn(now);
  }

  private locale(): Locale {
    const { locale } = this.options;
    return typeof locale === 'function' ? locale() : (locale ?? 'en');
  }

  private voiceList(): readonly VoiceLike[] {
    try {
      return this.synth?.getVoices() ?? [];
    } catch {
      return [];
    }
  }

  /** The words to the live region, after telling the player once why nothing speaks them. */
  private fallback(u: Utterance) {
    if (!this.toldFallback) {
      this.toldFallback = true;
      this.options.fallback.announce(
        speechText(this.locale(), this.broken ? 'speechFailed' : 'noVoice'),
        'assertive',
        this.locale(),
      );
    }
    if (u.text !== '') this.options.fallback.announce(u.text, u.politeness, u.lang);
  }

  /** Hands the next queued utterance to the platform, unless one is being spoken. */
  private startNext() {
    if (this.current || !this.synth) return;
    const next = this.queue.shift();
    if (!next) return;
    if (this.status() === 'fallback') {
      this.fallback(next);
      this.startNext();
      return;
    }
    const native = this.options.makeUtterance(next.text);
    native.lang = next.lang;
    native.rate = this.settings.rate;
    native.pitch = this.settings.pitch;
    native.volume = this.settings.volume;
    native.voice = pickVoice(this.voiceList(), this.settings.voice, next.lang);
    const entry = { utterance: next, native };
    this.watch(entry);
    this.current = entry;
    this.synth.speak(native);
  }

  /** Its end (or an error) moves the queue on; a fatal error sends it and the rest to the fallback. */
  private watch(entry: Spoken) {
    const { native, utterance } = entry;
    const done = () => {
      // A cancelled utterance reports late; only the one in progress may advance the queue.
      if (this.current !== entry) return;
      this.current = null;
      this.startNext();
      this.settle();
    };
    native.onend = done;
    native.onerror = (event) => {
      if (this.current !== entry) return;
      if (event.error && FATAL_ERRORS.has(event.error)) {
        this.broken = true;
        this.current = null;
        this.fallback(utterance);
        for (const rest of this.queue.splice(0)) this.fallback(rest);
        this.settle();
        return;
      }
      done();
    };
  }

  private stopCurrent() {
    if (!this.current) return;
    this.current = null;
    this.synth?.cancel();
  }
}

/** The voice for `lang`: the chosen one (`wanted`, by URI or name) if it speaks it, else that language's. */
function pickVoice(voices: readonly VoiceLike[], wanted: string, lang: string): VoiceLike | null {
  const chosenVoice = wanted.trim();
  const primary = lang.toLowerCase().split('-')[0] ?? '';
  const sameLang = (v: VoiceLike) => v.lang.toLowerCase().split(/[-_]/)[0] === primary;
  if (chosenVoice) {
    const chosen = voices.find((v) => v.voiceURI === chosenVoice || v.name === chosenVoice);
    // The chosen voice speaks its own language; other languages get a voice that can say them.
    if (chosen && sameLang(chosen)) return chosen;
  }
  return voices.find((v) => sameLang(v) && v.default) ?? voices.find(sameLang) ?? null;
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
