/**
 * What a paired screen says about its connection (the announcement policy in ARCHITECTURE.md):
 * only when the connection is lost and when it is back, and when the seat was taken over by
 * another screen — never the comings and goings of the queue, so no live region chatters at every
 * key. Pure: the previous and the next room status in, the news (if any) out.
 */
import type { TransportStatus } from '../ports/transport.ts';

/** The parts of a room's status the news is made from (session/remote.ts RoomStatus). */
export interface ConnectionFacts {
  readonly status: TransportStatus;
  readonly takeover: { readonly here: boolean; readonly serial: number } | null;
}

export type ConnectionNews = 'connectionLost' | 'connectionBack' | 'seatTakenHere' | 'seatTakenElsewhere';

/** The news between two statuses; `wasOnline` says whether the room had been reached before. */
export function connectionNews(
  before: ConnectionFacts,
  after: ConnectionFacts,
  wasOnline: boolean,
): ConnectionNews | null {
  if (after.takeover && after.takeover.serial !== before.takeover?.serial)
    return after.takeover.here ? 'seatTakenHere' : 'seatTakenElsewhere';
  // A screen that lost its seat is closed on purpose: that is not a lost connection.
  if (after.takeover?.here === false) return null;
  if (before.status === 'online' && (after.status === 'offline' || after.status === 'connecting'))
    return 'connectionLost';
  if (after.status === 'online' && before.status !== 'online' && wasOnline) return 'connectionBack';
  return null;
}
