/**
 * The sighted player's screen bound to React: the screen model (controllers/sighted/model.ts) made
 * once per session, given the DOM's ports (the board's focus, the speech of announcements),
 * subscribed to with useSyncExternalStore. Clicks, drops, keys and buttons go to the model.
 */
import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import type { MatchSession } from '../../session/local.ts';
import {
  createSightedModel,
  type SightedModel,
  type SightedOptions,
  type SightedPorts,
} from '../../controllers/sighted/model.ts';
import type { SightedScreenView } from '../../controllers/sighted/screenView.ts';

export function useSightedScreen(
  session: MatchSession,
  options: SightedOptions,
  ports: SightedPorts,
): { readonly model: SightedModel; readonly screen: SightedScreenView } {
  // Made once per session; creating it subscribes to nothing (connect does).
  const model = useMemo(() => createSightedModel(session, ports, options), [session]); // eslint-disable-line react-hooks/exhaustive-deps
  // The options are read at this render already (a change notifies nothing).
  model.setOptions(options);
  useLayoutEffect(() => model.setPorts(ports));
  useLayoutEffect(() => model.connect(), [model]);
  const screen = useSyncExternalStore(model.subscribe, model.getView);
  return { model, screen };
}
