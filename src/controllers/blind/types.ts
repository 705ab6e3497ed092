/**
 * The blind player's screen model's types: his preferences, the screen's own state, one input and
 * what a step puts out. Apart from controller.ts so that the step's working state (run.ts) and the
 * modules it composes take them without importing the controller that imports them.
 */
import type { PromotionPiece, Square } from '../../core/index.ts';
import type { Utterance, Verbosity } from '../../speech/announce.ts';
import type { VocabularyId } from '../../speech/vocabularies.ts';
import type { Locale } from '../../i18n/index.ts';
import type { RecognisedAlternative } from '../../ports/listener.ts';
import type { Action, ConfirmedAction } from '../../input/keymap.ts';
import type { DialogueState } from '../dialogue.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchEvent } from '../../match/events.ts';

/** The dialog open: the help, the settings, or the question a key asks first (resign included). */
export type DialogKind = 'none' | 'help' | 'settings' | ConfirmedAction;

/** What the player chose that changes what the screen says (a slice of the app's settings). */
export interface BlindPrefs {
  readonly vocabulary: VocabularyId;
  readonly locale: Locale;
  readonly verbosity: Verbosity;
  readonly readoutAids: boolean;
  /** Self-voicing speaks navigation; with a screen reader the focused cell's name says it. */
  readonly selfVoicing: boolean;
  readonly orientation: 'auto' | 'w' | 'b';
  /** Every spoken move waits for a "yes" (the "always confirm spoken moves" setting). */
  readonly confirmSpokenMoves?: boolean;
  /** The clock key's chords as the player bound them ("Shift+Enter"): it also starts the game. */
  readonly clockKey?: string;
}

/** The screen's own state (everything else is the match's). */
export interface BlindView {
  readonly cursor: Square;
  readonly dialog: DialogKind;
  readonly dialogue: DialogueState;
  /** The last words said (not navigation), for the repeat command. */
  readonly lastSaid: readonly Utterance[];
}

/** One thing that happened to the screen. */
export type BlindInput =
  | { readonly kind: 'action'; readonly action: Action }
  /**
   * `checked`: the second alternative is an independent recognition that must agree (vosk);
   * `recognised`: Twinboard's server recogniser's transcripts with their evidence, decided on as
   * the server did (interpretHeard, speech/interpretRecognised.ts).
   */
  | {
      readonly kind: 'heard';
      readonly heard: string | readonly string[];
      readonly checked?: boolean | undefined;
      readonly recognised?: readonly RecognisedAlternative[] | undefined;
    }
  | { readonly kind: 'typed'; readonly text: string }
  /** The match's events for everyone, arrived after an intent (this player's or another's). */
  | { readonly kind: 'events'; readonly events: readonly MatchEvent[] }
  /** The screen opening; a paired room says whether the opponent's screen is in the room. */
  | { readonly kind: 'opened'; readonly opening: 'new' | 'resumed'; readonly opponentPresent?: boolean }
  /**
   * Who is in the paired room, once known after the opening (`arrived`: the opponent's screen came
   * in; else the first news of it).
   */
  | { readonly kind: 'opponentPresence'; readonly present: boolean; readonly arrived: boolean }
  | { readonly kind: 'cursor'; readonly square: Square }
  | { readonly kind: 'dialog'; readonly dialog: DialogKind }
  | { readonly kind: 'resign'; readonly confirmed: boolean }
  /** The answer to the question open (a draw, a claim, the resignation). */
  | { readonly kind: 'confirm'; readonly confirmed: boolean }
  | { readonly kind: 'promote'; readonly piece: PromotionPiece }
  | { readonly kind: 'repeatAwaited' }
  | { readonly kind: 'executeAwaited' };

/** What the screen does next. */
export interface BlindOutput {
  readonly view: BlindView;
  /** Sent in order; the binding stops at the first refused one (its refusal has been said). */
  readonly intents: readonly Intent[];
  readonly utterances: readonly Utterance[];
  readonly focus: 'board' | 'commandLine' | null;
  /** The talk key in toggle mode was pressed. */
  readonly toggleTalk: boolean;
}
