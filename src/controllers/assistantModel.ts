/**
 * The assistant's screen model (S85 r.9/r.10, BL-29): over the room's session, what his duties ask
 * of him now (assistant.ts), the blind player's move in progress, the blind player's requests as
 * they arrive in the log (nothing is volunteered, r.9(d)), and what he may claim or report; his
 * buttons and forms enter `input` once and go to the session as intents. A spectator gets the same
 * view with nothing he may do. The React screen (screens/assistant) and the headless driver
 * (officialDrivers.ts) run this same code.
 */
import type { Answer } from '../match/events.ts';
import { dutiesOf } from '../match/setup.ts';
import type { Duty } from '../match/types.ts';
import type { RoomView } from '../session/room.ts';
import {
  assistantStep,
  assistantTasks,
  blindMoveInProgress,
  type AssistantInput,
  type AssistantTask,
  type BlindMoveInProgress,
} from './assistant.ts';
import { may } from './rights.ts';
import type { RoomSource } from './roomSource.ts';

export interface AssistantScreenView {
  readonly room: RoomView;
  readonly duties: readonly Duty[];
  readonly tasks: readonly AssistantTask[];
  readonly progress: BlindMoveInProgress | null;
  /** The blind player's requests (moves made, time used…) answered in the log, oldest first. */
  readonly requests: readonly { readonly seq: number; readonly answer: Answer }[];
  readonly mayClaimTime: boolean;
  readonly mayReportTouch: boolean;
}

export type AssistantScreenInput = AssistantInput | { readonly kind: 'claimTime' };

export interface AssistantModel {
  subscribe(listener: () => void): () => void;
  /** Null until the room has arrived. */
  getView(): AssistantScreenView | null;
  input(input: AssistantScreenInput): void;
}

export function assistantScreenView(room: RoomView): AssistantScreenView {
  const { state, role } = room;
  const playing = state.phase === 'playing';
  return {
    room,
    duties: dutiesOf(state.setup, role),
    tasks: assistantTasks(state, role),
    progress: blindMoveInProgress(state),
    requests: room.recent.flatMap((f) =>
      f.entry.intent.kind === 'query' && f.entry.role === 'blind'
        ? f.events.flatMap((e) => (e.type === 'answered' ? [{ seq: f.entry.seq, answer: e.answer }] : []))
        : [],
    ),
    mayClaimTime: playing && may(state, role, { kind: 'claim', claim: 'time' }),
    mayReportTouch: playing && may(state, role, { kind: 'reportTouch', square: 'a1' }),
  };
}

export function createAssistantModel(source: RoomSource): AssistantModel {
  let snapshot: AssistantScreenView | null = null;
  const getView = () => {
    const room = source.room().view;
    if (!room) return null;
    if (snapshot?.room !== room) snapshot = assistantScreenView(room);
    return snapshot;
  };
  return {
    subscribe: (listener) => source.subscribeRoom(listener),
    getView,
    input(input) {
      const view = getView();
      if (!view) return;
      const { state, role } = view.room;
      if (input.kind === 'claimTime') {
        source.dispatch({ kind: 'claim', claim: 'time', by: role });
        return;
      }
      for (const intent of assistantStep(input, state, role).intents) source.dispatch(intent);
    },
  };
}
