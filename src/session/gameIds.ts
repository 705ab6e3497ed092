/**
 * Archive ids of games, apart from the archive itself: the local game names its game at start,
 * while the archive (with its PGN reader and writer) loads once there is something to keep.
 */

/** A fresh archive id from a time and a random number (the caller supplies both). */
export function makeGameId(now: number, random: number): string {
  return `g${now.toString(36)}${Math.floor(random * 36 ** 6)
    .toString(36)
    .padStart(6, '0')}`;
}

/** The archive id of a paired game on this device: one per room and seat, so a reload keeps one entry. */
export function pairedGameId(seat: { readonly code: string; readonly role: string }): string {
  return `p-${seat.code}-${seat.role}`;
}
