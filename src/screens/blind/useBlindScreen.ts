/**
 * The blind player's screen behaviour (state → behaviour → render): the board cursor, the key map
 * dispatch, read-outs, intents to the match session, the match's events turned into speech for
 * this player, the clock cues, and the delivery of every utterance to the Speaker (self-voicing)
 * or to the live region only (screen reader), never both. No chess rules here: the match reducer
 * decides, this hook only asks and tells.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useLayoutEffect,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { findPieces, positions, remaining, type PromotionPiece, type Square } from '../../core/index.ts';
import { announce, type AnnounceEvent, type EarconId, type Utterance } from '../../speech/announce.ts';
import {
  describePiece,
  describePieces,
  describePieceType,
  describePosition,
  describeSquare,
  describeSquareName,
  describeMove,
  type DescribeOptions,
} from '../../speech/index.ts';
import { VOCABULARIES } from '../../speech/vocabularies.ts';
import { findNextPiece, jumpToFile, jumpToRank, step, type Orientation } from '../../board/navigation.ts';
import { actionFor, decodeAction, releasesAction, type Action } from '../../input/keymap.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchEvent } from '../../match/events.ts';
import type { MatchState } from '../../match/types.ts';
import type { Settings } from '../../app/settings.ts';
import type { TalkControls } from '../../app/voice.ts';
import type { MatchSession } from '../../session/local.ts';
import { moveInHandOf, ownBoardFen, sideToMove } from './boardView.ts';
import { colorOf } from '../../match/setup.ts';
import { toAnnounceEvents } from '../../match/toAnnounce.ts';
import { translator, type Translate } from './messages.ts';
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
import { planCommand, planMove } from './spokenInput.ts';
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
import { onHeard } from './heard.ts';
import {
  executeIntent,
  relayAwaited,
  relayBoardFen,
  relayLiftOrPlace,
  relayRemove,
  repeatIntent,
  type RelayAwaited,
  type RelayHand,
  type RelayStep,
} from './relay.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';

/** Key-to-utterance timings in ms (keydown timeStamp to delivery), collected by bench/ui.ts. */
export interface ScreenMetrics {
  readonly keyToUtterance: number[];
}

declare global {
  interface Window {
    __twinboardMetrics?: ScreenMetrics;
  }
}

export type DialogKind = 'none' | 'help' | 'settings' | 'resign';

export interface BlindScreenOptions {
  readonly session: MatchSession;
  readonly settings: Settings;
  /** Speech out (src/speech/speaker/outputRouter.ts): the Speaker or the live region, never both. */
  readonly output: OutputRouter;
  /** Time for the clock cues (the session's clock). */
  readonly now?: () => number;
  /** Focus the typed command line (the `i` key). */
  readonly focusCommandLine?: () => void;
  /** Start push-to-talk (the `v` key). */
  readonly pushToTalk?: () => void;
  /**
   * The microphone by the talk key: held while speaking, or toggled, as `settings.talkMode` says
   * (issue 4). Without it the talk key toggles through `pushToTalk`.
   */
  readonly talk?: TalkControls;
}

const ROLE = 'blind' as const;

/** Everything the blind player's screen renders and calls. */
export function useBlindScreen({
  session,
  settings,
  output,
  now,
  focusCommandLine,
  pushToTalk,
  talk,
}: BlindScreenOptions) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const tr: Translate = useMemo(() => translator(settings.locale), [settings.locale]);
  const words: DescribeOptions = useMemo(() => ({ vocabulary: settings.vocabulary }), [settings.vocabulary]);
  const myColor = colorOf(state.setup, ROLE);
  const orientation: Orientation = settings.orientation === 'auto' ? myColor : settings.orientation;
  // The opponent's move to repeat and carry out on this board (manual relay, BL-18, BL-24), and the
  // opponent's piece lifted to carry it out: kept for the ply it was lifted for only.
  const awaited = relayAwaited(state);
  const [relayHeld, setRelayHeld] = useState<{ readonly ply: number; readonly hand: RelayHand } | null>(null);
  const relayHand = awaited?.stage === 'execute' && relayHeld?.ply === awaited.ply ? relayHeld.hand : null;
  const fen = relayHand ? relayBoardFen(state, relayHand) : ownBoardFen(state, ROLE);
  const [cursor, setCursor] = useState<Square>(orientation === 'w' ? 'a1' : 'h8');
  const [dialog, setDialog] = useState<DialogKind>('none');
  const settingsRef = useRef(settings);
  useLayoutEffect(() => {
    settingsRef.current = settings;
    output.setMode(settings.selfVoicing ? 'selfVoicing' : 'screenReader');
  }, [settings, output]);

  const lastSaid = useRef<readonly Utterance[]>([]);
  const talkHeld = useRef(false);
  // The key-up of a held talk key is lost when the window loses focus: release then, and on leaving.
  useEffect(() => {
    const release = () => {
      if (!talkHeld.current) return;
      talkHeld.current = false;
      talk?.release();
    };
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('blur', release);
      release();
    };
  }, [talk]);
  const dialogue = useRef<DialogueState>(IDLE);

  /**
   * Delivers utterances through the output router. With a screen reader, navigation is not put in
   * the live region: the reader already says the focused cell's name, so nothing is heard twice
   * (the edge earcon still plays).
   */
  const deliver = useCallback(
    (utterances: readonly Utterance[], keyTime?: number, navigation = false) => {
      const screenReader = !settingsRef.current.selfVoicing;
      const spoken = utterances.filter((u) => u.text !== '');
      if (spoken.length > 0 && !navigation) lastSaid.current = spoken;
      output.deliver(navigation && screenReader ? utterances.map((u) => ({ ...u, text: '' })) : utterances);
      if (keyTime !== undefined && utterances.some((u) => u.text !== '') && !(navigation && screenReader))
        window.__twinboardMetrics?.keyToUtterance.push(performance.now() - keyTime);
    },
    [output],
  );

  const prefs = useMemo(
    () => ({
      vocabulary: settings.vocabulary,
      locale: settings.locale,
      verbosity: settings.verbosity,
      player: myColor,
    }),
    [settings.vocabulary, settings.locale, settings.verbosity, myColor],
  );

  const speakEvents = useCallback(
    (events: readonly AnnounceEvent[], keyTime?: number, navigation = false) =>
      deliver(announce(events, prefs), keyTime, navigation),
    [deliver, prefs],
  );

  const sayText = useCallback(
    (text: string, keyTime?: number, politeness: 'polite' | 'assertive' = 'polite', earcon?: EarconId) =>
      deliver(
        [
          {
            text,
            lang: settingsRef.current.locale,
            politeness,
            interrupt: true,
            ...(earcon ? { earcon } : {}),
          },
        ],
        keyTime,
      ),
    [deliver],
  );

  // The match's events for this player, whoever caused them (the opponent's move arrives here).
  const pendingKeyTime = useRef<number | undefined>(undefined);
  const suppressClockRefusal = useRef(false);
  useLayoutEffect(
    () =>
      session.onEvents((events: readonly MatchEvent[]) => {
        const keyTime = pendingKeyTime.current;
        pendingKeyTime.current = undefined;
        const refusal = events.find((e) => e.type === 'refused');
        if (
          suppressClockRefusal.current &&
          refusal &&
          refusal.type === 'refused' &&
          refusal.intent === 'pressClock'
        ) {
          // The clock key explains everything that is missing, not just the first refusal.
          const missing = refusal.refusal.missing ?? [];
          const others = events.filter((e) => e !== refusal);
          speakEvents(toAnnounceEvents(others, ROLE), keyTime);
          if (missing.length > 0) sayText(explainClock(tr, missing), keyTime, 'assertive', 'illegal');
          else speakEvents(toAnnounceEvents([refusal], ROLE), keyTime);
          return;
        }
        speakEvents(toAnnounceEvents(events, ROLE), keyTime);
      }),
    [session, speakEvents, sayText, tr],
  );

  // After the match's own words: what the opponent's move now asks of this player (BL-18, BL-24),
  // and the move his execution put on his board. Queued behind them, never interrupting.
  useLayoutEffect(
    () =>
      session.onEvents((events: readonly MatchEvent[], after: MatchState) => {
        const text = relayWords(events, after, tr, words);
        if (text)
          deliver([{ text, lang: settingsRef.current.locale, politeness: 'polite', interrupt: false }]);
      }),
    [session, deliver, tr, words],
  );

  const dispatch = useCallback(
    (intent: Intent, keyTime?: number) => {
      pendingKeyTime.current = keyTime;
      suppressClockRefusal.current = intent.kind === 'pressClock';
      const events = session.dispatch(intent);
      suppressClockRefusal.current = false;
      pendingKeyTime.current = undefined;
      return events;
    },
    [session],
  );

  const ctx: ReadoutContext = {
    tr,
    words,
    fen,
    orientation,
    baseFen: state.boards[ROLE].aperture.fen,
  };

  const moveCursor = (to: Square, keyTime?: number) => {
    setCursor(to);
    speakEvents([{ type: 'navigated', fen, square: to }], keyTime, true);
  };

  /** Carries out one step of the execution in hand and says it (the match only hears the placement). */
  const applyRelayStep = (relay: RelayAwaited, stepDone: RelayStep, keyTime?: number) => {
    switch (stepDone.kind) {
      case 'lifted':
        setRelayHeld({ ply: relay.ply, hand: stepDone.hand });
        return sayText(
          tr('relayLifted', {
            piece: describePieceType(stepDone.hand.piece.type, words),
            square: describeSquareName(stepDone.hand.from, words),
          }),
          keyTime,
        );
      case 'putBack':
        setRelayHeld(null);
        return sayText(
          tr('relayPutBack', {
            piece: describePiece(stepDone.piece, words),
            square: describeSquareName(stepDone.square, words),
          }),
          keyTime,
        );
      case 'removed':
        setRelayHeld({ ply: relay.ply, hand: stepDone.hand });
        return sayText(
          tr('relayRemoved', {
            piece: describePieceType(stepDone.piece.type, words),
            square: describeSquareName(stepDone.square, words),
          }),
          keyTime,
        );
      case 'execute': {
        const events = dispatch(stepDone.intent, keyTime);
        // A refused execution leaves the piece in hand, as at the table.
        if (!events.some((e) => e.type === 'refused')) setRelayHeld(null);
        return;
      }
      case 'refused':
        return sayText(tr(`relay.${stepDone.code}`), keyTime, 'assertive', 'illegal');
    }
  };

  /** The repeat key or command: the announced move said back (BL-18), or the last words again. */
  const repeatAwaited = (keyTime?: number, uci?: string) => {
    const relay = relayAwaited(session.getState());
    if (relay?.stage === 'repeat') dispatch(repeatIntent(uci), keyTime);
    else sayText(tr(relay ? 'relayExecute' : 'relayNothing'), keyTime);
  };

  /** The execute key or command: the announced move carried out on this board in one step (BL-24). */
  const executeAwaited = (keyTime?: number, uci?: string) => {
    const relay = relayAwaited(session.getState());
    if (!relay) return sayText(tr('relayNothing'), keyTime);
    if (relay.stage === 'repeat')
      return sayText(tr(relay.executesHimself ? 'relayRepeatFirst' : 'relayNothing'), keyTime);
    const events = dispatch(executeIntent(uci), keyTime);
    if (!events.some((e) => e.type === 'refused')) setRelayHeld(null);
  };

  /** The lift/place/remove keys on `square` while this player is to carry out the opponent's move. */
  const relayBoardKey = (
    kind: 'liftOrPlace' | 'removeCaptured',
    square: Square,
    keyTime?: number,
  ): boolean => {
    const s = session.getState();
    const relay = relayAwaited(s);
    if (!relay?.executesHimself || s.boards[ROLE].aperture.hand) return false;
    if (relay.stage === 'repeat') {
      sayText(tr('relayRepeatFirst'), keyTime, 'assertive', 'illegal');
      return true;
    }
    applyRelayStep(
      relay,
      kind === 'liftOrPlace'
        ? relayLiftOrPlace(s, relay, relayHand, square)
        : relayRemove(s, relayHand, square),
      keyTime,
    );
    return true;
  };

  /** The move-status read-out and the clock key while the opponent's move waits for this player. */
  const relayStatus = (relay: RelayAwaited): string => {
    const move = describeMove(relay.fenBefore, relay.uci, words);
    const parts = [tr(relay.stage === 'repeat' ? 'statusAwaitRepeat' : 'statusAwaitExecute', { move })];
    if (relayHand) {
      parts.push(
        tr('statusRelayHolding', {
          piece: describePieceType(relayHand.piece.type, words),
          square: describeSquareName(relayHand.from, words),
        }),
      );
      if (relayHand.removed)
        parts.push(
          tr('statusRelayRemoved', {
            piece: describePieceType(relayHand.removed.piece.type, words),
            square: describeSquareName(relayHand.removed.square, words),
          }),
        );
    }
    return parts.join('; ');
  };

  const perform = (action: Action, keyTime?: number) => {
    const aids = settings.readoutAids;
    switch (action.kind) {
      case 'cursorUp':
      case 'cursorDown':
      case 'cursorLeft':
      case 'cursorRight': {
        const dir = (
          { cursorUp: 'up', cursorDown: 'down', cursorLeft: 'left', cursorRight: 'right' } as const
        )[action.kind];
        const next = step(cursor, dir, orientation);
        if (next.atEdge) speakEvents([{ type: 'boardEdge' }], keyTime);
        else moveCursor(next.square, keyTime);
        return;
      }
      case 'rank':
        return moveCursor(jumpToRank(cursor, action.rank), keyTime);
      case 'file':
        return moveCursor(jumpToFile(cursor, action.file), keyTime);
      case 'pieceJump': {
        const color = action.side === 'own' ? myColor : myColor === 'w' ? 'b' : 'w';
        const jump = findNextPiece(fen, cursor, action.piece, color, orientation, action.order);
        if (!jump) {
          sayText(
            tr('noPieceOfType', {
              side: tr(action.side === 'own' ? 'help.own' : 'help.opponent'),
              piece: describePieceType(action.piece, words),
            }),
            keyTime,
            'polite',
            'illegal',
          );
          return;
        }
        setCursor(jump.square);
        // With a screen reader the focused cell already says the square: only the wrap is news.
        if (jump.wrapped)
          sayText(
            settings.selfVoicing
              ? tr('wrapped', { square: describeSquare(fen, jump.square, words) })
              : tr('wrappedShort'),
            keyTime,
          );
        else speakEvents([{ type: 'navigated', fen, square: jump.square }], keyTime, true);
        return;
      }
      case 'readSquare':
        return sayText(readSquare(ctx, cursor), keyTime);
      case 'readRank':
        return speakEvents([{ type: 'rankRead', fen, rank: cursor[1] as '1' }], keyTime);
      case 'readFile':
        return speakEvents([{ type: 'fileRead', fen, file: cursor[0] as 'a' }], keyTime);
      case 'lastMove':
        return sayText(readLastMove(ctx, state.boards[ROLE].game), keyTime);
      case 'lastCapture':
        return sayText(readLastCapture(ctx, state.boards[ROLE].game), keyTime);
      case 'legalMoves':
      case 'legalCaptures':
        return sayText(
          aids ? readMoves(ctx, cursor, action.kind === 'legalCaptures') : tr('aidsOff'),
          keyTime,
        );
      case 'rays':
        return sayText(aids ? readRays(ctx, cursor) : tr('aidsOff'), keyTime);
      case 'clocks':
        dispatch({ kind: 'query', topic: 'timeUsed', by: ROLE }, keyTime);
        return;
      case 'movesMade':
        dispatch({ kind: 'query', topic: 'movesMade', by: ROLE }, keyTime);
        return;
      case 'moveStatus': {
        if (awaited) return sayText(relayStatus(awaited), keyTime);
        const hand = moveInHandOf(state, ROLE);
        const myTurn = sideToMove(state, ROLE) === myColor && state.phase !== 'over';
        return sayText(readMoveStatus(ctx, hand, myTurn), keyTime);
      }
      case 'liftOrPlace': {
        if (relayBoardKey('liftOrPlace', cursor, keyTime)) return;
        const hand = state.boards[ROLE].aperture.hand;
        dispatch(
          hand ? { kind: 'place', square: cursor, by: ROLE } : { kind: 'lift', square: cursor, by: ROLE },
          keyTime,
        );
        return;
      }
      case 'removeCaptured':
        if (relayBoardKey('removeCaptured', cursor, keyTime)) return;
        dispatch({ kind: 'removeCaptured', square: cursor, by: ROLE }, keyTime);
        return;
      case 'announce':
        // Saying the opponent's announced move back is its repetition (BL-18).
        if (awaited?.stage === 'repeat') return repeatAwaited(keyTime);
        dispatch({ kind: 'announce', by: ROLE }, keyTime);
        return;
      case 'repeatMove':
        return repeatAwaited(keyTime);
      case 'executeMove':
        return executeAwaited(keyTime);
      case 'correctAnnouncement': {
        const move = moveInHandOf(state, ROLE).move;
        if (move) dispatch({ kind: 'correctAnnouncement', uci: move.uci, by: ROLE }, keyTime);
        else dispatch({ kind: 'announce', by: ROLE }, keyTime);
        return;
      }
      case 'pressClock':
        if (awaited) {
          // The clock key explains what is missing (BL-12): here, the opponent's move on this board.
          const move = describeMove(awaited.fenBefore, awaited.uci, words);
          const task = tr(awaited.stage === 'repeat' ? 'clockTaskRepeat' : 'clockTaskExecute', { move });
          return sayText(tr('clockRelay', { task }), keyTime, 'assertive', 'illegal');
        }
        dispatch({ kind: 'pressClock', by: ROLE }, keyTime);
        return;
      case 'jAdoube':
        dispatch({ kind: 'jAdoube', by: ROLE }, keyTime);
        return;
      case 'help':
        setDialog('help');
        return;
      case 'settings':
        setDialog('settings');
        return;
      case 'commandLine':
        focusCommandLine?.();
        return;
      case 'pushToTalk':
        // A held talk key never gets here (onKeyDown / onKeyUp handle it); this is the toggle.
        if (talk) talk.toggle();
        else pushToTalk?.();
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, button, [role="dialog"]')) return;
    const id = actionFor(settings.keymap, event);
    if (!id) return;
    event.preventDefault();
    event.stopPropagation();
    if (id === 'pushToTalk') {
      // Key repeat while the key is held must neither toggle the microphone on and off nor press again.
      if (event.repeat) return;
      if (talk && settings.talkMode === 'hold') {
        talkHeld.current = true;
        talk.press();
        return;
      }
    }
    perform(decodeAction(id), event.timeStamp);
  };

  /** The held talk key came up: the microphone closes (push-to-talk, issue 4). */
  const onKeyUp = (event: KeyboardEvent<HTMLElement>) => {
    if (!talkHeld.current || !releasesAction(settings.keymap, 'pushToTalk', event)) return;
    event.preventDefault();
    talkHeld.current = false;
    talk?.release();
  };

  /** Dispatches planned intents in order, stopping at the first refusal (it has been said). */
  const dispatchAll = (intents: readonly Intent[], keyTime?: number) => {
    for (const intent of intents) {
      const events = dispatch(intent, keyTime);
      if (events.some((e) => e.type === 'refused')) return;
    }
  };

  /** Carries out one command the dialogue or the command line settled on. */
  const runCommand = (
    command: CommandName,
    args: Readonly<Record<string, string>> | undefined,
    keyTime?: number,
  ) => {
    const s = session.getState();
    const plan = planCommand(inputContext(s), command, args);
    const boardFen = ownBoardFen(s, ROLE);
    const pieceName = (p: string, c?: 'w' | 'b') =>
      c ? describePiece({ type: p as 'k', color: c }, words) : describePieceType(p as 'k', words);
    switch (plan.kind) {
      case 'intents': {
        // "lift g8", "place f6", "remove f6" carry out the opponent's move while it waits (BL-24).
        const only = plan.intents.length === 1 ? plan.intents[0] : undefined;
        if (only && (only.kind === 'lift' || only.kind === 'place' || only.kind === 'removeCaptured')) {
          setCursor(only.square);
          if (
            relayBoardKey(
              only.kind === 'removeCaptured' ? 'removeCaptured' : 'liftOrPlace',
              only.square,
              keyTime,
            )
          )
            return;
        }
        return dispatchAll(plan.intents, keyTime);
      }
      case 'action':
        if (plan.action.kind === 'rays' && plan.square) {
          setCursor(plan.square);
          return sayText(settings.readoutAids ? readRays(ctx, plan.square) : tr('aidsOff'), keyTime);
        }
        return perform(plan.action, keyTime);
      case 'readSquare':
        return sayText(describeSquare(boardFen, plan.square, words), keyTime);
      case 'readLine':
        return speakEvents(
          [
            plan.line === 'rank'
              ? { type: 'rankRead', fen: boardFen, rank: plan.square[1] as '1' }
              : { type: 'fileRead', fen: boardFen, file: plan.square[0] as 'a' },
          ],
          keyTime,
        );
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
        return sayText(
          parts.length > 0
            ? parts.join('; ')
            : tr('noneOnBoard', { piece: pieceName(plan.piece, plan.color) }),
          keyTime,
        );
      }
      case 'listPieces':
        return sayText(
          plan.color
            ? describePieces(boardFen, plan.color, words)
            : describePosition(boardFen, 'pieces', words),
          keyTime,
        );
      case 'whoseMove': {
        const word = VOCABULARIES[settings.vocabulary].colors[sideToMove(s, ROLE)];
        return sayText(tr('whoseMove', { color: word.charAt(0).toUpperCase() + word.slice(1) }), keyTime);
      }
      case 'repeat':
        // "Repeat" / "wiederholen" repeats the opponent's move while it waits (BL-18), else the last words.
        if (relayAwaited(s)?.stage === 'repeat') return repeatAwaited(keyTime);
        return deliver(lastSaid.current, keyTime);
      case 'execute':
        return executeAwaited(keyTime);
      case 'help':
        setDialog('help');
        return;
      case 'nothingPending':
        return sayText(tr('nothingToConfirm'), keyTime);
      case 'notUnderstood':
        return sayText(tr('notUnderstood'), keyTime, 'assertive', 'illegal');
    }
  };

  const inputContext = (s: MatchState) => ({
    fen: s.boards[ROLE].aperture.fen,
    hand: moveInHandOf(s, ROLE),
    captureRemoval: s.setup.captureRemoval,
    castlingRook: s.setup.castlingRook,
  });

  /** What the dialogue decided: words to say, a move to make, a command to carry out. */
  const runOutputs = (outputs: readonly DialogueOutput[], keyTime?: number) => {
    for (const o of outputs) {
      if (o.kind === 'say') sayText(o.text, keyTime);
      else if (o.kind === 'move') {
        // The opponent's move said back is its repetition, or, once repeated, its execution (BL-18, BL-24).
        const relay = relayAwaited(session.getState());
        if (relay?.stage === 'repeat') repeatAwaited(keyTime, o.uci);
        else if (relay) executeAwaited(keyTime, o.uci);
        else dispatchAll(planMove(inputContext(session.getState()), o.uci), keyTime);
      } else runCommand(o.command, o.args, keyTime);
    }
  };

  const dialogueOptions = {
    vocabulary: settings.vocabulary,
    locale: settings.locale,
    confirmSpokenMoves: settings.confirmSpokenMoves,
  };

  /** A transcript (or its alternatives) from the recogniser: one turn of the dialogue. */
  const hear = (heard: string | readonly string[], keyTime?: number) => {
    const fen = session.getState().boards[ROLE].aperture.fen;
    const step = dialogueHear(dialogue.current, fen, heard, dialogueOptions);
    dialogue.current = step.state;
    runOutputs(step.outputs, keyTime);
  };

  /** A typed line: any notation or command (H4's command line), then the same dialogue. */
  const typeLine = (text: string, keyTime?: number) => {
    const fen = session.getState().boards[ROLE].aperture.fen;
    if (dialogue.current.kind !== 'idle') {
      // Answers to a pending question ("y", "n", "2") are typed short forms of the spoken words.
      const short = parseTypedCommand(text);
      if (
        short?.kind === 'command' &&
        (short.command === 'yes' || short.command === 'no' || short.command === 'number')
      )
        return hear(
          short.command === 'number' ? (NUMBER_WORDS.en[Number(short.args?.value) - 1] ?? '') : short.command,
          keyTime,
        );
      // Anything else typed while a question is open is an answer in words ("yes", "two", a move).
      return hear(text, keyTime);
    }
    const line = parseCommandLine(fen, text, { locale: settings.locale });
    let step: DialogueStep;
    if (line.ok) {
      const a = line.value;
      step = dialogueAct(
        fen,
        a.kind === 'move'
          ? { kind: 'move', uci: a.uci, san: a.san }
          : a.args
            ? { kind: 'command', command: a.command, args: { ...a.args } }
            : { kind: 'command', command: a.command },
        dialogueOptions,
      );
    } else if (line.error.code === 'ambiguous' && line.error.candidates) {
      step = dialogueAct(fen, { kind: 'ambiguous', candidates: [...line.error.candidates] }, dialogueOptions);
    } else {
      dialogue.current = IDLE;
      return sayText(line.error.message, keyTime, 'assertive', 'illegal');
    }
    dialogue.current = step.state;
    runOutputs(step.outputs, keyTime);
  };
  const hearRef = useRef(hear);
  useLayoutEffect(() => {
    hearRef.current = hear;
  });
  useLayoutEffect(() => onHeard((heard) => hearRef.current(heard)), []);

  const choosePromotion = (piece: PromotionPiece) => dispatch({ kind: 'choosePromotion', piece, by: ROLE });
  const confirmResign = () => {
    setDialog('none');
    dispatch({ kind: 'resign', by: ROLE });
  };
  const cancelResign = () => {
    setDialog('none');
    sayText(tr('resignCancelled'));
  };

  // Clock cues (optional, S85 r.4; checklist 48) and the low-time warning, from the clock's
  // timestamps once a second; the flag comes from the reducer (observe). Nothing about moves is
  // ever volunteered (BL-31), and nobody is reminded to press the clock (checklist 49).
  const cueState = useRef({ bucket: Number.POSITIVE_INFINITY, low: false });
  useEffect(() => {
    if (!now) return;
    const timer = setInterval(() => {
      session.tick();
      const s = session.getState();
      if (s.phase !== 'playing') return;
      const set = settingsRef.current;
      const left = remaining(s.clock, myColor, now());
      const cues = cueState.current;
      const events: AnnounceEvent[] = [];
      if (set.timeCueMinutes > 0) {
        // A cue each time the remaining time reaches a multiple of the interval (2:25, 2:20, …).
        const unit = set.timeCueMinutes * 60_000;
        const bucket = Math.ceil(left / unit);
        if (bucket < cues.bucket && Number.isFinite(cues.bucket) && left > 0)
          events.push({ type: 'timeCue', color: myColor, remainingMs: bucket * unit });
        cues.bucket = bucket;
      }
      if (set.lowTimeSeconds > 0 && !cues.low && left > 0 && left <= set.lowTimeSeconds * 1000) {
        cues.low = true;
        events.push({ type: 'lowTime', color: myColor, remainingMs: left });
      }
      if (events.length > 0) speakEvents(events);
    }, 1000);
    return () => clearInterval(timer);
  }, [now, session, myColor, speakEvents]);

  // BL-13 CONFIG: an automatic clock press once the move is executed, after a correction window
  // (BL-22); a correction within the window restarts it, since the announcement changed.
  const inHand = moveInHandOf(state, ROLE);
  const executedKey =
    settings.autoClockSeconds > 0 && inHand.move && inHand.missing.length === 0
      ? `${inHand.move.uci}/${inHand.announced ?? ''}`
      : null;
  useEffect(() => {
    if (!executedKey) return;
    const timer = setTimeout(
      () => dispatch({ kind: 'pressClock', by: ROLE }),
      settingsRef.current.autoClockSeconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [executedKey, dispatch]);

  const hand = state.boards[ROLE].aperture.hand;
  const hasPromotionPending = moveInHandOf(state, ROLE).promotion === 'pending';
  const lastMove = state.boards[ROLE].aperture.lastCompleted;

  return {
    state,
    tr,
    words,
    fen,
    orientation,
    cursor,
    setCursor,
    myColor,
    handSquare: relayHand?.from ?? hand?.from,
    /** What the opponent's move waits for from this player (manual relay), or null. */
    relay: awaited,
    repeatAwaited,
    executeAwaited,
    lastMoveUci: lastMove?.uci,
    promotionPending: hasPromotionPending,
    describe: (square: Square) => describeSquare(fen, square, words),
    onKeyDown,
    onKeyUp,
    perform,
    dispatch,
    deliver,
    sayText,
    dialog,
    setDialog,
    choosePromotion,
    hear,
    typeLine,
    confirmResign,
    cancelResign,
  };
}

/** The state a blind screen renders from (for components and tests). */
export type BlindScreenModel = ReturnType<typeof useBlindScreen>;
export type { MatchState };

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
