/**
 * The plumbing every Listener adapter shares (Web Speech, Vosk, the fake): the event emitter, the
 * settings (defaults, then the adapter's options, then whatever the app configures later) and the
 * error event with its message in the player's language.
 */
import { makeEmitter } from '../../ports/emitter.ts';
import {
  DEFAULT_LISTENER_SETTINGS,
  type Listener,
  type ListenerErrorCode,
  type ListenerEvent,
  type ListenerSettings,
} from '../../ports/listener.ts';
import { listenerMessage } from './messages.ts';

/** The shared state of one adapter; `configure` and `subscribe` are the Listener's own. */
export interface ListenerPlumbing extends Pick<Listener, 'configure' | 'subscribe'> {
  /** The current settings. */
  readonly settings: ListenerSettings;
  emit(event: ListenerEvent): void;
  /** Emits the error event for `code`, with its message in the adapter's locale. */
  error(code: ListenerErrorCode): void;
}

/** Makes the plumbing for an adapter with these options. */
export function listenerPlumbing(
  options: { readonly settings?: Partial<ListenerSettings>; readonly locale?: 'en' | 'de' } = {},
): ListenerPlumbing {
  const events = makeEmitter<ListenerEvent>();
  const locale = options.locale ?? 'en';
  let settings: ListenerSettings = { ...DEFAULT_LISTENER_SETTINGS, ...options.settings };
  return {
    get settings() {
      return settings;
    },
    emit: events.emit,
    error(code) {
      events.emit({ type: 'error', code, message: listenerMessage(locale, code) });
    },
    configure(next) {
      settings = { ...settings, ...next };
    },
    subscribe: events.subscribe,
  };
}

/** The listener error for a failure to open the microphone (getUserMedia's DOMException names). */
export function microphoneError(error: unknown): ListenerErrorCode {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'not-allowed';
  if (name === 'NotFoundError' || name === 'NotReadableError' || name === 'OverconstrainedError')
    return 'audio-capture';
  return 'other';
}
