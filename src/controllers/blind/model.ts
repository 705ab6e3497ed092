/**
 * The blind player's screen model: the one loop between his inputs and the match. A key, a voice
 * result, a typed line or a button enters `input` once; the pure step (controller.ts) answers with
 * the screen's next state, its words, the focus and the intents, which go to the session in order
 * (stopping at the first refusal); the session's events come back here once and are stepped the
 * same way, their words going down to the output port. Time enters through ports: the Scheduler
 * runs the clock cues and the optional automatic clock press, the Clock says the time. The React
 * hook (screens/blind/useBlindScreen.ts) and the headless driver (driver.ts) run this same code;
 * the hook only subscribes and renders.
 */
import type { Square } from '../../core/index.ts';
import type { Utterance, EarconId, Politeness } from '../../speech/announce.ts';
import { translator } from '../../speech/blindMessages.ts';
import { actionFor, decodeAction, releasesAction, type Keymap, type KeyStroke } from '../../input/keymap.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchEvent } from '../../match/events.ts';
import type { MatchSession } from '../../session/local.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Scheduler } from '../../ports/scheduler.ts';
import type { RecognisedAlternative, TalkControls } from '../../ports/listener.ts';
import type { Settings, TalkMode } from '../settings.ts';
import { blindGrammar, blindHearingFen, blindStep, initialView, type BlindInput } from './controller.ts';
import type { BlindOutput, BlindPrefs, BlindView } from './controller.ts';
import { blindScreenView, type BlindScreenView } from './screenView.ts';
import { autoPressKey, NO_CUES, timeCues, type BlindTiming, type CueState } from './timing.ts';

/** The player's choices the screen follows (a slice of the app's settings). */
export interface BlindSettings extends BlindTiming {
  readonly prefs: BlindPrefs;
  readonly keymap: Keymap;
  readonly talkMode: TalkMode;
}

/** Where the screen's effects go. */
export interface BlindPorts {
  /** Speech out: the output router (the Speaker or the live region, never both), or a recorder. */
  readonly output: {
    deliver(utterances: readonly Utterance[]): void;
    setMode?(mode: 'selfVoicing' | 'screenReader'): void;
    /** Whether self-voicing has a voice (false: its words go to the live region; issue 28). */
    speaks?(): boolean;
    /** Nothing said in the last game lingers into this one. */
    clear?(): void;
  };
  /** The focus: the board's cell at `cursor`, or the typed command line. */
  readonly focus?: (target: 'board' | 'commandLine', cursor: Square) => void;
  /** Timers for the automatic clock press and, with `clock`, the clock cues. None: neither. */
  readonly scheduler?: Scheduler;
  /** The time the cues are read at (the session's clock). Without it no cue is said. */
  readonly clock?: Clock;
  /** The microphone by the talk key, held or toggled as the settings say (issue 4). */
  readonly talk?: TalkControls | undefined;
  /** Without `talk`, the talk key toggles through this. */
  readonly pushToTalk?: (() => void) | undefined;
}

export interface BlindModel {
  subscribe(listener: () => void): () => void;
  getView(): BlindScreenView;
  input(input: BlindInput): void;
  /** A recognition result (screens/blind/heard.ts hands them over). */
  hear(
    heard: string | readonly string[],
    checked?: boolean,
    recognised?: readonly RecognisedAlternative[],
  ): void;
  /** A key on the board; true when it is one of the player's keys (the screen stops it). */
  keyDown(stroke: KeyStroke & { readonly repeat?: boolean }): boolean;
  /** A key released; true when it was the held talk key (the microphone closes). */
  keyUp(stroke: KeyStroke): boolean;
  /** The held talk key's key-up is lost when the window loses focus: release it then. */
  releaseTalk(): void;
  /**
   * The screen opens on a new or resumed game (said, with the focus on the board; undefined: nothing
   * said); a paired room says whether the opponent's screen is in the room.
   */
  open(opening: 'new' | 'resumed' | undefined, opponentOnline?: boolean): void;
  /** Who is in the paired room (undefined while unknown); said as news when it changes. */
  presence(opponentOnline: boolean | undefined): void;
  /** Sends one intent now (a button); its events are said when they arrive. */
  dispatch(intent: Intent): readonly MatchEvent[];
  say(text: string, politeness?: Politeness, earcon?: EarconId): void;
  /**
   * The player's settings, taken at once: the next `getView` reads with them. Nothing is notified
   * (the screen renders with them already); `applySettings` carries out what they change.
   */
  setSettings(settings: BlindSettings): void;
  /** The output mode of the settings, and the automatic clock press re-armed for their delay. */
  applySettings(): void;
  setPorts(ports: BlindPorts): void;
  /** What a grammar recogniser may hear now, and the position spoken moves are heard in. */
  grammar(): readonly string[];
  hearingFen(): string;
  /** Listens to the session and starts the timers; returns the function that stops both. */
  connect(): () => void;
}

/** The model's slice of the app's settings. */
export function blindSettings(settings: Settings): BlindSettings {
  return {
    prefs: {
      vocabulary: settings.vocabulary,
      locale: settings.locale,
      verbosity: settings.verbosity,
      readoutAids: settings.readoutAids,
      selfVoicing: settings.selfVoicing,
      orientation: settings.orientation,
      confirmSpokenMoves: settings.confirmSpokenMoves,
      clockKey: settings.keymap.pressClock.join(translator(settings.locale)('chordsOr')),
    },
    keymap: settings.keymap,
    talkMode: settings.talkMode,
    timeCueMinutes: settings.timeCueMinutes,
    lowTimeSeconds: settings.lowTimeSeconds,
    autoClockSeconds: settings.autoClockSeconds,
  };
}

/** The blind player's screen over `session`. */
export function createBlindModel(
  session: MatchSession,
  ports: BlindPorts,
  settings: BlindSettings,
): BlindModel {
  return new Model(session, ports, settings);
}

/** The model's state and loop; its members are bound, so a screen may pass them on alone. */
class Model implements BlindModel {
  private view: BlindView;
  private snapshot: BlindScreenView | null = null;
  /** The preferences the snapshot was made with. */
  private snapshotPrefs: BlindPrefs | null = null;
  private readonly listeners = new Set<() => void>();
  private talkHeld = false;
  private opponentKnown: boolean | undefined;
  private cues: CueState = NO_CUES;
  private pressing: { readonly key: string; readonly cancel: () => void } | null = null;

  constructor(
    private readonly session: MatchSession,
    private ports: BlindPorts,
    private settings: BlindSettings,
  ) {
    this.view = initialView(session.getState(), settings.prefs);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    const unsubscribe = this.session.subscribe(listener);
    return () => {
      this.listeners.delete(listener);
      unsubscribe();
    };
  };

  getView = (): BlindScreenView => {
    const match = this.session.getState();
    const { snapshot, view, settings } = this;
    if (
      snapshot &&
      snapshot.match === match &&
      snapshot.view === view &&
      this.snapshotPrefs === settings.prefs
    )
      return snapshot;
    this.snapshotPrefs = settings.prefs;
    return (this.snapshot = blindScreenView(match, view, settings.prefs));
  };

  input = (input: BlindInput) =>
    this.apply(blindStep(this.view, input, this.session.getState(), this.stepPrefs()));

  /**
   * The preferences a step speaks by: self-voicing with no voice to speak in writes its words to
   * the live region, where the screen reader also reads the focused cell, so navigation is then
   * left to the focus as in screen-reader mode (nothing heard twice, issue 28).
   */
  private stepPrefs(): BlindPrefs {
    const { prefs } = this.settings;
    if (!prefs.selfVoicing || this.ports.output.speaks?.() !== false) return prefs;
    return { ...prefs, selfVoicing: false };
  }

  hear: BlindModel['hear'] = (heard, checked, recognised) =>
    this.input({ kind: 'heard', heard, checked, recognised });

  /** One step's effects: its view, words, focus and microphone, then its intents in order. */
  private apply(out: BlindOutput) {
    const { ports } = this;
    if (out.view !== this.view) {
      this.view = out.view;
      this.notify();
    }
    if (out.utterances.length > 0) ports.output.deliver(out.utterances);
    if (out.focus) ports.focus?.(out.focus, this.view.cursor);
    if (out.toggleTalk) (ports.talk ? ports.talk.toggle : ports.pushToTalk)?.();
    for (const intent of out.intents) {
      // The refusal has been said (its event came back through `input`); the rest would build on it.
      if (this.session.dispatch(intent).some((e) => e.type === 'refused')) break;
    }
  }

  private notify() {
    for (const l of [...this.listeners]) l();
  }

  keyDown = (stroke: KeyStroke & { readonly repeat?: boolean }): boolean => {
    const id = actionFor(this.settings.keymap, stroke);
    if (!id) return false;
    if (id === 'pushToTalk') {
      // Key repeat while the key is held must neither toggle the microphone on and off nor press again.
      if (stroke.repeat) return true;
      if (this.ports.talk && this.settings.talkMode === 'hold') {
        this.talkHeld = true;
        this.ports.talk.press();
        return true;
      }
    }
    this.input({ kind: 'action', action: decodeAction(id) });
    return true;
  };

  keyUp = (stroke: KeyStroke): boolean => {
    if (!this.talkHeld || !releasesAction(this.settings.keymap, 'pushToTalk', stroke)) return false;
    this.releaseTalk();
    return true;
  };

  releaseTalk = () => {
    if (!this.talkHeld) return;
    this.talkHeld = false;
    this.ports.talk?.release();
  };

  open = (opening: 'new' | 'resumed' | undefined, opponentOnline?: boolean) => {
    this.opponentKnown = opponentOnline;
    if (!opening) return;
    this.ports.output.clear?.();
    this.input({
      kind: 'opened',
      opening,
      ...(opponentOnline === undefined ? {} : { opponentPresent: opponentOnline }),
    });
  };

  presence = (online: boolean | undefined) => {
    // The first news of who is here when it was not known at the opening, then his arrival.
    // Unknown spells are skipped.
    if (online === undefined) return;
    const before = this.opponentKnown;
    this.opponentKnown = online;
    if (before === undefined) this.input({ kind: 'opponentPresence', present: online, arrived: false });
    else if (online && !before) this.input({ kind: 'opponentPresence', present: true, arrived: true });
  };

  dispatch = (intent: Intent) => this.session.dispatch(intent);

  say = (text: string, politeness: Politeness = 'polite', earcon?: EarconId) =>
    this.ports.output.deliver([
      { text, lang: this.settings.prefs.locale, politeness, interrupt: true, ...(earcon ? { earcon } : {}) },
    ]);

  setSettings = (next: BlindSettings) => {
    this.settings = next;
  };

  applySettings = () => {
    this.applyMode();
    this.armAutoPress();
  };

  setPorts = (next: BlindPorts) => {
    this.ports = next;
  };

  grammar = () => blindGrammar(this.session.getState(), this.settings.prefs);

  hearingFen = () => blindHearingFen(this.session.getState());

  connect = () => {
    const { session, ports } = this;
    this.applyMode();
    const stops = [
      // The match's events for this player, whoever caused them (the opponent's move arrives here).
      session.onEvents((events) => this.input({ kind: 'events', events })),
      session.subscribe(() => this.armAutoPress()),
      ...(ports.scheduler && ports.clock ? [ports.scheduler.every(1000, () => this.tick())] : []),
    ];
    this.armAutoPress();
    return () => {
      for (const stop of stops) stop();
      this.pressing?.cancel();
      this.pressing = null;
      this.releaseTalk();
    };
  };

  private applyMode() {
    this.ports.output.setMode?.(this.settings.prefs.selfVoicing ? 'selfVoicing' : 'screenReader');
  }

  /** Once a second: time passes in the match (a flag falls), and the cues due are said. */
  private tick() {
    this.session.tick();
    const clock = this.ports.clock;
    if (!clock) return;
    const { settings } = this;
    const due = timeCues(this.session.getState(), this.cues, { ...settings, ...settings.prefs }, clock.now());
    this.cues = due.cues;
    if (due.utterances.length > 0) this.ports.output.deliver(due.utterances);
  }

  /** The automatic clock press waits for the correction window; a correction restarts it. */
  private armAutoPress() {
    const { autoClockSeconds } = this.settings;
    const key = autoPressKey(this.session.getState(), autoClockSeconds);
    if (key === (this.pressing?.key ?? null)) return;
    this.pressing?.cancel();
    this.pressing = null;
    const scheduler = this.ports.scheduler;
    if (key === null || !scheduler) return;
    const cancel = scheduler.after(autoClockSeconds * 1000, () => {
      this.pressing = null;
      this.session.dispatch({ kind: 'pressClock', by: 'blind' });
    });
    this.pressing = { key, cancel };
  }
}
