/**
 * The board outcome of a bare position (no game history: mate, stalemate, insufficient material),
 * remembered by FEN for each rule edition. The board handlers ask it for the position a move in the
 * hand would reach on nearly every intent, the ply pipeline for the position after each ply, and
 * hundreds of games on a server reach the same positions (issue 14). A pure function of its inputs;
 * bounded.
 */
import { boardOutcome, type GameResult, type Profile } from '../core/index.ts';

const KEPT = 4096;
const byProfile = new WeakMap<Profile, Map<string, GameResult | null>>();

export function positionOutcome(fen: string, profile: Profile): GameResult | null {
  let known = byProfile.get(profile);
  if (!known) byProfile.set(profile, (known = new Map()));
  const hit = known.get(fen);
  if (hit !== undefined) return hit;
  const outcome = boardOutcome({ startFen: fen, moves: [] }, profile);
  if (known.size >= KEPT) known.delete(known.keys().next().value as string);
  known.set(fen, outcome);
  return outcome;
}
