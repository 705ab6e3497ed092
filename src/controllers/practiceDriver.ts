/**
 * A headless practice game: the blind player's screen (blind/driver.ts) and the practice model
 * (practice.ts) on one practice session, new or resumed, with the computer seated through the same
 * port the React screen uses. Tests give it an engine (a scripted one, or the Node Stockfish) and the computer's
 * seat (practice/opponent.ts's `startEngineOpponent`, which the controllers' floor does not import);
 * `idle()` waits until the computer has nothing left to do.
 */
import type { Engine } from '../ports/engine.ts';
import type { MatchSession } from '../session/local.ts';
import { BlindDriver } from './blind/driver.ts';
import { createPracticeModel, type PracticeModel, type PracticeWord } from './practice.ts';

/** The computer in its seat: stopped when the game ends; idle once it has nothing left to do. */
export interface SeatedComputer {
  stop(): void;
  idle(): Promise<void>;
}

export interface PracticeDriverOptions {
  readonly level?: number;
  /** Seats the computer on the session with the loaded engine (startEngineOpponent in tests). */
  readonly seat: (
    session: MatchSession,
    engine: Engine,
    options: { readonly level: number; readonly onError: (error: unknown) => void },
  ) => SeatedComputer;
  /** The practice panel's words (tests give the screen's catalogue, practiceTranslator). */
  readonly words: (key: PracticeWord, params?: Readonly<Record<string, string | number>>) => string;
  /** A new game (default), or one resumed from the device (a reload, the archive). */
  readonly opening?: 'new' | 'resumed';
}

export class PracticeDriver extends BlindDriver {
  readonly practice: PracticeModel;
  /** The computer, once its engine is loaded. */
  opponent: SeatedComputer | null = null;
  private readonly stopPractice: () => void;
  private readonly loaded: Promise<unknown>;

  constructor(session: MatchSession, loadEngine: () => Promise<Engine>, options: PracticeDriverOptions) {
    super(session);
    const level = options.level ?? 8;
    const { words } = options;
    const loading = loadEngine();
    this.loaded = loading.catch(() => undefined);
    this.practice = createPracticeModel(
      session,
      {
        output: { deliver: (utterances) => void this.said.push(...utterances) },
        loadEngine: () => loading,
        words,
        seatComputer: (engine, onError) => {
          const opponent = options.seat(session, engine, { level, onError });
          this.opponent = opponent;
          return () => opponent.stop();
        },
      },
      { level, locale: this.prefs.locale, vocabulary: this.prefs.vocabulary },
    );
    const opening = options.opening ?? 'new';
    this.open(opening);
    this.stopPractice = this.practice.connect(opening);
  }

  /** Resolves once the engine has loaded (or failed) and the computer has nothing left to do. */
  async idle(): Promise<this> {
    await this.loaded;
    await Promise.resolve();
    await this.opponent?.idle();
    return this;
  }

  async hint(): Promise<this> {
    await this.practice.input({ kind: 'hint' });
    return this;
  }

  takeBack(): this {
    void this.practice.input({ kind: 'takeBack' });
    return this;
  }

  override dispose(): void {
    this.stopPractice();
    super.dispose();
  }
}
