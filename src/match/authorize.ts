/**
 * Who may do what: `authorize(state, intent)` decides whether the intent's role has the right to
 * it, before any rule of play is applied. The server calls the same function before it logs an
 * intent. The rights common to every intent are here (BL-04: spectators have no input; a role
 * acts only while it takes part); each kind's own right is its handler's `authorize`.
 */
import type { Result } from '../core/index.ts';
import type { Refusal } from './events.ts';
import { handlerOf } from './handlers.ts';
import type { Intent } from './intents.ts';
import { refuse } from './rights.ts';
import { ROLES, type MatchState } from './types.ts';

export function authorize(state: MatchState, intent: Intent): Result<void, Refusal> {
  const role = intent.by;
  if (!(ROLES as readonly string[]).includes(role)) return refuse('notAuthorized', 'Unknown role.');
  const handler = handlerOf(intent);
  if (intent.kind === 'join' || intent.kind === 'leave') return handler.authorize(state, intent);
  if (!state.participants[role]) return refuse('notAuthorized', 'That role is not taking part in this game.');
  // BL-04: "Spectators are not to speak or otherwise to interfere" (000 Interp 11.1 (1976)).
  if (role === 'spectator') return refuse('notAuthorized', 'Spectators watch; they cannot act.');
  return handler.authorize(state, intent);
}
