/**
 * What a paired game is created with: the time controls offered, the roles a creator or a joiner
 * may take, the form's choices and the match options they become (validated by the server).
 */
import { CLOCK_PRESETS, fischer, type TimeControl } from '../../core/clock.ts';
import { DEFAULT_PROFILE_ID, type ProfileId } from '../../core/profiles.ts';
import { DUTIES, ROLES, type Duty, type Pairing, type RelayMode, type Role } from '../../match/types.ts';
import { LATE_ARRIVAL_DEFAULT_MS } from '../../match/setup.ts';
import type { Json } from '../../net/protocol.ts';

const MINUTE = 60_000;

/** Time controls offered at setup (checklist 43 presets and two common ones). */
export const TIME_CONTROLS: readonly TimeControl[] = [
  CLOCK_PRESETS.skopje1972,
  CLOCK_PRESETS.fortyIn2hThen20In1h,
  CLOCK_PRESETS.fiftyIn150Then20PerHour,
  { label: '90 min', periods: [{ moves: null, timeMs: 90 * MINUTE }], repeatLast: false },
  fischer(15, 10),
  { label: '5 min', periods: [{ moves: null, timeMs: 5 * MINUTE }], repeatLast: false },
];

export const CREATOR_ROLES: readonly Role[] = ['blind', 'sighted', 'arbiter'];
// Anyone may join a room, in any role (BL-04).
export const JOIN_ROLES: readonly Role[] = ROLES;
export type AssistantChoice = 'none' | 'blind' | 'sighted';

/** The room configuration sent with `create` (MatchOptions as JSON). */
export interface SetupChoices {
  readonly profileId: ProfileId;
  readonly pairing: Pairing;
  readonly blindColor: 'w' | 'b';
  readonly timeControl: number;
  readonly relay: RelayMode;
  readonly assistant: AssistantChoice;
  readonly duties: readonly Duty[];
  readonly arbiter: boolean;
  readonly requireRepetition: boolean;
  /** No aids on any screen from the start (checklist 84); the arbiter may switch it in play. */
  readonly competition: boolean;
  /** `typed`: the blind player's own typed score is his scoresheet for rules 7 and 8. */
  readonly blindScore: 'automatic' | 'typed';
  /** The event's default time for a late arrival, in minutes. */
  readonly lateArrivalMinutes: number;
}

export const DEFAULT_CHOICES: SetupChoices = {
  profileId: DEFAULT_PROFILE_ID,
  pairing: 'sightedVsBlind',
  blindColor: 'w',
  timeControl: 0,
  relay: 'automatic',
  assistant: 'none',
  duties: DUTIES,
  arbiter: false,
  requireRepetition: false,
  competition: false,
  blindScore: 'automatic',
  lateArrivalMinutes: LATE_ARRIVAL_DEFAULT_MS / MINUTE,
};

/** Turns the form's choices into the match options the server validates. */
export function configOf(choices: SetupChoices): { readonly [key: string]: Json } {
  const roles: Role[] = ['blind', 'sighted'];
  if (choices.assistant === 'blind') roles.push('blindAssistant');
  if (choices.assistant === 'sighted') roles.push('sightedAssistant');
  if (choices.arbiter) roles.push('arbiter');
  const tc = TIME_CONTROLS[choices.timeControl] ?? CLOCK_PRESETS.skopje1972;
  return {
    profileId: choices.profileId,
    pairing: choices.pairing,
    blindColor: choices.blindColor,
    relay: choices.relay,
    assistantDuties: [...choices.duties],
    timeControl: JSON.parse(JSON.stringify(tc)) as Json,
    requireRepetition: choices.requireRepetition,
    competition: choices.competition,
    blindScore: choices.blindScore,
    lateArrivalMs: choices.lateArrivalMinutes * MINUTE,
    roles,
  };
}
