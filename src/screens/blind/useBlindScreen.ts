/**
 * The blind player's screen bound to React: the screen model (controllers/blind/model.ts) made once
 * per session, given the DOM's ports (the output router, the focus, the browser's timers, the
 * microphone), subscribed to with useSyncExternalStore and rendered. Keys, voice and typed input go
 * to the model once; everything it says and sends, it does itself. What stays here needs the DOM:
 * which element has the focus, the window losing it, and the key events of the board.
 */
import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { Square } from '../../core/index.ts';
import { describeSquare, type DescribeOptions } from '../../speech/index.ts';
import type { Settings } from '../../controllers/settings.ts';
import type { TalkControls } from '../../ports/listener.ts';
import { systemScheduler, type Scheduler } from '../../ports/scheduler.ts';
import type { MatchSession } from '../../session/local.ts';
import { translator, type Translate } from '../../speech/blindMessages.ts';
import type { DialogKind } from '../../controllers/blind/controller.ts';
import {
  blindSettings,
  createBlindModel,
  type BlindModel,
  type BlindPorts,
} from '../../controllers/blind/model.ts';
import type { BlindScreenView } from '../../controllers/blind/screenView.ts';
import { onHeard } from './heard.ts';
import type { OutputRouter } from '../../speech/speaker/outputRouter.ts';

export type { DialogKind };

export interface BlindScreenOptions {
  readonly session: MatchSession;
  readonly settings: Settings;
  /** Speech out (src/speech/speaker/outputRouter.ts): the Speaker or the live region, never both. */
  readonly output: OutputRouter;
  /** Time for the clock cues (the session's clock); without it no cue is said. */
  readonly now?: () => number;
  /** Timers for the cues and the automatic clock press (default: the browser's). */
  readonly scheduler?: Scheduler;
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
   * `square`: a cursor the model just moved, before the board has rendered it.
   */
  readonly focusBoard?: (square?: Square) => void;
  /** A paired room: whether the opponent's screen is in the room (undefined in a local game or until known). */
  readonly opponentOnline?: boolean;
}

/** The DOM's side of the model's ports. */
function portsOf(options: BlindScreenOptions): BlindPorts {
  const { output, now, focusBoard, focusCommandLine, talk, pushToTalk } = options;
  return {
    output,
    scheduler: options.scheduler ?? systemScheduler,
    ...(now ? { clock: { now } } : {}),
    talk,
    pushToTalk,
    focus(target, cursor) {
      if (target === 'commandLine') return focusCommandLine?.();
      // The player typing or answering a dialog keeps his place.
      if (!document.activeElement?.closest('input, textarea, select, [role="dialog"]')) focusBoard?.(cursor);
    },
  };
}

/** What the blind player's screen renders and calls. */
export interface BlindScreenModel {
  readonly model: BlindModel;
  readonly screen: BlindScreenView;
  readonly tr: Translate;
  readonly words: DescribeOptions;
  readonly describe: (square: Square) => string;
  readonly onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  readonly onKeyUp: (event: KeyboardEvent<HTMLElement>) => void;
}

export function useBlindScreen(options: BlindScreenOptions): BlindScreenModel {
  const { session, settings, opening, opponentOnline, focusBoard } = options;
  const chosen = useMemo(() => blindSettings(settings), [settings]);
  // Made once per session; creating it subscribes to nothing (connect does).
  const model = useMemo(() => createBlindModel(session, portsOf(options), chosen), [session]); // eslint-disable-line react-hooks/exhaustive-deps
  // The settings are read at this render already; a change notifies nothing (a store change in the
  // commit would re-render at once and run the effects of the screens around it out of turn).
  model.setSettings(chosen);
  useLayoutEffect(() => model.setPorts(portsOf(options)));
  useLayoutEffect(() => model.applySettings(), [model, chosen]);
  useLayoutEffect(() => model.connect(), [model]);
  useLayoutEffect(() => onHeard(model.hear, model.grammar, model.hearingFen), [model]);
  // A new or resumed game puts the focus on the board and says where the player stands.
  useEffect(
    () => model.open(opening, opponentOnline),
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model],
  );
  // Who is in the paired room: the first news of it, then the opponent's arrival.
  useEffect(() => model.presence(opponentOnline), [model, opponentOnline]);
  // The key-up of a held talk key is lost when the window loses focus: release then.
  useEffect(() => {
    window.addEventListener('blur', model.releaseTalk);
    return () => window.removeEventListener('blur', model.releaseTalk);
  }, [model]);
  // Focus is never dropped (DESIGN.md principle 8): when the focused control went away or was
  // disabled (a resignation, the end of the game, the opponent's clock button), the board takes it.
  useEffect(() => {
    const active = document.activeElement as (HTMLElement & { disabled?: boolean }) | null;
    if (!active || active === document.body || !active.isConnected || active.disabled === true)
      focusBoard?.();
  });

  const screen = useSyncExternalStore(model.subscribe, model.getView);
  const tr = useMemo(() => translator(settings.locale), [settings.locale]);
  const words = useMemo(() => ({ vocabulary: settings.vocabulary }), [settings.vocabulary]);
  return {
    model,
    screen,
    tr,
    words,
    describe: (square) => describeSquare(screen.fen, square, words),
    onKeyDown(event) {
      if ((event.target as HTMLElement).closest('input, select, textarea, button, [role="dialog"]')) return;
      if (!model.keyDown(event)) return;
      event.preventDefault();
      event.stopPropagation();
    },
    onKeyUp(event) {
      if (model.keyUp(event)) event.preventDefault();
    },
  };
}
