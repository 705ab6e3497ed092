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
  setSettings(settings: BlindSettings): void;
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
  initialPorts: BlindPorts,
  initialSettings: BlindSettings,
): BlindModel {
  let ports = initialPorts;
  let settings = initialSettings;
  let view: BlindView = initialView(session.getState(), settings.prefs);
  let snapshot: BlindScreenView | null = null;
  const listeners = new Set<() => void>();
  let talkHeld = false;
  let opponentKnown: boolean | undefined;
  let cues: CueState = NO_CUES;
  let pressing: { readonly key: string; readonly cancel: () => void } | null = null;

  const notify = () => {
    for (const l of [...listeners]) l();
  };

  const apply = (out: BlindOutput) => {
    if (out.view !== view) {
      view = out.view;
      notify();
    }
    if (out.utterances.length > 0) ports.output.deliver(out.utterances);
    if (out.focus) ports.focus?.(out.focus, view.cursor);
    if (out.toggleTalk) (ports.talk ? ports.talk.toggle : ports.pushToTalk)?.();
    for (const intent of out.intents) {
      // The refusal has been said (its event came back through `input`); the rest would build on it.
      if (session.dispatch(intent).some((e) => e.type === 'refused')) break;
    }
  };

  const input = (i: BlindInput) => apply(blindStep(view, i, session.getState(), settings.prefs));

  const releaseTalk = () => {
    if (!talkHeld) return;
    talkHeld = false;
    ports.talk?.release();
  };

  /** Once a second: time passes in the match (a flag falls), and the cues due are said. */
  const tick = () => {
    session.tick();
    const clock = ports.clock;
    if (!clock) return;
    const due = timeCues(session.getState(), cues, { ...settings, ...settings.prefs }, clock.now());
    cues = due.cues;
    if (due.utterances.length > 0) ports.output.deliver(due.utterances);
  };

  /** The automatic clock press waits for the correction window; a correction restarts it. */
  const armAutoPress = () => {
    const key = autoPressKey(session.getState(), settings.autoClockSeconds);
    if (key === (pressing?.key ?? null)) return;
    pressing?.cancel();
    pressing = null;
    if (key === null || !ports.scheduler) return;
    const cancel = ports.scheduler.after(settings.autoClockSeconds * 1000, () => {
      pressing = null;
      session.dispatch({ kind: 'pressClock', by: 'blind' });
    });
    pressing = { key, cancel };
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
    getView() {
      const match = session.getState();
      if (!snapshot || snapshot.match !== match || snapshot.view !== view)
        snapshot = blindScreenView(match, view, settings.prefs);
      return snapshot;
    },
    input,
    hear: (heard, checked, recognised) => input({ kind: 'heard', heard, checked, recognised }),
    keyDown(stroke) {
      const id = actionFor(settings.keymap, stroke);
      if (!id) return false;
      if (id === 'pushToTalk') {
        // Key repeat while the key is held must neither toggle the microphone on and off nor press again.
        if (stroke.repeat) return true;
        if (ports.talk && settings.talkMode === 'hold') {
          talkHeld = true;
          ports.talk.press();
          return true;
        }
      }
      input({ kind: 'action', action: decodeAction(id) });
      return true;
    },
    keyUp(stroke) {
      if (!talkHeld || !releasesAction(settings.keymap, 'pushToTalk', stroke)) return false;
      talkHeld = false;
      ports.talk?.release();
      return true;
    },
    releaseTalk,
    open(opening, opponentOnline) {
      opponentKnown = opponentOnline;
      if (!opening) return;
      ports.output.clear?.();
      input({
        kind: 'opened',
        opening,
        ...(opponentOnline === undefined ? {} : { opponentPresent: opponentOnline }),
      });
    },
    presence(online) {
      // The first news of who is here when it was not known at the opening, then his arrival.
      // Unknown spells are skipped.
      if (online === undefined) return;
      const before = opponentKnown;
      opponentKnown = online;
      if (before === undefined) input({ kind: 'opponentPresence', present: online, arrived: false });
      else if (online && !before) input({ kind: 'opponentPresence', present: true, arrived: true });
    },
    dispatch: (intent) => session.dispatch(intent),
    say(text, politeness = 'polite', earcon) {
      ports.output.deliver([
        { text, lang: settings.prefs.locale, politeness, interrupt: true, ...(earcon ? { earcon } : {}) },
      ]);
    },
    setSettings(next) {
      if (next === settings) return;
      const prefsChanged = next.prefs !== settings.prefs;
      settings = next;
      ports.output.setMode?.(settings.prefs.selfVoicing ? 'selfVoicing' : 'screenReader');
      if (prefsChanged) snapshot = null;
      armAutoPress();
      if (prefsChanged) notify();
    },
    setPorts(next) {
      ports = next;
    },
    grammar: () => blindGrammar(session.getState(), settings.prefs),
    hearingFen: () => blindHearingFen(session.getState()),
    connect() {
      ports.output.setMode?.(settings.prefs.selfVoicing ? 'selfVoicing' : 'screenReader');
      const stops = [
        // The match's events for this player, whoever caused them (the opponent's move arrives here).
        session.onEvents((events) => input({ kind: 'events', events })),
        session.subscribe(armAutoPress),
        ...(ports.scheduler && ports.clock ? [ports.scheduler.every(1000, tick)] : []),
      ];
      armAutoPress();
      return () => {
        for (const stop of stops) stop();
        pressing?.cancel();
        pressing = null;
        releaseTalk();
      };
    },
  };
}
