/**
 * The blind player's screen bound to React: a thin hook over the pure controller
 * (src/controllers/blind/controller.ts). It feeds the controller the keys, voice and typed input
 * and the session's events, sends the intents it returns through the session (in order, stopping at
 * the first refusal), delivers its utterances through the output router (the Speaker or the live
 * region, never both) and moves the focus where it says. Timers stay here: the clock cues and the
 * optional automatic clock press.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { remaining, type PromotionPiece, type Square } from '../../core/index.ts';
import { announce, type EarconId, type ScreenEvent, type Utterance } from '../../speech/announce.ts';
import { describeSquare, type DescribeOptions } from '../../speech/index.ts';
import { actionFor, decodeAction, releasesAction, type Action } from '../../input/keymap.ts';
import type { Intent } from '../../match/intents.ts';
import type { MatchEvent } from '../../match/events.ts';
import type { MatchState } from '../../match/types.ts';
import type { Settings } from '../../controllers/settings.ts';
import type { TalkControls } from '../../ports/listener.ts';
import type { MatchSession } from '../../session/local.ts';
import { colorOf } from '../../match/setup.ts';
import { translator, type Translate } from '../../speech/blindMessages.ts';
import { moveInHandOf, ownBoardFen } from '../../controllers/blind/boardView.ts';
import { relayHandOf } from '../../match/index.ts';
import { relayAwaited } from '../../controllers/blind/relay.ts';
import {
  blindGrammar,
  blindHearingFen,
  blindStep,
  initialView,
  orientationOf,
  type BlindInput,
  type BlindOutput,
  type BlindPrefs,
  type BlindView,
  type DialogKind,
} from '../../controllers/blind/controller.ts';
import { onHeard } from './heard.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';

export type { DialogKind };

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
  /** Said once when the screen opens: a new game (colours, rules) or a resumed one (what is in hand). */
  readonly opening?: 'new' | 'resumed';
  /**
   * Puts the keyboard focus on the board's cursor cell (the focus policy in ARCHITECTURE.md), or on
   * `square`: a cursor the controller just moved, before the board has rendered it.
   */
  readonly focusBoard?: (square?: Square) => void;
  /** A paired room: whether the opponent's screen is in the room (undefined in a local game or until known). */
  readonly opponentOnline?: boolean;
}

const ROLE = 'blind' as const;

/** The controller's slice of the settings. */
export function blindPrefs(settings: Settings): BlindPrefs {
  return {
    vocabulary: settings.vocabulary,
    locale: settings.locale,
    verbosity: settings.verbosity,
    readoutAids: settings.readoutAids,
    selfVoicing: settings.selfVoicing,
    orientation: settings.orientation,
    confirmSpokenMoves: settings.confirmSpokenMoves,
    clockKey: settings.keymap.pressClock.join(translator(settings.locale)('chordsOr')),
  };
}

/** Everything the blind player's screen renders and calls. */
export function useBlindScreen({
  session,
  settings,
  output,
  now,
  focusCommandLine,
  pushToTalk,
  talk,
  opening,
  focusBoard,
  opponentOnline,
}: BlindScreenOptions) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  const tr: Translate = useMemo(() => translator(settings.locale), [settings.locale]);
  const words: DescribeOptions = useMemo(() => ({ vocabulary: settings.vocabulary }), [settings.vocabulary]);
  const prefs = useMemo(() => blindPrefs(settings), [settings]);
  const myColor = colorOf(state.setup, ROLE);
  const [view, setView] = useState<BlindView>(() => initialView(session.getState(), prefs));
  // The controller's state between renders: inputs arrive from keys and from the session's events.
  const viewRef = useRef(view);
  const prefsRef = useRef(prefs);
  const settingsRef = useRef(settings);
  useLayoutEffect(() => {
    prefsRef.current = prefs;
    settingsRef.current = settings;
    output.setMode(settings.selfVoicing ? 'selfVoicing' : 'screenReader');
  }, [prefs, settings, output]);

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

  const deliver = useCallback(
    (utterances: readonly Utterance[]) => {
      if (utterances.length > 0) output.deliver(utterances);
    },
    [output],
  );

  const applyFocus = useCallback(
    (focus: BlindOutput['focus']) => {
      if (focus === 'commandLine') return focusCommandLine?.();
      if (focus !== 'board') return;
      // The player typing or answering a dialog keeps his place.
      if (!document.activeElement?.closest('input, textarea, select, [role="dialog"]'))
        focusBoard?.(viewRef.current.cursor);
    },
    [focusBoard, focusCommandLine],
  );

  /** One controller step: its view, words and focus, then its intents in order. */
  const stepRef = useRef<(input: BlindInput) => void>(() => {});
  stepRef.current = (input) => {
    const out = blindStep(viewRef.current, input, session.getState(), prefsRef.current);
    viewRef.current = out.view;
    setView(out.view);
    deliver(out.utterances);
    applyFocus(out.focus);
    if (out.toggleTalk) (talk ? talk.toggle : pushToTalk)?.();
    for (const intent of out.intents) {
      const events = session.dispatch(intent);
      if (events.some((e) => e.type === 'refused')) break;
    }
  };
  const step = useCallback((input: BlindInput) => stepRef.current(input), []);

  // The match's events for this player, whoever caused them (the opponent's move arrives here).
  useLayoutEffect(
    () => session.onEvents((events: readonly MatchEvent[]) => stepRef.current({ kind: 'events', events })),
    [session],
  );

  // A new or resumed game puts the focus on the board and says where the player stands.
  useEffect(() => {
    // Nothing said in the last game (whose move, a refusal) lingers into this one.
    if (opening) output.clear?.();
    if (opening)
      step({
        kind: 'opened',
        opening,
        ...(opponentOnline === undefined ? {} : { opponentPresent: opponentOnline }),
      });
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Who is in the paired room (before the start, what the player waits for): the first news of it
  // when it was not known at the opening, then the opponent's arrival. Unknown spells are skipped.
  const opponentKnown = useRef(opponentOnline);
  useEffect(() => {
    if (opponentOnline === undefined) return;
    const before = opponentKnown.current;
    opponentKnown.current = opponentOnline;
    if (before === undefined) step({ kind: 'opponentPresence', present: opponentOnline, arrived: false });
    else if (opponentOnline && !before) step({ kind: 'opponentPresence', present: true, arrived: true });
  }, [opponentOnline, step]);

  // Focus is never dropped (DESIGN.md principle 8): when the focused control went away or was
  // disabled (a resignation, the end of the game, the opponent's clock button), the board takes it.
  useEffect(() => {
    const active = document.activeElement as (HTMLElement & { disabled?: boolean }) | null;
    if (!active || active === document.body || !active.isConnected || active.disabled === true)
      focusBoard?.();
  });

  /** Sends one intent now (buttons); its events are said when they arrive. */
  const dispatch = useCallback((intent: Intent) => session.dispatch(intent), [session]);

  const sayText = useCallback(
    (text: string, politeness: 'polite' | 'assertive' = 'polite', earcon?: EarconId) =>
      deliver([
        {
          text,
          lang: settingsRef.current.locale,
          politeness,
          interrupt: true,
          ...(earcon ? { earcon } : {}),
        },
      ]),
    [deliver],
  );

  const perform = (action: Action) => step({ kind: 'action', action });

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
    perform(decodeAction(id));
  };

  /** The held talk key came up: the microphone closes (push-to-talk, issue 4). */
  const onKeyUp = (event: KeyboardEvent<HTMLElement>) => {
    if (!talkHeld.current || !releasesAction(settings.keymap, 'pushToTalk', event)) return;
    event.preventDefault();
    talkHeld.current = false;
    talk?.release();
  };

  const hear = (heard: string | readonly string[]) => step({ kind: 'heard', heard });
  useLayoutEffect(
    () =>
      onHeard(
        (heard, checked, recognised) => stepRef.current({ kind: 'heard', heard, checked, recognised }),
        () => blindGrammar(session.getState(), prefsRef.current),
        () => blindHearingFen(session.getState()),
      ),
    [session],
  );

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
      const events: ScreenEvent[] = [];
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
      if (events.length > 0)
        deliver(
          announce(events, 'blind', { vocabulary: set.vocabulary, locale: set.locale, player: myColor }),
        );
    }, 1000);
    return () => clearInterval(timer);
  }, [now, session, myColor, deliver]);

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
      () => session.dispatch({ kind: 'pressClock', by: ROLE }),
      settingsRef.current.autoClockSeconds * 1000,
    );
    return () => clearTimeout(timer);
  }, [executedKey, session]);

  const fen = ownBoardFen(state, ROLE);
  const relayHand = relayHandOf(state, ROLE);
  const hand = state.boards[ROLE].aperture.hand;
  const lastMove = state.boards[ROLE].aperture.lastCompleted;

  return {
    state,
    tr,
    words,
    fen,
    orientation: orientationOf(state, prefs),
    cursor: view.cursor,
    setCursor: (square: Square) => step({ kind: 'cursor', square }),
    myColor,
    handSquare: relayHand?.from ?? hand?.from,
    /** What the opponent's move waits for from this player (manual relay), or null. */
    relay: relayAwaited(state),
    repeatAwaited: () => step({ kind: 'repeatAwaited' }),
    executeAwaited: () => step({ kind: 'executeAwaited' }),
    lastMoveUci: lastMove?.uci,
    promotionPending: inHand.promotion === 'pending',
    describe: (square: Square) => describeSquare(fen, square, words),
    onKeyDown,
    onKeyUp,
    perform,
    dispatch,
    deliver,
    sayText,
    dialog: view.dialog,
    setDialog: (dialog: DialogKind) => step({ kind: 'dialog', dialog }),
    choosePromotion: (piece: PromotionPiece) => step({ kind: 'promote', piece }),
    hear,
    typeLine: (text: string) => step({ kind: 'typed', text }),
    confirmResign: () => step({ kind: 'resign', confirmed: true }),
    cancelResign: () => step({ kind: 'resign', confirmed: false }),
  };
}

/** The state a blind screen renders from (for components and tests). */
export type BlindScreenModel = ReturnType<typeof useBlindScreen>;
export type { MatchState };
