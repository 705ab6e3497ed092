/**
 * The blind player's screen as a pure controller: `blindStep(view, input, match, prefs)` takes the
 * screen's own state (cursor, dialog, spoken dialogue, last words), one input (a key's action, a voice result, a typed line, the match's
 * events, the screen opening) and the match state, and returns the next screen state, the intents
 * to send (in order, stopping at the first refusal), the utterances and where the focus goes. No
 * React, no DOM, no chess rules: the match reducer decides, this only asks and tells. The React
 * hook (screens/blind/useBlindScreen.ts) binds it; tests drive it headlessly (driver.ts).
 */
import {
  findPieces,
  pieceAt,
  positions,
  scoreOf,
  type GameResult,
  type PromotionPiece,
  type Square,
} from '../../core/index.ts';
import {
  announce,
  type AnnounceEvent,
  type EarconId,
  type Politeness,
  type Utterance,
  type Verbosity,
} from '../../speech/announce.ts';
import {
  describeMove,
  describePiece,
  describePieceType,
  describePieces,
  describePosition,
  describeSquare,
  describeSquareName,
  recognitionGrammar,
  type DescribeOptions,
} from '../../speech/index.ts';
import { VOCABULARIES, type VocabularyId } from '../../speech/vocabularies.ts';
import { translator, type BlindMessageKey, type Translate } from '../../speech/blindMessages.ts';
import type { Locale } from '../../i18n/index.ts';
import type { RecognisedAlternative } from '../../ports/listener.ts';
import { findNextPiece, jumpToFile, jumpToRank, step, type Orientation } from '../../board/navigation.ts';
import type { Action } from '../../input/keymap.ts';
import {
  IDLE,
  act as dialogueAct,
  hear as dialogueHear,
  type DialogueOutput,
  type DialogueState,
  type DialogueStep,
} from '../../input/dialogue.ts';
import { parseCommandLine, parseTypedCommand } from '../../input/commandLine.ts';
import { NUMBER_WORDS, type CommandName } from '../../input/commands.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchEvent } from '../../match/events.ts';
import { aidsAllowed } from '../../match/concerns/participants.ts';
import { colorOf, profileOf } from '../../match/setup.ts';
import { toAnnounceEvents } from '../../match/toAnnounce.ts';
import type { MatchState, RelayHand } from '../../match/types.ts';
import { relayHandOf } from '../../match/index.ts';
import { proceduresFor, type PlayerProcedure } from '../rights.ts';
import { moveInHandOf, ownBoardFen, sideToMove } from './boardView.ts';
import {
  explainClock,
  readLastCapture,
  readLastMove,
  readMoveStatus,
  readMoves,
  readRays,
  readSquare,
  type ReadoutContext,
} from './readouts.ts';
import { executeIntent, relayAwaited, repeatIntent, type RelayAwaited } from './relay.ts';
import { planCommand, planMove, type InputContext } from './spokenInput.ts';

const ROLE = 'blind' as const;

export type DialogKind = 'none' | 'help' | 'settings' | 'resign';

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

/** One step of the blind player's screen. */
/** The position the blind player's spoken words are heard in: his own board as it stands. */
export function blindHearingFen(match: MatchState): string {
  return match.boards[ROLE].aperture.fen;
}

/** What a grammar recogniser may hear now: the blind player's position in his words (issue 11). */
export function blindGrammar(match: MatchState, prefs: BlindPrefs): readonly string[] {
  return recognitionGrammar(blindHearingFen(match), { vocabulary: prefs.vocabulary });
}

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
class Run {
  private view: BlindView;
  private readonly intents: Intent[] = [];
  private readonly utterances: Utterance[] = [];
  private focus: BlindOutput['focus'] = null;
  private toggleTalk = false;
  private readonly tr: Translate;
  private readonly words: DescribeOptions;
  private readonly myColor: 'w' | 'b';
  private readonly orientation: Orientation;

  constructor(
    view: BlindView,
    private readonly match: MatchState,
    private readonly prefs: BlindPrefs,
  ) {
    this.view = view;
    this.tr = translator(prefs.locale);
    this.words = { vocabulary: prefs.vocabulary };
    this.myColor = colorOf(match.setup, ROLE);
    this.orientation = orientationOf(match, prefs);
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

  private set(patch: Partial<BlindView>) {
    this.view = { ...this.view, ...patch };
  }

  /** The position the player feels: his own board, with a piece in hand out of its square. */
  private get fen() {
    return ownBoardFen(this.match, ROLE);
  }

  private get relayHand(): RelayHand | null {
    return relayHandOf(this.match, ROLE);
  }

  private send(intent: Intent) {
    this.intents.push(intent);
  }

  /** Words to say; navigation with a screen reader is left to the focused cell (nothing twice). */
  private deliver(utterances: readonly Utterance[], navigation = false) {
    const spoken = utterances.filter((u) => u.text !== '');
    if (spoken.length > 0 && !navigation) this.set({ lastSaid: spoken });
    const silent = navigation && !this.prefs.selfVoicing;
    this.utterances.push(...(silent ? utterances.map((u) => ({ ...u, text: '' })) : utterances));
  }

  private speak(events: readonly AnnounceEvent[], navigation = false) {
    this.deliver(
      announce(events, {
        vocabulary: this.prefs.vocabulary,
        locale: this.prefs.locale,
        verbosity: this.prefs.verbosity,
        player: this.myColor,
        seat: ROLE,
      }),
      navigation,
    );
  }

  private say(text: string, politeness: Politeness = 'polite', earcon?: EarconId, interrupt = true) {
    this.deliver([{ text, lang: this.prefs.locale, politeness, interrupt, ...(earcon ? { earcon } : {}) }]);
  }

  input(input: BlindInput) {
    switch (input.kind) {
      case 'action':
        return this.perform(input.action);
      case 'heard':
        return this.hear(input.heard, input.checked ?? false, input.recognised);
      case 'typed':
        return this.typeLine(input.text);
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
      case 'promote':
        return this.send({ kind: 'choosePromotion', piece: input.piece, by: ROLE });
      case 'repeatAwaited':
        return this.repeatAwaited();
      case 'executeAwaited':
        return this.executeAwaited();
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
        ? { type: 'gameStarted', color: this.myColor, edition: profileOf(this.match).label }
        : {
            type: 'gameResumed',
            color: this.myColor,
            hand: hand ? { piece: hand.piece.type, square: hand.from } : null,
          },
      // A draw offer still open is news again after a reload.
      ...(opening === 'resumed' && this.match.drawOffer
        ? [{ type: 'drawOffered' as const, color: this.match.drawOffer.by }]
        : []),
    ]);
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

  /** A key refused before the start: how to start the game. */
  private howToStartWords(): string {
    return this.tr('notStartedHowTo', { key: this.clockKey });
  }

  private opponentJoinedWords(): string {
    return this.tr('opponentJoinedStart', { key: this.clockKey });
  }

  private get clockKey(): string {
    return this.prefs.clockKey ?? 'Shift+Enter';
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
      this.speak(
        toAnnounceEvents(
          events.filter((e) => e !== refusal),
          ROLE,
        ),
      );
      this.say(explainClock(this.tr, refusal.refusal.missing ?? []), 'assertive', 'illegal');
    } else
      this.speak(
        toAnnounceEvents(
          events.filter((e) => !isRelayRefusal(e) && !this.isNotStartedRefusal(e)),
          ROLE,
        ),
      );
    // A key refused before the start says how to start, not only that the game has not started.
    if (events.some((e) => this.isNotStartedRefusal(e)))
      this.say(this.howToStartWords(), 'assertive', 'illegal');
    // A paired game: the opponent takes his seat, then starts the game (the local ones start at once).
    if (events.some((e) => e.type === 'joined' && e.role === 'sighted'))
      this.say(after.phase === 'setup' ? this.opponentJoinedWords() : this.tr('opponentJoined'));
    if (events.some((e) => e.type === 'gameStarted')) {
      this.speak([{ type: 'gameStarted', color: this.myColor, edition: profileOf(after).label }]);
      this.focus = 'board';
    }
    this.relayHandNews(events);
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

  /** Why the read-out aids are off: the competition (checklist 84) or the player's own setting. */
  private aidsOffWords(): string {
    return this.tr(aidsAllowed(this.match) ? 'aidsOffSetting' : 'aidsOff');
  }

  private moveCursor(to: Square) {
    this.set({ cursor: to });
    this.speak([{ type: 'navigated', fen: this.fen, square: to }], true);
  }

  private readoutContext(): ReadoutContext {
    return {
      tr: this.tr,
      words: this.words,
      fen: this.fen,
      orientation: this.orientation,
      baseFen: this.match.boards[ROLE].aperture.fen,
    };
  }

  perform(action: Action) {
    const { match, tr, words } = this;
    const cursor = this.view.cursor;
    const fen = this.fen;
    const ctx = this.readoutContext();
    const awaited = relayAwaited(match);
    // Checklist 84: the arbiter's competition mode turns the read-outs off whatever the setting.
    const aids = this.prefs.readoutAids && aidsAllowed(match);
    switch (action.kind) {
      case 'cursorUp':
      case 'cursorDown':
      case 'cursorLeft':
      case 'cursorRight': {
        const dir = (
          { cursorUp: 'up', cursorDown: 'down', cursorLeft: 'left', cursorRight: 'right' } as const
        )[action.kind];
        const next = step(cursor, dir, this.orientation);
        if (next.atEdge) return this.speak([{ type: 'boardEdge' }]);
        return this.moveCursor(next.square);
      }
      case 'rank':
        return this.moveCursor(jumpToRank(cursor, action.rank));
      case 'file':
        return this.moveCursor(jumpToFile(cursor, action.file));
      case 'pieceJump': {
        const color = action.side === 'own' ? this.myColor : this.myColor === 'w' ? 'b' : 'w';
        const jump = findNextPiece(fen, cursor, action.piece, color, this.orientation, action.order);
        if (!jump)
          return this.say(
            tr('noPieceOfType', {
              side: tr(action.side === 'own' ? 'help.own' : 'help.opponent'),
              piece: describePieceType(action.piece, words),
            }),
            'polite',
            'illegal',
          );
        this.set({ cursor: jump.square });
        // The only piece of its kind: say where it is, not that the search went round.
        if (findPieces(fen, { type: action.piece, color }).length === 1)
          return this.say(
            tr('onlyPiece', {
              piece: describePieceType(action.piece, words),
              square: describeSquare(fen, jump.square, words),
            }),
          );
        // With a screen reader the focused cell already says the square: only the wrap is news.
        if (jump.wrapped)
          return this.say(
            this.prefs.selfVoicing
              ? tr('wrapped', { square: describeSquare(fen, jump.square, words) })
              : tr('wrappedShort'),
          );
        return this.speak([{ type: 'navigated', fen, square: jump.square }], true);
      }
      case 'readSquare':
        return this.say(readSquare(ctx, cursor));
      case 'readRank':
        return this.speak([{ type: 'rankRead', fen, rank: cursor[1] as '1' }]);
      case 'readFile':
        return this.speak([{ type: 'fileRead', fen, file: cursor[0] as 'a' }]);
      case 'lastMove':
        return this.say(readLastMove(ctx, match.boards[ROLE].game));
      case 'lastCapture':
        return this.say(readLastCapture(ctx, match.boards[ROLE].game));
      case 'legalMoves':
      case 'legalCaptures':
        return this.say(aids ? readMoves(ctx, cursor, action.kind === 'legalCaptures') : this.aidsOffWords());
      case 'rays':
        return this.say(aids ? readRays(ctx, cursor) : this.aidsOffWords());
      case 'clocks':
        return this.send({ kind: 'query', topic: 'timeUsed', by: ROLE });
      case 'movesMade':
        return this.send({ kind: 'query', topic: 'movesMade', by: ROLE });
      case 'moveStatus': {
        if (match.result) return this.sayResult(match.result);
        if (match.phase === 'setup') return this.say(this.howToStartWords());
        if (awaited) return this.say(this.relayStatus(awaited));
        const hand = moveInHandOf(match, ROLE);
        const myTurn = sideToMove(match, ROLE) === this.myColor && match.phase !== 'over';
        return this.say(readMoveStatus(ctx, hand, myTurn));
      }
      case 'liftOrPlace': {
        if (this.relayBoardKey('liftOrPlace', cursor)) return;
        const hand = match.boards[ROLE].aperture.hand;
        return this.send(
          hand ? { kind: 'place', square: cursor, by: ROLE } : { kind: 'lift', square: cursor, by: ROLE },
        );
      }
      case 'removeCaptured':
        if (this.relayBoardKey('removeCaptured', cursor)) return;
        return this.send({ kind: 'removeCaptured', square: cursor, by: ROLE });
      case 'announce':
        // Saying the opponent's announced move back is its repetition (BL-18).
        if (awaited?.stage === 'repeat') return this.repeatAwaited();
        return this.send({ kind: 'announce', by: ROLE });
      case 'repeatMove':
        return this.repeatAwaited();
      case 'executeMove':
        return this.executeAwaited();
      case 'correctAnnouncement': {
        const move = moveInHandOf(match, ROLE).move;
        return this.send(
          move ? { kind: 'correctAnnouncement', uci: move.uci, by: ROLE } : { kind: 'announce', by: ROLE },
        );
      }
      case 'pressClock':
        // Before the start the clock key starts the game (as pressing a chess clock starts it).
        if (match.phase === 'setup') return this.send({ kind: 'startGame', by: ROLE });
        if (awaited) {
          // The clock key explains what is missing (BL-12): here, the opponent's move on this board.
          const move = describeMove(awaited.fenBefore, awaited.uci, words);
          const task = tr(awaited.stage === 'repeat' ? 'clockTaskRepeat' : 'clockTaskExecute', { move });
          return this.say(tr('clockRelay', { task }), 'assertive', 'illegal');
        }
        return this.send({ kind: 'pressClock', by: ROLE });
      case 'jAdoube':
        return this.send({ kind: 'jAdoube', by: ROLE });
      case 'help':
        return this.set({ dialog: 'help' });
      case 'settings':
        return this.set({ dialog: 'settings' });
      case 'commandLine':
        this.focus = 'commandLine';
        return;
      case 'pushToTalk':
        this.toggleTalk = true;
        return;
    }
  }

  /** After the end, whose move it is or what is in hand is the result. */
  private sayResult(result: GameResult) {
    this.speak([{ type: 'gameEnded', score: scoreOf(result), reason: result.reason }]);
  }

  /** The repeat key or command: the announced move said back (BL-18), or a word of what is awaited. */
  private repeatAwaited(uci?: string) {
    const relay = relayAwaited(this.match);
    if (relay?.stage === 'repeat') return this.send(repeatIntent(uci));
    this.say(this.tr(relay ? 'relayExecute' : 'relayNothing'));
  }

  /** The execute key or command: the announced move carried out on this board in one step (BL-24). */
  private executeAwaited(uci?: string) {
    const relay = relayAwaited(this.match);
    if (!relay) return this.say(this.tr('relayNothing'));
    if (relay.stage === 'repeat')
      return this.say(this.tr(relay.executesHimself ? 'relayRepeatFirst' : 'relayNothing'));
    this.send(executeIntent(uci));
  }

  /** The lift/place/remove keys while this player is to carry out the opponent's move by hand. */
  private relayBoardKey(kind: 'liftOrPlace' | 'removeCaptured', square: Square): boolean {
    const relay = relayAwaited(this.match);
    if (!relay?.executesHimself || this.match.boards[ROLE].aperture.hand) return false;
    if (relay.stage === 'repeat') {
      this.say(this.tr('relayRepeatFirst'), 'assertive', 'illegal');
      return true;
    }
    // The match decides what may be lifted, removed and placed (src/match/concerns/relayHand.ts).
    if (kind === 'removeCaptured') this.send({ kind: 'relayRemove', square, by: ROLE });
    else if (this.relayHand) this.send({ kind: 'relayPlace', square, by: ROLE });
    else this.send({ kind: 'relayLift', square, by: ROLE });
    return true;
  }

  /** The piece in hand during manual relay, as the match tells it (the placement is `executed`). */
  private relayHandNews(events: readonly MatchEvent[]) {
    const { tr, words } = this;
    for (const e of events) {
      if (e.type === 'relayLifted')
        this.say(
          tr('relayLifted', {
            piece: describePieceType(e.piece.type, words),
            square: describeSquareName(e.square, words),
          }),
        );
      else if (e.type === 'relayPutBack')
        this.say(
          tr('relayPutBack', {
            piece: describePiece(e.piece, words),
            square: describeSquareName(e.square, words),
          }),
        );
      else if (e.type === 'relayRemoved')
        this.say(
          tr('relayRemoved', {
            piece: describePieceType(e.piece.type, words),
            square: describeSquareName(e.square, words),
          }),
        );
      else if (isRelayRefusal(e)) this.say(tr(`relay.${e.refusal.code}`), 'assertive', 'illegal');
    }
  }

  /** The move-status read-out while the opponent's move waits for this player. */
  private relayStatus(relay: RelayAwaited): string {
    const { tr, words } = this;
    const hand = this.relayHand;
    const move = describeMove(relay.fenBefore, relay.uci, words);
    const parts = [tr(relay.stage === 'repeat' ? 'statusAwaitRepeat' : 'statusAwaitExecute', { move })];
    if (hand) {
      parts.push(
        tr('statusRelayHolding', {
          piece: describePieceType(hand.piece.type, words),
          square: describeSquareName(hand.from, words),
        }),
      );
      if (hand.removed)
        parts.push(
          tr('statusRelayRemoved', {
            piece: describePieceType(hand.removed.piece.type, words),
            square: describeSquareName(hand.removed.square, words),
          }),
        );
    }
    return parts.join('; ');
  }

  private inputContext(): InputContext {
    return { aperture: this.match.boards[ROLE].aperture, profile: profileOf(this.match) };
  }

  /** Carries out one command the dialogue or the command line settled on. */
  private runCommand(command: CommandName, args: Readonly<Record<string, string>> | undefined) {
    const { match: s, tr, words } = this;
    const plan = planCommand(this.inputContext(), command, args);
    const boardFen = ownBoardFen(s, ROLE);
    const pieceName = (p: string, c?: 'w' | 'b') =>
      c ? describePiece({ type: p as 'k', color: c }, words) : describePieceType(p as 'k', words);
    switch (plan.kind) {
      case 'intents': {
        // "lift g8", "place f6", "remove f6" carry out the opponent's move while it waits (BL-24).
        const only = plan.intents.length === 1 ? plan.intents[0] : undefined;
        if (only && (only.kind === 'lift' || only.kind === 'place' || only.kind === 'removeCaptured')) {
          this.set({ cursor: only.square });
          if (
            this.relayBoardKey(only.kind === 'removeCaptured' ? 'removeCaptured' : 'liftOrPlace', only.square)
          )
            return;
        }
        // "Press the clock" before the start starts the game, as the clock key does.
        for (const intent of plan.intents)
          this.send(
            intent.kind === 'pressClock' && s.phase === 'setup' ? { kind: 'startGame', by: ROLE } : intent,
          );
        return;
      }
      case 'action':
        if (plan.action.kind === 'rays' && plan.square) {
          this.set({ cursor: plan.square });
          return this.say(
            this.prefs.readoutAids && aidsAllowed(this.match)
              ? readRays(this.readoutContext(), plan.square)
              : this.aidsOffWords(),
          );
        }
        return this.perform(plan.action);
      case 'readSquare':
        return this.say(describeSquare(boardFen, plan.square, words));
      case 'readLine':
        return this.speak([
          plan.line === 'rank'
            ? { type: 'rankRead', fen: boardFen, rank: plan.square[1] as '1' }
            : { type: 'fileRead', fen: boardFen, file: plan.square[0] as 'a' },
        ]);
      case 'whereIs': {
        const colors = plan.color ? [plan.color] : (['w', 'b'] as const);
        const parts = colors.flatMap((c) => {
          const squares = findPieces(boardFen, { type: plan.piece as 'k', color: c });
          return squares.length > 0
            ? [
                tr('whereIs', {
                  piece: pieceName(plan.piece, c),
                  squares: squares.map((q) => describeSquareName(q, words)).join(', '),
                }),
              ]
            : [];
        });
        return this.say(
          parts.length > 0
            ? parts.join('; ')
            : tr('noneOnBoard', { piece: pieceName(plan.piece, plan.color) }),
        );
      }
      case 'listPieces':
        return this.say(
          plan.color
            ? describePieces(boardFen, plan.color, words)
            : describePosition(boardFen, 'pieces', words),
        );
      case 'whoseMove': {
        if (s.result) return this.sayResult(s.result);
        const word = VOCABULARIES[this.prefs.vocabulary].colors[sideToMove(s, ROLE)];
        return this.say(tr('whoseMove', { color: word.charAt(0).toUpperCase() + word.slice(1) }));
      }
      case 'repeat':
        // "Repeat" repeats the opponent's move while it waits (BL-18), else the last words.
        if (relayAwaited(s)?.stage === 'repeat') return this.repeatAwaited();
        return this.deliver(this.view.lastSaid);
      case 'execute':
        return this.executeAwaited();
      case 'help':
        return this.set({ dialog: 'help' });
      case 'procedure':
        return this.startProcedure(plan.procedure, plan.square, plan.capturingFrom);
      case 'nothingPending':
        return this.say(tr('nothingToConfirm'));
      case 'notUnderstood':
        return this.say(tr('notUnderstood'), 'assertive', 'illegal');
    }
  }

  /** A claim or answer of issue 12: sent when `procedures` offers it, else refused with the reason. */
  private startProcedure(procedure: PlayerProcedure, square: Square | undefined, capturingFrom?: Square) {
    const s = this.match;
    if (!proceduresFor(s, ROLE).includes(procedure)) {
      const reason: BlindMessageKey =
        s.phase !== 'playing'
          ? 'procedureNotPlaying'
          : procedure === 'forfeitLateArrival'
            ? 'procedureArbiterDecidesLate'
            : procedure === 'nameTouchedPiece' || procedure === 'nameTouchedCapture'
              ? 'procedureNothingToName'
              : s.touchNaming?.namer === this.myColor
                ? 'procedureNameFirst'
                : s.claim || s.touchNaming
                  ? 'procedureClaimOpen'
                  : 'procedureTouchedYourself';
      return this.say(this.tr(reason), 'assertive', 'illegal');
    }
    if (procedure === 'forfeitLateArrival')
      return this.send({ kind: 'forfeitLateArrival', color: this.myColor === 'w' ? 'b' : 'w', by: ROLE });
    if (procedure === 'nameTouchedPiece' && square)
      return this.send({ kind: 'nameTouchedPiece', square, by: ROLE });
    if (procedure === 'nameTouchedCapture' && square && capturingFrom)
      return this.send({ kind: 'nameTouchedPiece', square, capturingFrom, by: ROLE });
    if (procedure === 'claimTouch')
      return this.send(square ? { kind: 'claimTouch', square, by: ROLE } : { kind: 'claimTouch', by: ROLE });
  }

  /** What the dialogue decided: words to say, a move to make, a command to carry out. */
  private runOutputs(outputs: readonly DialogueOutput[]) {
    for (const o of outputs) {
      if (o.kind === 'say') this.say(o.text);
      else if (o.kind === 'move') {
        // The opponent's move said back is its repetition, or, once repeated, its execution (BL-18, BL-24).
        const relay = relayAwaited(this.match);
        if (relay?.stage === 'repeat') this.repeatAwaited(o.uci);
        else if (relay) this.executeAwaited(o.uci);
        else for (const intent of planMove(this.inputContext(), o.uci)) this.send(intent);
      } else this.runCommand(o.command, o.args);
    }
  }

  private get dialogueOptions() {
    return {
      vocabulary: this.prefs.vocabulary,
      locale: this.prefs.locale,
      confirmSpokenMoves: this.prefs.confirmSpokenMoves ?? false,
    };
  }

  /** A transcript (or its alternatives) from the recogniser: one turn of the dialogue. */
  private hear(
    heard: string | readonly string[],
    checked: boolean,
    recognised?: readonly RecognisedAlternative[],
  ) {
    const fen = blindHearingFen(this.match);
    const next = dialogueHear(this.view.dialogue, fen, heard, {
      ...this.dialogueOptions,
      agreement: checked,
      ...(recognised ? { recognised } : {}),
    });
    this.set({ dialogue: next.state });
    this.runOutputs(next.outputs);
  }

  /** "Ng5" onto a square the player's own piece holds: that is the reason, in his words (issue 10). */
  private ownPieceThere(fen: string, text: string): string | null {
    const target = /([a-h][1-8])\W*$/.exec(text.trim())?.[1] as Square | undefined;
    const piece = target ? pieceAt(fen, target) : null;
    if (!target || !piece || piece.color !== this.myColor) return null;
    return this.tr('typedOntoOwnPiece', {
      text: text.trim(),
      piece: describePieceType(piece.type, this.words),
      square: describeSquareName(target, this.words),
    });
  }

  /** A typed line: any notation or command, then the same dialogue. */
  private typeLine(text: string) {
    const fen = this.match.boards[ROLE].aperture.fen;
    if (this.view.dialogue.kind !== 'idle') {
      // Answers to a pending question ("y", "n", "2") are typed short forms of the spoken words.
      const short = parseTypedCommand(text);
      if (
        short?.kind === 'command' &&
        (short.command === 'yes' || short.command === 'no' || short.command === 'number')
      )
        return this.hear(
          short.command === 'number' ? (NUMBER_WORDS.en[Number(short.args?.value) - 1] ?? '') : short.command,
          false,
        );
      // Anything else typed while a question is open is an answer in words ("yes", "two", a move).
      return this.hear(text, false);
    }
    const line = parseCommandLine(fen, text, { locale: this.prefs.locale });
    let next: DialogueStep;
    if (line.ok) {
      const a = line.value;
      next = dialogueAct(
        fen,
        a.kind === 'move'
          ? { kind: 'move', uci: a.uci, san: a.san }
          : a.args
            ? { kind: 'command', command: a.command, args: { ...a.args } }
            : { kind: 'command', command: a.command },
        this.dialogueOptions,
      );
    } else if (line.error.code === 'ambiguous' && line.error.candidates) {
      next = dialogueAct(
        fen,
        { kind: 'ambiguous', candidates: [...line.error.candidates] },
        this.dialogueOptions,
      );
    } else {
      this.set({ dialogue: IDLE });
      return this.say(this.ownPieceThere(fen, text) ?? line.error.message, 'assertive', 'illegal');
    }
    this.set({ dialogue: next.state });
    this.runOutputs(next.outputs);
  }
}

const RELAY_REFUSALS = ['notOpponentPiece', 'nothingInHand', 'notOwnPiece', 'captureNotRemoved'] as const;

/** A refusal of the hand's steps that has words of its own (the `relay.*` messages). */
function isRelayRefusal(e: MatchEvent): e is Extract<MatchEvent, { type: 'refused' }> & {
  refusal: { code: (typeof RELAY_REFUSALS)[number] };
} {
  return (
    e.type === 'refused' &&
    e.by === ROLE &&
    (e.intent === 'relayLift' || e.intent === 'relayRemove' || e.intent === 'relayPlace') &&
    (RELAY_REFUSALS as readonly string[]).includes(e.refusal.code)
  );
}

/**
 * What the opponent's move asks of the blind player after these events (BL-18, BL-24), or the move
 * his own execution put on his board; null when there is nothing to add.
 */
function relayWords(
  events: readonly MatchEvent[],
  after: MatchState,
  tr: Translate,
  words: DescribeOptions,
): string | null {
  const mine = colorOf(after.setup, ROLE);
  const executed = events.find((e) => e.type === 'executed' && e.board === ROLE);
  if (executed && executed.type === 'executed') {
    const game = after.boards[ROLE].game;
    const before = positions(game).at(-2);
    const move = before ? describeMove(before, executed.uci, words) : executed.san;
    // A wrong execution is a discrepancy (BL-25): its own announcement says what happens next.
    if (events.some((e) => e.type === 'discrepancy')) return null;
    return tr(after.phase === 'playing' ? 'relayExecuted' : 'relayExecutedOther', { move });
  }
  const relay = relayAwaited(after);
  if (!relay) return null;
  const announced = events.some((e) => e.type === 'announced' && e.color !== mine);
  const repeated = events.some((e) => e.type === 'repeated' && e.by === ROLE);
  if (announced && relay.stage === 'repeat')
    return tr(relay.executesHimself ? 'relayRepeatAndExecute' : 'relayRepeat');
  if ((announced || repeated) && relay.stage === 'execute') return tr('relayExecute');
  return null;
}
