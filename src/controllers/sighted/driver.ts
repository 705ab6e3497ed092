/**
 * A headless sighted player's screen: the screen model (model.ts, the same code the React hook
 * runs) on a real match session, driven by clicks, drops, arrows and buttons, with the other
 * roles' intents dispatched on the same session. It keeps what was read aloud and where the focus
 * was sent, so a journey can be asserted as the player meets it, without a DOM.
 */
import type { PromotionPiece, Square } from '../../core/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchState } from '../../match/types.ts';
import type { MatchSession } from '../../session/local.ts';
import type { Outgoing } from '../rights.ts';
import { createSightedModel, type SightedModel, type SightedScreenInput } from './model.ts';
import type { SightedScreenView } from './screenView.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface SightedDriverOptions {
  readonly locale?: Locale;
  /** Whether the screen shows its own refusals (default: yes, as in a local game). */
  readonly showRefusals?: boolean;
  readonly moveHints?: boolean;
}

export class SightedDriver {
  readonly model: SightedModel;
  /** Everything read aloud, in order. */
  readonly spoken: string[] = [];
  /** The squares the board was asked to take the focus on, in order. */
  readonly focused: Square[] = [];
  private readonly disconnect: () => void;

  constructor(
    readonly session: MatchSession,
    options: SightedDriverOptions = {},
  ) {
    this.model = createSightedModel(
      session,
      { speak: (text) => void this.spoken.push(text), focus: (square) => void this.focused.push(square) },
      {
        locale: options.locale ?? 'en',
        showRefusals: options.showRefusals ?? true,
        moveHints: options.moveHints ?? true,
      },
    );
    this.disconnect = this.model.connect();
  }

  /** What the screen renders now. */
  get screen(): SightedScreenView {
    return this.model.getView();
  }

  get state(): MatchState {
    return this.session.getState();
  }

  /** The last refusal shown, in the player's language, or null. */
  get refusal(): string | null {
    return this.screen.refusal?.message ?? null;
  }

  input(input: SightedScreenInput): this {
    this.model.input(input);
    return this;
  }

  /** A click, tap or Enter on each square in turn. */
  click(...squares: Square[]): this {
    for (const square of squares) this.input({ kind: 'choose', square });
    return this;
  }

  /** Arrow keys on the board, from the player's side. */
  arrows(...directions: ('up' | 'down' | 'left' | 'right')[]): this {
    for (const direction of directions) this.input({ kind: 'arrow', direction });
    return this;
  }

  /** Enter (or Space) on the board's cursor. */
  enter(): this {
    return this.input({ kind: 'choose', square: this.screen.board.cursor });
  }

  /** A piece pressed on `from` and carried to `to` (a drag starts only where the board allows it). */
  drag(from: Square, to: Square): this {
    if (!this.model.canDrag(from)) return this;
    return this.input({ kind: 'choose', square: from }).input({ kind: 'drop', from, to });
  }

  promote(piece: PromotionPiece): this {
    return this.input({ kind: 'promote', piece });
  }

  /** A button's intent (the clock press, a draw offer, a claim…). */
  press(intent: Outgoing): this {
    return this.input({ kind: 'send', intent });
  }

  /** Another role acts on the same session (the blind player, an assistant, the arbiter). */
  as(by: Intent['by'], body: DistributiveOmit<Intent, 'by'>): this {
    this.session.dispatch({ ...body, by } as Intent);
    return this;
  }

  dispose(): void {
    this.disconnect();
  }
}
