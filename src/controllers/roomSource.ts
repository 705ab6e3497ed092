/**
 * What the officials' screen models (the assistant's, the arbiter's) read of a paired room: its
 * folded log (null until it arrives), its changes, and the one way to act, an intent through the
 * room's session. The remote session (session/remote.ts) is one; `createHeadlessRoom` is another,
 * a room folded on the device from the same log entries, for the headless drivers.
 */
import type { Clock } from '../ports/clock.ts';
import type { Intent } from '../match/intents.ts';
import type { MatchEvent } from '../match/events.ts';
import type { MatchOptions } from '../match/setup.ts';
import type { Json, Seat, WireIntent } from '../net/protocol.ts';
import { foldRoom, openRoom, type RoomView } from '../session/room.ts';

export interface RoomSource {
  room(): { readonly view: RoomView | null };
  subscribeRoom(listener: () => void): () => void;
  dispatch(intent: Intent): readonly MatchEvent[];
}

/** A headless room: every seat's intents folded into one log, as the server would keep it. */
export interface HeadlessRoom extends RoomSource {
  /** The room's log as `role` sees it (another seat's screen on the same room). */
  seat(role: Seat): RoomSource;
}

/**
 * A room of the match `options` seen from `role`. An intent the rules refuse is not logged (the
 * server logs accepted intents only); its events are returned all the same.
 */
export function createHeadlessRoom(options: MatchOptions, role: Seat, clock: Clock): HeadlessRoom {
  const opened = openRoom('headless-room', role, options as unknown as { readonly [key: string]: Json });
  if (!opened) throw new Error('The match options are not a valid match setup.');
  let view: RoomView = opened;
  const listeners = new Set<() => void>();
  const dispatch = (intent: Intent): readonly MatchEvent[] => {
    const entry = {
      seq: view.lastSeq + 1,
      at: clock.now(),
      role: intent.by as Seat,
      intent: intent as unknown as WireIntent,
    };
    const next = foldRoom(view, [entry]);
    const events = next.recent.at(-1)?.events ?? [];
    if (events.some((e) => e.type === 'refused')) return events;
    view = next;
    for (const l of [...listeners]) l();
    return events;
  };
  const seat = (as: Seat): RoomSource => {
    let seen: RoomView | null = null;
    let shown: RoomView | null = null;
    return {
      room() {
        if (seen !== view) {
          seen = view;
          shown = { ...view, role: as };
        }
        return { view: shown };
      },
      subscribeRoom(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      dispatch,
    };
  };
  return { ...seat(role), seat };
}
