/**
 * The blind player's screen as a pure controller: `blindStep(view, input, match, prefs)` takes the
 * screen's own state (cursor, dialog, spoken dialogue, last words), one input (a key's action, a voice result, a typed line, the match's
 * events, the screen opening) and the match state, and returns the next screen state, the intents
 * to send (in order, stopping at the first refusal), the utterances and where the focus goes. No
 * React, no DOM, no chess rules: the match reducer decides, this only asks and tells. The React
 * hook (screens/blind/useBlindScreen.ts) binds it; tests drive it headlessly (driver.ts). This
 * module composes the step: the keys are keys.ts's, the spoken and typed words commands.ts's, the
 * relay's keys and words relayTalk.ts's, all acting on the step's working state (run.ts).
 */
import type { Square } from '../../core/index.ts';
import { recognitionGrammar } from '../../speech/index.ts';
import { VOCABULARIES } from '../../speech/vocabularies.ts';
import { lastMoveOf, type Orientation } from '../../core/navigation.ts';
import { IDLE } from '../dialogue.ts';
import type { MatchEvent } from '../../match/events.ts';
import { colorOf, profileOf } from '../../match/setup.ts';
import type { MatchState } from '../../match/types.ts';
import { blindHearingFen, sideToMove } from './boardView.ts';
import { hear, typeLine } from './commands.ts';
import { answerQuestion, perform } from './keys.ts';
import { explainClock } from './readouts.ts';
import { executeAwaited, isRelayRefusal, relayHandNews, relayWords, repeatAwaited } from './relayTalk.ts';
import { BlindRun } from './run.ts';

export { blindHearingFen } from './boardView.ts';

const ROLE = 'blind' as const;

export type { BlindInput, BlindOutput, BlindPrefs, BlindView, DialogKind } from './types.ts';
import type { BlindInput, BlindOutput, BlindPrefs, BlindView } from './types.ts';

/** The screen when it opens: the cursor in the player's near corner. */
export function initialView(match: MatchState, prefs: BlindPrefs): BlindView {
  const orientation = orientationOf(match, prefs);
  return {
    cursor: orientation === 'w' ? 'a1' : 'h8',
    dialog: 'none',
    dialogue: IDLE,
    lastSaid: [],
  };
}

export function orientationOf(match: MatchState, prefs: BlindPrefs): Orientation {
  return prefs.orientation === 'auto' ? colorOf(match.setup, ROLE) : prefs.orientation;
}

/** What a grammar recogniser may hear now: the blind player's position in his words (issue 11). */
export function blindGrammar(match: MatchState, prefs: BlindPrefs): readonly string[] {
  return recognitionGrammar(blindHearingFen(match), { vocabulary: prefs.vocabulary });
}

/** One step of the blind player's screen. */
export function blindStep(
  view: BlindView,
  input: BlindInput,
  match: MatchState,
  prefs: BlindPrefs,
): BlindOutput {
  const run = new Run(view, match, prefs);
  run.input(input);
  return run.output();
}

/** The working state of one step (local to `blindStep`; nothing outlives it). */
class Run extends BlindRun {
  constructor(view: BlindView, match: MatchState, prefs: BlindPrefs) {
    super(view, match, prefs, orientationOf(match, prefs));
  }

  input(input: BlindInput) {
    switch (input.kind) {
      case 'action':
        return perform(this, input.action);
      case 'heard':
        return hear(this, input.heard, input.checked ?? false, input.recognised);
      case 'typed':
        return typeLine(this, input.text);
      case 'events':
        return this.events(input.events);
      case 'opened':
        return this.opened(input.opening, input.opponentPresent);
      case 'opponentPresence':
        // Before the start his arrival is what the player waits for; during the game it is no news.
        if (this.match.phase !== 'setup') return;
        return this.say(
          input.arrived
            ? this.opponentJoinedWords()
            : this.tr(input.present ? 'opponentAtTable' : 'opponentNotJoined'),
          'polite',
          undefined,
          false,
        );
      case 'cursor':
        return this.set({ cursor: input.square });
      case 'dialog':
        return this.set({ dialog: input.dialog });
      case 'resign':
        this.set({ dialog: 'none' });
        this.focus = 'board';
        if (input.confirmed) return this.send({ kind: 'resign', by: ROLE });
        return this.say(this.tr('resignCancelled'));
      case 'confirm':
        return answerQuestion(this, input.confirmed);
      case 'promote':
        return this.send({ kind: 'choosePromotion', piece: input.piece, by: ROLE });
      case 'repeatAwaited':
        return repeatAwaited(this);
      case 'executeAwaited':
        return executeAwaited(this);
    }
  }

  /**
   * A new or resumed game: the focus on the board, and where the player stands. A resumed game puts
   * the cursor where the player was busy: the square of the piece in hand, else his last move's.
   */
  private opened(opening: 'new' | 'resumed', opponentPresent?: boolean) {
    this.focus = 'board';
    const hand = this.match.boards[ROLE].aperture.hand;
    if (opening === 'resumed') {
      const lastOwn = this.match.plies.findLast((p) => p.color === this.myColor);
      const busy = this.relayHand?.from ?? hand?.from ?? (lastOwn?.uci.slice(2, 4) as Square | undefined);
      if (busy) this.set({ cursor: busy });
    }
    // A paired room before the start: how things stand and how to start it.
    if (this.match.phase === 'setup') return this.say(this.notStartedWords(opponentPresent));
    this.speak([
      opening === 'new'
        ? { type: 'gameOpened', color: this.myColor, edition: profileOf(this.match).label }
        : {
            type: 'gameResumed',
            color: this.myColor,
            hand: hand ? { piece: hand.piece.type, square: hand.from } : null,
            toMove: sideToMove(this.match, ROLE),
            lastMove: this.lastMoveOnBoard(),
          },
      // A draw offer still open is news again after a reload.
      ...(opening === 'resumed' && this.match.drawOffer
        ? [{ type: 'drawOffered' as const, color: this.match.drawOffer.by, regular: true, audience: [ROLE] }]
        : []),
    ]);
  }

  /** The last move on the player's own board and the position before it, or null before the first. */
  private lastMoveOnBoard(): { readonly fen: string; readonly uci: string } | null {
    const game = this.match.boards[ROLE].game;
    const last = lastMoveOf(game.startFen, game.moves);
    return last ? { fen: last.fenBefore, uci: last.uci } : null;
  }

  /** Before the start: that the game has not started, who is here (when known) and how to start it. */
  private notStartedWords(opponentPresent?: boolean): string {
    const word = VOCABULARIES[this.prefs.vocabulary].colors[this.myColor];
    const table =
      opponentPresent === undefined ? '' : this.tr(opponentPresent ? 'opponentAtTable' : 'opponentNotJoined');
    return this.tr('notStartedOpening', {
      color: word.charAt(0).toUpperCase() + word.slice(1),
      table: table === '' ? '' : `${table} `,
      key: this.clockKey,
    });
  }

  private opponentJoinedWords(): string {
    return this.tr('opponentJoinedStart', { key: this.clockKey });
  }

  /** The match's events for this player, whoever caused them, then what they ask of him. */
  private events(events: readonly MatchEvent[]) {
    const after = this.match;
    const refusal = events.find(
      (e) =>
        e.type === 'refused' &&
        e.by === ROLE &&
        e.intent === 'pressClock' &&
        (e.refusal.missing?.length ?? 0) > 0,
    );
    if (refusal?.type === 'refused') {
      // The clock key explains everything that is missing, not just the first refusal (BL-12).
      this.speak(events.filter((e) => e !== refusal));
      this.say(explainClock(this.tr, refusal.refusal.missing ?? []), 'assertive', 'illegal');
    } else this.speak(events.filter((e) => !isRelayRefusal(e) && !this.isNotStartedRefusal(e)));
    // A key refused before the start says how to start, not only that the game has not started.
    if (events.some((e) => this.isNotStartedRefusal(e)))
      this.say(this.howToStartWords(), 'assertive', 'illegal');
    // A paired game: the opponent takes his seat, then starts the game (the local ones start at once).
    if (events.some((e) => e.type === 'joined' && e.role === 'sighted'))
      this.say(after.phase === 'setup' ? this.opponentJoinedWords() : this.tr('opponentJoined'));
    if (events.some((e) => e.type === 'gameStarted')) {
      this.speak([{ type: 'gameOpened', color: this.myColor, edition: profileOf(after).label }]);
      this.focus = 'board';
    }
    relayHandNews(this, events);
    const relay = relayWords(events, after, this.tr, this.words);
    if (relay) this.say(relay, 'polite', undefined, false);
    // After the opponent's move the board has the focus, ready for the next key (issue 10).
    const theirs = (ply: number) => after.plies[ply - 1]?.color !== this.myColor;
    if (events.some((e) => e.type === 'clockPressed' && theirs(e.ply))) this.focus = 'board';
    if (events.some((e) => e.type === 'gameEnded')) this.focus = 'board';
    // So after what the opponent does from his panel that asks an answer or lets play go on: a
    // draw offered or declined, a claim and its decision (in a local game his clicks took the focus).
    const opponents = (e: MatchEvent) =>
      ((e.type === 'drawOffered' || e.type === 'claimed') && e.color !== this.myColor) ||
      (e.type === 'drawDeclined' && e.color !== this.myColor && !e.implicit) ||
      e.type === 'claimDecided';
    if (events.some(opponents)) this.focus = 'board';
  }

  private isNotStartedRefusal(e: MatchEvent): boolean {
    return (
      e.type === 'refused' && e.by === ROLE && e.refusal.code === 'notStarted' && this.match.phase === 'setup'
    );
  }
}
