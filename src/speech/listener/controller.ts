/**
 * When the microphone is open: push-to-talk (open while a key is held) or a toggle, and never
 * while Twinboard itself is speaking, so that its own voice is not taken for the player's
 * (the microphone closes when speech starts and reopens when it ends, if still wanted).
 */
import type { Listener, ListenerEvent } from '../../ports/listener.ts';
import { makeEmitter } from '../../ports/emitter.ts';

export type TalkMode = 'push-to-talk' | 'toggle';

export interface ListenerController {
  readonly mode: TalkMode;
  /** Push-to-talk: the key went down. */
  press(): void;
  /** Push-to-talk: the key came up. */
  release(): void;
  /** Toggle mode: open or close the microphone. */
  toggle(): void;
  /** Twinboard started or stopped speaking. */
  setSpeaking(speaking: boolean): void;
  /** Whether the player wants to be heard now (held key / toggled on). */
  wantsToTalk(): boolean;
  /** Whether the microphone is open now (wanted and Twinboard silent). */
  isOpen(): boolean;
  /** The listener's events, without results that arrive while Twinboard speaks. */
  subscribe(fn: (event: ListenerEvent) => void): () => void;
  dispose(): void;
}

export interface ControllerOptions {
  readonly mode: TalkMode;
  /** Subscribe to "Twinboard is speaking" changes (e.g. from the speaker adapter); returns unsubscribe. */
  readonly onSpeakingChange?: (fn: (speaking: boolean) => void) => () => void;
}

/** Drives a Listener from push-to-talk or toggle input and the speaker's state. */
export function createListenerController(listener: Listener, options: ControllerOptions): ListenerController {
  const events = makeEmitter<ListenerEvent>();
  let wanted = false;
  let speaking = false;
  let open = false;

  const update = () => {
    const shouldOpen = wanted && !speaking;
    if (shouldOpen === open) return;
    open = shouldOpen;
    if (open) listener.start();
    // Abort rather than stop when Twinboard speaks: what the microphone has caught is our voice.
    else if (speaking) listener.abort();
    else listener.stop();
  };
  const unsubscribeListener = listener.subscribe((event) => {
    if (event.type === 'result' && speaking) return;
    if (event.type === 'error') {
      // A fatal error closed the microphone; the player must ask again.
      wanted = false;
      open = false;
    }
    events.emit(event);
  });
  const unsubscribeSpeaker = options.onSpeakingChange?.((value) => controller.setSpeaking(value));

  const controller: ListenerController = {
    mode: options.mode,
    press() {
      if (options.mode !== 'push-to-talk') return;
      wanted = true;
      update();
    },
    release() {
      if (options.mode !== 'push-to-talk') return;
      wanted = false;
      update();
    },
    toggle() {
      wanted = !wanted;
      update();
    },
    setSpeaking(value) {
      speaking = value;
      update();
    },
    wantsToTalk: () => wanted,
    isOpen: () => open,
    subscribe: events.subscribe,
    dispose() {
      unsubscribeListener();
      unsubscribeSpeaker?.();
      wanted = false;
      update();
    },
  };
  return controller;
}

/**
 * Push-to-talk on a held key (default: Control on its own would clash with screen readers, so
 * the default is the backquote key). Key repeat is ignored; losing focus releases.
 */
export function bindPushToTalk(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  controller: ListenerController,
  key = '`',
): () => void {
  const down = (event: Event) => {
    const e = event as KeyboardEvent;
    if (e.key !== key) return;
    e.preventDefault();
    if (!e.repeat) controller.press();
  };
  const up = (event: Event) => {
    const e = event as KeyboardEvent;
    if (e.key !== key) return;
    e.preventDefault();
    controller.release();
  };
  const blur = () => controller.release();
  target.addEventListener('keydown', down);
  target.addEventListener('keyup', up);
  target.addEventListener('blur', blur);
  return () => {
    target.removeEventListener('keydown', down);
    target.removeEventListener('keyup', up);
    target.removeEventListener('blur', blur);
  };
}
