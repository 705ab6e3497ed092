/**
 * A headless blind screen (after tldraw's TestEditor and src/match/driver.ts): the screen model
 * (model.ts, the same code the React hook runs) on a real match session, driven by key chords,
 * typed lines and voice transcripts, with the opponent's intents dispatched on the same session.
 * It keeps every utterance and the last focus request, so a journey can be asserted as the player
 * meets it, in a fraction of a jsdom test's time. Give it a manual scheduler to let time pass
 * (the clock cues, the automatic clock press).
 */
import type { Square } from '../../core/index.ts';
import type { RecognisedAlternative, TalkControls } from '../../ports/listener.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Scheduler } from '../../ports/scheduler.ts';
import type { Utterance } from '../../speech/announce.ts';
import { DEFAULT_KEYMAP, normaliseChord, type Keymap } from '../../input/keymap.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchState } from '../../match/types.ts';
import type { MatchSession } from '../../session/local.ts';
import { DEFAULT_SETTINGS, type Settings } from '../settings.ts';
import { ownBoardFen } from './boardView.ts';
import type { BlindInput, BlindPrefs, BlindView } from './controller.ts';
import { blindSettings, createBlindModel, type BlindModel, type BlindSettings } from './model.ts';
import type { BlindScreenView } from './screenView.ts';
import type { BlindTiming } from './timing.ts';

export const DEFAULT_BLIND_PREFS: BlindPrefs = {
  vocabulary: 'ibca1985',
  locale: 'en',
  verbosity: 'normal',
  readoutAids: true,
  selfVoicing: true,
  orientation: 'auto',
};

export interface BlindDriverOptions {
  readonly timing?: Partial<BlindTiming>;
  readonly talkMode?: Settings['talkMode'];
  /** Timers (a manual scheduler in tests): the automatic clock press, and with `clock` the cues. */
  readonly scheduler?: Scheduler;
  /** The time the cues are read at (default: the session's clock, when there is a scheduler). */
  readonly clock?: Clock;
  readonly talk?: TalkControls;
  /**
   * Whether self-voicing has a voice to speak in (default true); false stands for a platform with
   * no voice installed, where the speaker writes its words to the live region instead.
   */
  readonly voice?: boolean;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class BlindDriver {
  readonly model: BlindModel;
  /** Everything said since the start (or the last `clear`), in order. */
  readonly said: Utterance[] = [];
  /** The last place the controller asked the focus to go. */
  focus: 'board' | 'commandLine' | null = null;
  /** How many times the talk key toggled the microphone (without a `talk` port). */
  toggles = 0;
  private readonly disconnect: () => void;
  private settings: BlindSettings;

  /** A driver with the player's settings as the app has them (the talk mode, the timing, the keys). */
  static withSettings(
    session: MatchSession,
    settings: Settings,
    options: BlindDriverOptions = {},
  ): BlindDriver {
    return new BlindDriver(session, undefined, undefined, options, blindSettings(settings));
  }

  constructor(
    readonly session: MatchSession,
    prefs: BlindPrefs = DEFAULT_BLIND_PREFS,
    readonly keymap: Keymap = DEFAULT_KEYMAP,
    options: BlindDriverOptions = {},
    settings: BlindSettings = {
      prefs,
      keymap,
      talkMode: options.talkMode ?? DEFAULT_SETTINGS.talkMode,
      timeCueMinutes: options.timing?.timeCueMinutes ?? DEFAULT_SETTINGS.timeCueMinutes,
      lowTimeSeconds: options.timing?.lowTimeSeconds ?? DEFAULT_SETTINGS.lowTimeSeconds,
      autoClockSeconds: options.timing?.autoClockSeconds ?? DEFAULT_SETTINGS.autoClockSeconds,
    },
  ) {
    this.keymap = settings.keymap;
    this.settings = settings;
    const clock = options.clock ?? (options.scheduler ? session.clock : undefined);
    this.model = createBlindModel(
      session,
      {
        output: {
          deliver: (utterances) => void this.said.push(...utterances),
          speaks: () => options.voice ?? true,
        },
        focus: (target) => void (this.focus = target),
        pushToTalk: () => void this.toggles++,
        ...(options.scheduler ? { scheduler: options.scheduler } : {}),
        ...(clock ? { clock } : {}),
        ...(options.talk ? { talk: options.talk } : {}),
      },
      settings,
    );
    this.disconnect = this.model.connect();
  }

  /** The player's words: a change applies from the next input, as a change of settings does. */
  get prefs(): BlindPrefs {
    return this.settings.prefs;
  }

  set prefs(prefs: BlindPrefs) {
    this.settings = { ...this.settings, prefs };
    this.model.setSettings(this.settings);
    this.model.applySettings();
  }

  /** What the screen renders now. */
  get screen(): BlindScreenView {
    return this.model.getView();
  }

  get view(): BlindView {
    return this.screen.view;
  }

  get state(): MatchState {
    return this.session.getState();
  }

  /** The position the player feels (his board with a piece in hand out of its square). */
  get fen(): string {
    return ownBoardFen(this.state, 'blind');
  }

  get cursor(): Square {
    return this.view.cursor;
  }

  /** The words of every utterance since the last `clear`, empty ones (earcons alone) left out. */
  get texts(): string[] {
    return this.said.map((u) => u.text).filter((t) => t !== '');
  }

  /** The last words said. */
  get last(): string | undefined {
    return this.texts.at(-1);
  }

  clear(): this {
    this.said.length = 0;
    this.focus = null;
    return this;
  }

  step(input: BlindInput): this {
    this.model.input(input);
    return this;
  }

  /** The screen opens on a new or resumed game (a paired room: whether the opponent is in it). */
  open(opening: 'new' | 'resumed', opponentOnline?: boolean): this {
    this.model.open(opening, opponentOnline);
    return this;
  }

  /** Presses one key chord as written in the README ("Enter", "Shift+Enter", "k", "3"). */
  key(chord: string): this {
    if (!this.model.keyDown(strokeOf(chord))) throw new Error(`No action is bound to ${chord}`);
    return this;
  }

  /** Lets a key chord go (the held talk key). */
  keyUp(chord: string): this {
    this.model.keyUp(strokeOf(chord));
    return this;
  }

  /** Several chords in order. */
  keys(...chords: string[]): this {
    for (const c of chords) this.key(c);
    return this;
  }

  /** Moves the cursor to a square by the rank key and Shift+file digit (as a player would). */
  goTo(square: Square): this {
    return this.keys(square[1] ?? '1', `Shift+${'abcdefgh'.indexOf(square[0] ?? 'a') + 1}`);
  }

  /** One own move by keys: lift, place, announce, press the clock. */
  playMove(from: Square, to: Square): this {
    return this.goTo(from).key('Enter').goTo(to).keys('Enter', 'a', 'Shift+Enter');
  }

  type(text: string): this {
    return this.step({ kind: 'typed', text });
  }

  /**
   * A recognition result; `checked` as vosk's two recognisers give it (the second must agree);
   * `recognised` as Twinboard's server recogniser answers (its transcripts with their evidence).
   */
  hear(
    heard: string | readonly string[],
    checked = false,
    recognised?: readonly RecognisedAlternative[],
  ): this {
    return this.step({ kind: 'heard', heard, checked, ...(recognised ? { recognised } : {}) });
  }

  /** Another role acts on the same session (the opponent, an assistant, the arbiter). */
  as(by: Intent['by'], body: DistributiveOmit<Intent, 'by'>): this {
    this.session.dispatch({ ...body, by } as Intent);
    return this;
  }

  /** The sighted opponent's whole move on his own board: the move and the clock press. */
  opponentMoves(uci: string): this {
    return this.as('sighted', { kind: 'move', uci }).as('sighted', { kind: 'pressClock' });
  }

  dispose(): void {
    this.disconnect();
  }
}

/** A chord as written in the README ("Shift+Enter", "Space") as the keyboard event it stands for. */
function strokeOf(chord: string) {
  const parts = (normaliseChord(chord) ?? chord).split('+');
  const key = parts.pop() ?? '';
  return {
    key: key === 'Space' ? ' ' : key,
    shiftKey: parts.includes('Shift'),
    altKey: parts.includes('Alt'),
    ctrlKey: parts.includes('Ctrl'),
    metaKey: parts.includes('Meta'),
  };
}
