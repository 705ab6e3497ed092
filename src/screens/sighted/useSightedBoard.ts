/**
 * The thin React binding of the sighted player's board controller (controllers/sighted): it keeps
 * the screen's state, feeds it clicks, drops and keys, sends the intents and gives the board the
 * focus when the controller says so.
 */
import { useRef, useState } from 'react';
import type { Square } from '../../core/index.ts';
import type { MatchSession } from '../../session/local.ts';
import {
  canDrag,
  initialSightedView,
  selectionOf,
  sightedStep,
  type SightedInput,
  type SightedView,
} from '../../controllers/sighted/controller.ts';

export function useSightedBoard(session: MatchSession, focusBoard: (square: Square) => void) {
  const [view, setView] = useState<SightedView>(() => initialSightedView(session.getState()));
  // The latest view, for pointer events that arrive before React has re-rendered.
  const latest = useRef(view);
  const run = (input: SightedInput) => {
    const out = sightedStep(latest.current, input, session.getState());
    latest.current = out.view;
    setView(out.view);
    for (const intent of out.intents) session.dispatch(intent);
    if (out.focus === 'board') focusBoard(out.view.cursor);
  };
  return {
    view,
    selection: selectionOf(view, session.getState()),
    run,
    choose: (square: Square) => run({ kind: 'choose', square }),
    canDrag: (square: Square) => canDrag(latest.current, session.getState(), square),
    /** The square a drag started from is still the one picked up. */
    isPicked: (square: Square) => selectionOf(latest.current, session.getState())?.from === square,
  };
}
