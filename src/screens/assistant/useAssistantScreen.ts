/**
 * The assistant's screen bound to React: the screen model (controllers/assistantModel.ts) over the
 * room's session, subscribed to with useSyncExternalStore. Null until the room has arrived.
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { RemoteSession } from '../../session/remote.ts';
import {
  createAssistantModel,
  type AssistantModel,
  type AssistantScreenView,
} from '../../controllers/assistantModel.ts';

const noSubscription = () => () => undefined;

export function useAssistantScreen(session: RemoteSession | null): {
  readonly model: AssistantModel | null;
  readonly screen: AssistantScreenView | null;
} {
  const model = useMemo(() => (session ? createAssistantModel(session) : null), [session]);
  const screen = useSyncExternalStore(model?.subscribe ?? noSubscription, () => model?.getView() ?? null);
  return { model, screen };
}
