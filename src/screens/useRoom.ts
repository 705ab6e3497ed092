/**
 * `useRoom`: the React hook every paired screen stands on. It makes one RemoteSession for the
 * screen's lifetime (create, join or resume a room), saves the seat's session (code, role, token)
 * in the Storage port under `twinboard.session.<code>` so a reload resumes it, and re-renders on
 * every change of the room.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Clock } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/storage.ts';
import type { Entry, Session, Transport } from '../ports/transport.ts';
import type { Intent } from '../match/intents.ts';
import type { Seat } from '../net/protocol.ts';
import {
  createRemoteSession,
  OFFLINE_STATUS,
  type RemoteSession,
  type RoomStatus,
} from '../session/remote.ts';

const SESSION_PREFIX = 'twinboard.session.';

/** The saved session for a room code, if this device holds a seat there. */
export function loadSession(store: KeyValueStore, code: string): Session | null {
  const text = store.get(SESSION_PREFIX + code);
  if (!text) return null;
  try {
    const s = JSON.parse(text) as Partial<Session>;
    return typeof s.code === 'string' && typeof s.token === 'string' && typeof s.role === 'string'
      ? { code: s.code, token: s.token, role: s.role as Seat }
      : null;
  } catch {
    return null;
  }
}

export function saveSession(store: KeyValueStore, session: Session): void {
  store.set(SESSION_PREFIX + session.code, JSON.stringify(session));
}

export function forgetSession(store: KeyValueStore, code: string): void {
  store.remove(SESSION_PREFIX + code);
}

/** An intent without `by`: the screen's own seat is filled in (and the server stamps it again). */
export type OutgoingIntent = Intent extends infer I
  ? I extends { by: unknown }
    ? Omit<I, 'by'>
    : never
  : never;

export interface RoomHandle extends RoomStatus {
  /** Null until the session is made (on mount). */
  readonly session: RemoteSession | null;
  send(intent: OutgoingIntent): void;
}

const noSubscription = () => () => undefined;
const emptyRoom = () => OFFLINE_STATUS;

/** Enters a room and keeps the screen in step with it; a new `entry` enters another room. */
export function useRoom(options: {
  readonly entry: Entry;
  readonly makeTransport: () => Transport;
  readonly store: KeyValueStore;
  readonly clock: Clock;
}): RoomHandle {
  const { entry, makeTransport, store, clock } = options;
  const [session, setSession] = useState<RemoteSession | null>(null);
  const entryKey = JSON.stringify(entry);
  useEffect(() => {
    const start = JSON.parse(entryKey) as Entry;
    const s = createRemoteSession({
      transport: makeTransport(),
      entry: start,
      clock,
      onSeated: (seat) => saveSession(store, seat),
      onLost: () => {
        if ('resume' in start) forgetSession(store, start.resume.code);
      },
    });
    setSession(s);
    return () => s.close();
    // The transport factory, store and clock are fixed for a screen's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entryKey]);
  const status = useSyncExternalStore(
    session?.subscribeRoom ?? noSubscription,
    session?.room ?? emptyRoom,
    emptyRoom,
  );
  const role = status.view?.role;
  const send = useCallback(
    (intent: OutgoingIntent) => {
      if (role && session) session.dispatch({ ...intent, by: role } as Intent);
    },
    [session, role],
  );
  return { ...status, session, send };
}
