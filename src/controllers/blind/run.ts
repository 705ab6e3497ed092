/**
 * The working state of one step of the blind player's screen (controller.ts): the screen state as
 * it changes, the intents and utterances gathered in order, and the few ways of saying things that
 * every part of the step shares. The key handling (keys.ts), the spoken and typed words
 * (commands.ts) and the relay's words (relayTalk.ts) act on it; nothing outlives the step. Pure.
 */
import { scoreOf, type GameResult } from '../../core/index.ts';
import {
  announce,
  type Announceable,
  type EarconId,
  type Politeness,
  type Utterance,
} from '../../speech/announce.ts';
import type { DescribeOptions } from '../../speech/index.ts';
import { translator, type Translate } from '../../speech/blindMessages.ts';
import type { Orientation } from '../../core/navigation.ts';
import type { Intent } from '../../match/intents.ts';
import { aidsAllowed } from '../../match/concerns/participants.ts';
import { colorOf } from '../../match/setup.ts';
import type { MatchState, RelayHand } from '../../match/types.ts';
import { relayHandOf } from '../../match/index.ts';
import { ownBoardFen } from './boardView.ts';
import type { ReadoutContext } from './readouts.ts';
import type { BlindOutput, BlindPrefs, BlindView } from './types.ts';

const ROLE = 'blind' as const;

/** The working state of one step (local to `blindStep`; nothing outlives it). */
export class BlindRun {
  view: BlindView;
  readonly intents: Intent[] = [];
  readonly utterances: Utterance[] = [];
  focus: BlindOutput['focus'] = null;
  toggleTalk = false;
  readonly tr: Translate;
  readonly words: DescribeOptions;
  readonly myColor: 'w' | 'b';

  constructor(
    view: BlindView,
    readonly match: MatchState,
    readonly prefs: BlindPrefs,
    readonly orientation: Orientation,
  ) {
    this.view = view;
    this.tr = translator(prefs.locale);
    this.words = { vocabulary: prefs.vocabulary };
    this.myColor = colorOf(match.setup, ROLE);
  }

  output(): BlindOutput {
    return {
      view: this.view,
      intents: this.intents,
      utterances: this.utterances,
      focus: this.focus,
      toggleTalk: this.toggleTalk,
    };
  }

  set(patch: Partial<BlindView>) {
    this.view = { ...this.view, ...patch };
  }

  /** The position the player feels: his own board, with a piece in hand out of its square. */
  get fen() {
    return ownBoardFen(this.match, ROLE);
  }

  get relayHand(): RelayHand | null {
    return relayHandOf(this.match, ROLE);
  }

  send(intent: Intent) {
    this.intents.push(intent);
  }

  /** Words to say; navigation with a screen reader is left to the focused cell (nothing twice). */
  deliver(utterances: readonly Utterance[], navigation = false) {
    const spoken = utterances.filter((u) => u.text !== '');
    if (spoken.length > 0 && !navigation) this.set({ lastSaid: spoken });
    const silent = navigation && !this.prefs.selfVoicing;
    this.utterances.push(...(silent ? utterances.map((u) => ({ ...u, text: '' })) : utterances));
  }

  speak(events: readonly Announceable[], navigation = false) {
    this.deliver(
      announce(events, ROLE, {
        vocabulary: this.prefs.vocabulary,
        locale: this.prefs.locale,
        verbosity: this.prefs.verbosity,
        player: this.myColor,
      }),
      navigation,
    );
  }

  say(text: string, politeness: Politeness = 'polite', earcon?: EarconId, interrupt = true) {
    this.deliver([{ text, lang: this.prefs.locale, politeness, interrupt, ...(earcon ? { earcon } : {}) }]);
  }

  /** A key refused before the start: how to start the game. */
  howToStartWords(): string {
    return this.tr('notStartedHowTo', { key: this.clockKey });
  }

  get clockKey(): string {
    return this.prefs.clockKey ?? 'Shift+Enter';
  }

  /** Why the read-out aids are off: the competition (checklist 84) or the player's own setting. */
  aidsOffWords(): string {
    return this.tr(aidsAllowed(this.match) ? 'aidsOffSetting' : 'aidsOff');
  }

  readoutContext(): ReadoutContext {
    return {
      tr: this.tr,
      words: this.words,
      fen: this.fen,
      orientation: this.orientation,
      baseFen: this.match.boards[ROLE].aperture.fen,
      drawOffer: this.match.drawOffer
        ? this.match.drawOffer.by === this.myColor
          ? 'own'
          : 'opponent'
        : null,
    };
  }

  /** After the end, whose move it is or what is in hand is the result. */
  sayResult(result: GameResult) {
    this.speak([{ type: 'gameEnded', result, score: scoreOf(result), audience: 'everyone' }]);
  }
}
