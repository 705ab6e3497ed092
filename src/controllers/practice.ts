/**
 * The practice game's screen model: beside the blind player's screen model (blind/model.ts), the
 * computer in the sighted seat and the practice panel. It loads the engine through its port when
 * the game starts (never at the app's start), seats the computer with it, says how that went, and
 * answers the practice keys: a hint (never in competition, checklist 84; only on the player's own
 * turn) and the take-back, heard through the match's events like every change. A game resumed
 * (after a reload, or from the archive) says, after the blind screen's "Game resumed", the computer
 * it is played against, whose move it is and the last move. The React screen
 * (screens/practice/PracticeGame.tsx) and the headless driver run this same code.
 */
import type { Engine } from '../ports/engine.ts';
import { ENGINE_UNAVAILABLE } from '../ports/engine.ts';
import type { Utterance } from '../speech/announce.ts';
import { speechText } from '../speech/messages.ts';
import { describeHint } from '../speech/review.ts';
import type { VocabularyId } from '../speech/vocabularies.ts';
import type { Locale } from '../i18n/index.ts';
import type { KeyStroke } from '../input/keymap.ts';
import { aidsAllowed } from '../match/concerns/participants.ts';
import type { MatchSession } from '../session/local.ts';

/** How deep a hint looks (full strength, bounded so the player does not wait). */
const HINT_SEARCH = { depth: 14, movetimeMs: 1000 } as const;

/** The practice panel's words the model says (the screen's practice catalogue). */
export type PracticeWord =
  'loading' | 'ready' | 'started' | 'resumed' | 'failed' | 'unavailable' | 'notYourTurn';

export interface PracticePorts {
  readonly output: { deliver(utterances: readonly Utterance[]): void };
  /** The engine, loaded on demand (Stockfish in a Web Worker in the app; the Node one in tests). */
  readonly loadEngine: () => Promise<Engine>;
  /** Seats the computer in the session's sighted seat; returns the function that unseats it. */
  readonly seatComputer: (engine: Engine, onError: (error: unknown) => void) => () => void;
  readonly words: (key: PracticeWord, params?: Readonly<Record<string, string | number>>) => string;
}

export interface PracticeOptions {
  readonly level: number;
  readonly locale: Locale;
  readonly vocabulary: VocabularyId;
}

export interface PracticeView {
  /** The computer's state in words: loading, ready at a level, or why it could not start. */
  readonly status: string;
}

export type PracticeInput = { readonly kind: 'hint' } | { readonly kind: 'takeBack' };

export interface PracticeModel {
  subscribe(listener: () => void): () => void;
  getView(): PracticeView;
  /** A hint resolves once it has been said. */
  input(input: PracticeInput): Promise<void>;
  /** The practice keys (Shift+H hint, U take back); true when the key was one of them. */
  keyDown(stroke: KeyStroke): boolean;
  /**
   * Loads the engine, seats the computer and says the opponent (for a resumed game, whose move it
   * is and the last move too); returns the function that stops.
   */
  connect(opening?: 'new' | 'resumed'): () => void;
  /** The player changed his language or words: hints follow at once. */
  setOptions(options: PracticeOptions, words: PracticePorts['words']): void;
}

export function createPracticeModel(
  session: MatchSession,
  ports: PracticePorts,
  options: PracticeOptions,
): PracticeModel {
  return new Model(session, ports, options);
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The model's state; its members are bound, so a screen may pass them on alone. */
class Model implements PracticeModel {
  private view: PracticeView;
  private engine: Engine | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly session: MatchSession,
    private ports: PracticePorts,
    private options: PracticeOptions,
  ) {
    this.view = { status: ports.words('loading') };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getView = () => this.view;

  input = async (input: PracticeInput) => {
    if (input.kind === 'hint') return this.hint();
    // Heard through the match's events like every change (the blind screen says "taken back").
    this.session.dispatch({ kind: 'takeBack', by: 'blind' });
  };

  keyDown = (stroke: KeyStroke) => {
    if (stroke.ctrlKey || stroke.altKey || stroke.metaKey) return false;
    if (stroke.shiftKey && stroke.key.toLowerCase() === 'h') void this.input({ kind: 'hint' });
    else if (!stroke.shiftKey && stroke.key === 'u') void this.input({ kind: 'takeBack' });
    else return false;
    return true;
  };

  setOptions = (options: PracticeOptions, words: PracticePorts['words']) => {
    this.options = options;
    this.ports = { ...this.ports, words };
  };

  connect = (opening: 'new' | 'resumed' = 'new') => {
    const { ports, options } = this;
    let stopped = false;
    let stop = () => {};
    const failed = (e: unknown) => {
      const text =
        e instanceof Error && e.name === ENGINE_UNAVAILABLE
          ? ports.words('unavailable')
          : ports.words('failed', { reason: reason(e) });
      this.setStatus(text);
      this.say(text, 'assertive');
    };
    ports.loadEngine().then((loaded) => {
      if (stopped) return loaded.dispose();
      this.engine = loaded;
      const unseat = ports.seatComputer(loaded, failed);
      stop = () => {
        unseat();
        loaded.dispose();
      };
      this.setStatus(ports.words('ready', { level: options.level }));
    }, failed);
    // After the blind screen's own opening (colour, rules): queued, not interrupting it.
    const opponent = opening === 'new' ? ports.words('started', { level: options.level }) : this.resumed();
    this.say(opponent, 'polite', false);
    return () => {
      stopped = true;
      this.engine = null;
      stop();
    };
  };

  /** A resumed game's opponent (the blind screen says whose move it is and the last move). */
  private resumed(): string {
    return this.ports.words('resumed', { level: this.options.level });
  }

  private say(text: string, politeness: 'polite' | 'assertive' = 'polite', interrupt = true) {
    this.ports.output.deliver([{ text, lang: this.options.locale, politeness, interrupt }]);
  }

  private setStatus(status: string) {
    this.view = { status };
    for (const l of [...this.listeners]) l();
  }

  private async hint() {
    const { session, options, ports, engine } = this;
    const state = session.getState();
    const board = state.boards.blind.aperture;
    // Checklist 84: no hints while competition mode is on.
    if (!aidsAllowed(state)) return this.say(speechText(options.locale, 'competitionOn'));
    if (!engine) return this.say(this.view.status);
    if (state.phase !== 'playing' || board.fen.split(' ')[1] !== state.setup.blindColor)
      return this.say(ports.words('notYourTurn'));
    try {
      const found = await engine.search(board.fen, HINT_SEARCH);
      const words = { vocabulary: options.vocabulary, locale: options.locale };
      this.say(describeHint(board.fen, found.bestMove, words));
    } catch (e) {
      this.say(ports.words('failed', { reason: reason(e) }), 'assertive');
    }
  }
}
