/**
 * A headless blind screen (after tldraw's TestEditor and src/match/driver.ts): the pure controller
 * on a real match session, driven by key chords, typed lines and voice transcripts, with the
 * opponent's intents dispatched on the same session. It keeps every utterance and the last focus
 * request, so a journey can be asserted as the player meets it, in a fraction of a jsdom test's
 * time. Binding semantics as the React hook: intents in order, stopping at the first refusal.
 */
import type { Square } from '../../core/index.ts';
import type { RecognisedAlternative } from '../../ports/listener.ts';
import type { Utterance } from '../../speech/announce.ts';
import { actionFor, decodeAction, DEFAULT_KEYMAP, normaliseChord, type Keymap } from '../../input/keymap.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchState } from '../../match/types.ts';
import type { MatchSession } from '../../session/local.ts';
import { ownBoardFen } from './boardView.ts';
import { blindStep, initialView, type BlindInput, type BlindPrefs, type BlindView } from './controller.ts';

export const DEFAULT_BLIND_PREFS: BlindPrefs = {
  vocabulary: 'ibca1985',
  locale: 'en',
  verbosity: 'normal',
  readoutAids: true,
  selfVoicing: true,
  orientation: 'auto',
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export class BlindDriver {
  view: BlindView;
  /** Everything said since the start (or the last `clear`), in order. */
  readonly said: Utterance[] = [];
  /** The last place the controller asked the focus to go. */
  focus: 'board' | 'commandLine' | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    readonly session: MatchSession,
    public prefs: BlindPrefs = DEFAULT_BLIND_PREFS,
    readonly keymap: Keymap = DEFAULT_KEYMAP,
  ) {
    this.view = initialView(session.getState(), prefs);
    this.unsubscribe = session.onEvents((events) => this.step({ kind: 'events', events }));
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
    const out = blindStep(this.view, input, this.session.getState(), this.prefs);
    this.view = out.view;
    this.said.push(...out.utterances);
    if (out.focus) this.focus = out.focus;
    for (const intent of out.intents) {
      if (this.session.dispatch(intent).some((e) => e.type === 'refused')) break;
    }
    return this;
  }

  /** Presses one key chord as written in the README ("Enter", "Shift+Enter", "k", "3"). */
  key(chord: string): this {
    const normal = normaliseChord(chord);
    const parts = (normal ?? chord).split('+');
    const key = parts.pop() ?? '';
    const id = actionFor(this.keymap, {
      key: key === 'Space' ? ' ' : key,
      shiftKey: parts.includes('Shift'),
      altKey: parts.includes('Alt'),
      ctrlKey: parts.includes('Ctrl'),
      metaKey: parts.includes('Meta'),
    });
    if (!id) throw new Error(`No action is bound to ${chord}`);
    return this.step({ kind: 'action', action: decodeAction(id) });
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
    this.unsubscribe();
  }
}
