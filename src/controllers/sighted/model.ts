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
  setOptions(options: SightedOptions): void;
  setPorts(ports: SightedPorts): void;
  /** Listens to the session; returns the function that stops. */
  connect(): () => void;
}

export function createSightedModel(
  session: MatchSession,
  initialPorts: SightedPorts,
  initialOptions: SightedOptions,
): SightedModel {
  let ports = initialPorts;
  let options = initialOptions;
  let local: SightedLocal = {
    board: initialSightedView(session.getState()),
    speaking: false,
    confirmResign: false,
    refusal: null,
    said: 0,
  };
  let snapshot: SightedScreenView | null = null;
  /** The screen state the snapshot was made from. */
  let seen = local;
  let lastSpoken = '';
  const listeners = new Set<() => void>();

  const view = (): SightedScreenView => {
    const match = session.getState();
    if (!snapshot || snapshot.match !== match || seen !== local) {
      snapshot = sightedScreenView(match, local, options);
      seen = local;
    }
    return snapshot;
  };
  const set = (patch: Partial<SightedLocal>) => {
    local = { ...local, ...patch };
    for (const l of [...listeners]) l();
    speakAnnouncement();
  };
  /** A new announcement of the blind player is read aloud once, while the player asks for it. */
  const speakAnnouncement = () => {
    const a = view().announcement;
    if (!local.speaking || !a || a.key === lastSpoken) return;
    lastSpoken = a.key;
    ports.speak?.(a.words);
  };
  const send = (intent: Outgoing) => session.dispatch({ ...intent, by: ROLE } as Intent);
  const refused = (events: readonly MatchEvent[]) => {
    const e = events.find((x) => x.type === 'refused' && x.by === ROLE);
    if (!options.showRefusals || e?.type !== 'refused') return;
    // The reason in the player's language, as the blind player would hear it.
    const message = describeRefusal(options.locale, {
      code: e.refusal.code,
      message: e.refusal.message,
      ...(e.refusal.reason ? { reason: e.refusal.reason } : {}),
      ...(e.refusal.piece ? { piece: e.refusal.piece.type } : {}),
    });
    set({ refusal: { message, serial: (local.refusal?.serial ?? 0) + 1 } });
  };
  const step = (input: SightedInput) => {
    const out = sightedStep(local.board, input, session.getState());
    set({ board: out.view });
    for (const intent of out.intents) session.dispatch(intent);
    if (out.focus === 'board') ports.focus?.(out.view.cursor);
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      const unsubscribe = session.subscribe(listener);
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
    getView: view,
    input(input) {
      switch (input.kind) {
        case 'send':
          send(input.intent);
          return ports.focus?.(local.board.cursor);
        case 'drop':
          if (selectionOf(local.board, session.getState())?.from === input.from)
            step({ kind: 'choose', square: input.to });
          return;
        case 'speaking':
          return set({ speaking: input.on });
        case 'sayAgain': {
          const words = view().announcement?.words;
          if (!words) return;
          set({ said: local.said + 1 });
          return ports.speak?.(words);
        }
        case 'resign':
          if (input.step === 'ask') return set({ confirmResign: true });
          if (input.step === 'confirm') send({ kind: 'resign' });
          set({ confirmResign: false });
          return ports.focus?.(local.board.cursor);
        default:
          return step(input);
      }
    },
    canDrag: (square) => canDrag(local.board, session.getState(), square),
    dispatch: (intent) => session.dispatch(intent),
    setOptions(next) {
      if (
        next.locale === options.locale &&
        next.showRefusals === options.showRefusals &&
        next.moveHints === options.moveHints
      )
        return;
      options = next;
      snapshot = null;
      for (const l of [...listeners]) l();
    },
    setPorts(next) {
      ports = next;
    },
    connect() {
      const stops = [session.onEvents(refused), session.subscribe(speakAnnouncement)];
      speakAnnouncement();
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
