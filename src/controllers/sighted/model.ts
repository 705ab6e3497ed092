/**
 * The sighted player's screen model, like the blind player's (controllers/blind/model.ts): clicks,
 * drops, keys and buttons enter `input` once; the board's pure step (controller.ts) says what they
 * mean, the intents go to the session, and the session's changes and events come back here: this
 * seat's refusals in the player's language, the blind player's announcements read aloud when he
 * asked for it. The React hook (screens/sighted/useSightedScreen.ts) and the headless driver
 * (driver.ts) run this same code.
 */
import type { Square } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import { describeRefusal } from '../../speech/announce.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchEvent } from '../../match/events.ts';
import type { MatchSession } from '../../session/local.ts';
import type { Outgoing } from '../rights.ts';
import { canDrag, initialSightedView, selectionOf, sightedStep, type SightedInput } from './controller.ts';
import { sightedScreenView, type SightedLocal, type SightedScreenView } from './screenView.ts';

const ROLE = 'sighted' as const;

export interface SightedPorts {
  /** Reads a text aloud (the Speaker, or the browser's speech synthesis). */
  readonly speak?: (text: string) => void;
  /** The board takes the focus at `square` (when the control used went away with the change). */
  readonly focus?: (square: Square) => void;
}

export interface SightedOptions {
  readonly locale: Locale;
  /** Whether this screen shows its seat's refusals itself (a paired room shows the server's). */
  readonly showRefusals: boolean;
  /** The player shows where a touched piece may go (allowed outside competition only). */
  readonly moveHints: boolean;
}

/** One thing the sighted player does on his screen. */
export type SightedScreenInput =
  | SightedInput
  /** A button's intent; the button may go away with the change, so the board takes the focus. */
  | { readonly kind: 'send'; readonly intent: Outgoing }
  /** A piece carried from `from` and dropped on `to`. */
  | { readonly kind: 'drop'; readonly from: Square; readonly to: Square }
  | { readonly kind: 'speaking'; readonly on: boolean }
  | { readonly kind: 'sayAgain' }
  | { readonly kind: 'resign'; readonly step: 'ask' | 'confirm' | 'cancel' };

export interface SightedModel {
  subscribe(listener: () => void): () => void;
  getView(): SightedScreenView;
  input(input: SightedScreenInput): void;
  /** Whether a drag may start on `square`. */
  canDrag(square: Square): boolean;
  /** Sends an intent as it is (the adjournment panel's). */
  dispatch(intent: Intent): readonly MatchEvent[];
  /** The screen's options, taken at once for the next `getView` (nothing is notified). */
  setOptions(options: SightedOptions): void;
  setPorts(ports: SightedPorts): void;
  /** Listens to the session; returns the function that stops. */
  connect(): () => void;
}

export function createSightedModel(
  session: MatchSession,
  ports: SightedPorts,
  options: SightedOptions,
): SightedModel {
  return new Model(session, ports, options);
}

/** The model's state and loop; its members are bound, so a screen may pass them on alone. */
class Model implements SightedModel {
  private local: SightedLocal;
  private snapshot: SightedScreenView | null = null;
  /** The screen state the snapshot was made from. */
  private seen: SightedLocal;
  private seenOptions: SightedOptions | null = null;
  private lastSpoken = '';
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly session: MatchSession,
    private ports: SightedPorts,
    private options: SightedOptions,
  ) {
    this.local = {
      board: initialSightedView(session.getState()),
      speaking: false,
      confirmResign: false,
      refusal: null,
      said: 0,
    };
    this.seen = this.local;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    const unsubscribe = this.session.subscribe(listener);
    return () => {
      this.listeners.delete(listener);
      unsubscribe();
    };
  };

  getView = (): SightedScreenView => {
    const match = this.session.getState();
    const { snapshot, local, options } = this;
    if (snapshot && snapshot.match === match && this.seen === local && this.seenOptions === options)
      return snapshot;
    this.seen = local;
    this.seenOptions = options;
    return (this.snapshot = sightedScreenView(match, local, options));
  };

  input = (input: SightedScreenInput) => {
    const { local, ports } = this;
    switch (input.kind) {
      case 'send':
        this.send(input.intent);
        return ports.focus?.(local.board.cursor);
      case 'drop':
        if (selectionOf(local.board, this.session.getState())?.from === input.from)
          this.step({ kind: 'choose', square: input.to });
        return;
      case 'speaking':
        return this.set({ speaking: input.on });
      case 'sayAgain': {
        const words = this.getView().announcement?.words;
        if (!words) return;
        this.set({ said: local.said + 1 });
        return ports.speak?.(words);
      }
      case 'resign':
        if (input.step === 'ask') return this.set({ confirmResign: true });
        if (input.step === 'confirm') this.send({ kind: 'resign' });
        this.set({ confirmResign: false });
        return ports.focus?.(local.board.cursor);
      default:
        return this.step(input);
    }
  };

  canDrag = (square: Square) => canDrag(this.local.board, this.session.getState(), square);

  dispatch = (intent: Intent) => this.session.dispatch(intent);

  setOptions = (next: SightedOptions) => {
    const { options } = this;
    // The same options again keep the snapshot (a screen hands them over at every render).
    if (
      next.locale !== options.locale ||
      next.showRefusals !== options.showRefusals ||
      next.moveHints !== options.moveHints
    )
      this.options = next;
  };

  setPorts = (next: SightedPorts) => {
    this.ports = next;
  };

  connect = () => {
    const stops = [
      this.session.onEvents((events) => this.refused(events)),
      this.session.subscribe(() => this.speakAnnouncement()),
    ];
    this.speakAnnouncement();
    return () => {
      for (const stop of stops) stop();
    };
  };

  private notify() {
    for (const l of [...this.listeners]) l();
  }

  private set(patch: Partial<SightedLocal>) {
    this.local = { ...this.local, ...patch };
    this.notify();
    this.speakAnnouncement();
  }

  /** A new announcement of the blind player is read aloud once, while the player asks for it. */
  private speakAnnouncement() {
    const a = this.getView().announcement;
    if (!this.local.speaking || !a || a.key === this.lastSpoken) return;
    this.lastSpoken = a.key;
    this.ports.speak?.(a.words);
  }

  private send(intent: Outgoing) {
    this.session.dispatch({ ...intent, by: ROLE } as Intent);
  }

  /** This seat's refusal, in the player's language, as the blind player would hear it. */
  private refused(events: readonly MatchEvent[]) {
    const e = events.find((x) => x.type === 'refused' && x.by === ROLE);
    if (!this.options.showRefusals || e?.type !== 'refused') return;
    const message = describeRefusal(this.options.locale, {
      code: e.refusal.code,
      message: e.refusal.message,
      ...(e.refusal.reason ? { reason: e.refusal.reason } : {}),
      ...(e.refusal.piece ? { piece: e.refusal.piece.type } : {}),
    });
    this.set({ refusal: { message, serial: (this.local.refusal?.serial ?? 0) + 1 } });
  }

  private step(input: SightedInput) {
    const out = sightedStep(this.local.board, input, this.session.getState());
    this.set({ board: out.view });
    for (const intent of out.intents) this.session.dispatch(intent);
    if (out.focus === 'board') this.ports.focus?.(out.view.cursor);
  }
}
