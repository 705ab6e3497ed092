/**
 * A fake recogniser for tests and for the end-to-end test of playing by voice: it replays
 * transcripts as if the player had said them, but only while the microphone is open (like a real
 * one), and can fail with any listener error code.
 */
import type { Listener, ListenerErrorCode, ListenerSettings } from '../../ports/listener.ts';
import { listenerPlumbing } from './plumbing.ts';

export interface FakeListener extends Listener {
  /**
   * The player says something: a final result with these alternatives (best first) if the
   * microphone is open. Returns whether it was heard.
   */
  say(heard: string | readonly string[]): boolean;
  /** Queue transcripts; each is said the next time the microphone opens (one per opening). */
  replay(transcripts: readonly (string | readonly string[])[]): void;
  /** A provisional transcript while "speaking". */
  interim(transcript: string): void;
  /** The recogniser fails; fatal like the real ones (listening stops). */
  fail(code: ListenerErrorCode): void;
  /** Everything said while the microphone was closed (and so not heard). */
  readonly missed: readonly string[];
  /** The settings the app configured. */
  readonly settings: ListenerSettings;
}

/** A Listener that hears what the test tells it to. */
export function createFakeListener(
  options: { supported?: boolean; locale?: 'en' | 'de' } = {},
): FakeListener {
  const base = listenerPlumbing({ locale: options.locale ?? 'en' });
  const queue: (string | readonly string[])[] = [];
  const missed: string[] = [];
  let listening = false;
  const supported = options.supported ?? true;

  const say = (heard: string | readonly string[]): boolean => {
    const alternatives = (typeof heard === 'string' ? [heard] : [...heard]).slice(
      0,
      base.settings.maxAlternatives,
    );
    if (!listening) {
      missed.push(alternatives[0] ?? '');
      return false;
    }
    base.emit({ type: 'result', alternatives });
    return true;
  };
  const fake: FakeListener = {
    supported,
    start() {
      if (!supported) {
        base.error('unsupported');
        return;
      }
      if (listening) return;
      listening = true;
      base.emit({ type: 'listening' });
      const next = queue.shift();
      if (next !== undefined) say(next);
    },
    stop() {
      if (!listening) return;
      listening = false;
      base.emit({ type: 'idle' });
    },
    abort() {
      fake.stop();
    },
    isListening: () => listening,
    configure: base.configure,
    subscribe: base.subscribe,
    say,
    replay(transcripts) {
      queue.push(...transcripts);
      if (listening) {
        const next = queue.shift();
        if (next !== undefined) say(next);
      }
    },
    interim(transcript) {
      if (listening && base.settings.interimResults) base.emit({ type: 'interim', transcript });
    },
    fail(code) {
      const was = listening;
      listening = false;
      base.error(code);
      if (was) base.emit({ type: 'idle' });
    },
    get missed() {
      return missed;
    },
    get settings() {
      return base.settings;
    },
  };
  return fake;
}
