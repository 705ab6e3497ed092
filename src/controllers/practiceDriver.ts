/**
 * A headless practice game: the blind player's screen (blind/driver.ts) and the practice model
 * (practice.ts) on one practice session, with the computer seated through the same port the React
 * screen uses. Tests give it an engine (a scripted one, or the Node Stockfish); `idle()` waits until
 * the computer has nothing left to do.
 */
import type { Engine } from '../ports/engine.ts';
import type { MatchSession } from '../session/local.ts';
import { startEngineOpponent, type EngineOpponent } from '../practice/opponent.ts';
import type { Level } from '../engine/levels.ts';
import { BlindDriver } from './blind/driver.ts';
import { createPracticeModel, type PracticeModel, type PracticeWord } from './practice.ts';

export interface PracticeDriverOptions {
  readonly level?: Level;
  /** Randomness for the weaker levels' slips (seeded in tests). */
  readonly random?: () => number;
  /** The practice panel's words (tests give the screen's catalogue, practiceTranslator). */
  readonly words: (key: PracticeWord, params?: Readonly<Record<string, string | number>>) => string;
}

export class PracticeDriver extends BlindDriver {
  readonly practice: PracticeModel;
  /** The computer, once its engine is loaded. */
  opponent: EngineOpponent | null = null;
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
          this.opponent = startEngineOpponent(session, engine, {
            level,
            random: options.random ?? (() => 0.5),
            onError,
          });
          return this.opponent.stop;
        },
      },
      { level, locale: this.prefs.locale, vocabulary: this.prefs.vocabulary },
    );
    this.open('new');
    this.stopPractice = this.practice.connect();
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
