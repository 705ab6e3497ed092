/**
 * The seam between the server and the match domain. The server knows nothing of chess: it asks
 * an engine to validate a room configuration, to decide whether a seat may be taken, and to check
 * (authorize, BL-29/BL-04) and apply each intent. `matchEngine` in matchEngine.ts is the real one,
 * built on src/match; the server takes the engine as a parameter.
 */
import type { Result } from '../core/index.ts';
import type { Json, LogEntry, Seat, WireIntent } from '../net/protocol.ts';

export type RoomConfig = { readonly [key: string]: Json };

export interface Refusal {
  /** `forbidden`: the role has no right to it (authorize); `refused`: the rules of play say no. */
  readonly code: 'badConfig' | 'badIntent' | 'forbidden' | 'refused' | 'seatRefused';
  /** The match's refusal code, or one of SERVER_REASONS: what the client words. */
  readonly reason?: string;
  /** English, for the log. */
  readonly message: string;
}

/** What the server needs from the match domain. `S` is the room's state. */
export interface RoomEngine<S> {
  /** Validates and normalises the configuration sent with `create`. */
  parseConfig(config: RoomConfig): Result<RoomConfig, Refusal>;
  /** The state of a new room. */
  initial(config: RoomConfig, createdAt: number): S;
  /** Whether `role` may be taken now, given the seats already taken (BL-05, one per player seat). */
  canSeat(state: S, taken: readonly Seat[], role: Seat): Result<true, Refusal>;
  /**
   * Validates, authorizes and applies one intent sent by `role` at server time `at`. A refusal
   * leaves the room unchanged and nothing is logged.
   */
  step(state: S, role: Seat, intent: WireIntent, at: number): Result<S, Refusal>;
  /** The intent the server logs for a newly taken seat (so the match knows who is present), if any. */
  seatIntent(state: S, role: Seat): WireIntent | null;
  /**
   * Completes an intent with what only the server holds, before it is checked and logged (the
   * sealed move when the envelope is opened: the server is the envelope's holder, GR-71).
   */
  complete(state: S, intent: WireIntent, at: number): WireIntent;
  /** Whether the game is over (the room then expires sooner, see Expiry in store.ts). */
  isFinished(state: S): boolean;
  /** The entry as `viewer` may receive it (a sealed move reaches only its writers, GR-71). */
  redact(state: S, entry: LogEntry, viewer: Seat): LogEntry;
}
