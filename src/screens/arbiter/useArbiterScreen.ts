/**
 * The arbiter's screen bound to React: the screen model (controllers/arbiterModel.ts) over the
 * room's session, subscribed to with useSyncExternalStore. Null until the room has arrived.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { RemoteSession } from '../../session/remote.ts';
import {
  createArbiterModel,
  type ArbiterModel,
  type ArbiterOptions,
  type ArbiterScreenView,
} from '../../controllers/arbiterModel.ts';

const noSubscription = () => () => undefined;

export function useArbiterScreen(
  session: RemoteSession | null,
  options: ArbiterOptions,
): { readonly model: ArbiterModel | null; readonly screen: ArbiterScreenView | null } {
  // Made once per session; the options are read at this render already (a change notifies nothing).
  const model = useMemo(() => (session ? createArbiterModel(session, options) : null), [session]); // eslint-disable-line react-hooks/exhaustive-deps
  model?.setOptions(options);
  const screen = useSyncExternalStore(model?.subscribe ?? noSubscription, () => model?.getView() ?? null);
  return { model, screen };
}
