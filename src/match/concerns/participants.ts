/**
 * Who takes part and how the game is set: joining and leaving a role (BL-04, BL-05), the demand
 * for two boards (BL-01), the arbiter's local adaptations (BL-03) and the start of the game.
 */
import { squareColor, start } from '../../core/index.ts';
import { done, no, type Handlers, type Outcome, withMatch } from '../handler.ts';
import type { IntentOf } from '../intents.ts';
import { allowed, arbiterOnly, isPlayer, playersOnly, refuse, type Right } from '../rights.ts';
import { profileOf, turnOf } from '../setup.ts';
import type { MatchState, Role } from '../types.ts';
import { sameMoves } from './twins.ts';

function doStart(state: MatchState, now: number): Outcome {
  if (state.phase !== 'setup') return no('alreadyStarted', 'The game has already started.');
  // Checklist 6: the initial position (both boards alike) and the orientation — a light square at
  // each player's right, h1 (000 Art 2.2; 001 Art 1.2) — are verified before the clock starts.
  const { blind, sighted } = state.boards;
  if (
    !sameMoves(blind.game.moves, sighted.game.moves) ||
    blind.game.startFen !== sighted.game.startFen ||
    squareColor('h1') !== 'light'
  )
    return no('positionNotVerified', 'The two boards do not show the same initial position.');
  const toMove = turnOf(state);
  const started = start({ ...state.clock, running: null, since: null }, now, toMove);
  if (!started.ok) return no('clocksRunning', started.error.message);
  return done(withMatch(state, { phase: 'playing', clock: started.value, sessionStartedAt: now }), [
    { type: 'gameStarted', toMove, audience: 'everyone' },
  ]);
}

function doOverride(state: MatchState, intent: IntentOf<'overrideSetting'>): Outcome {
  const o = intent.override;
  const setup = { ...state.setup };
  switch (o.setting) {
    case 'relay':
      setup.relay = o.value;
      break;
    case 'assistantDuties':
      setup.assistantDuties = o.value;
      break;
    case 'requireRepetition':
      setup.requireRepetition = o.value;
      break;
    case 'allowSightedAssistant':
      setup.allowSightedAssistant = o.value;
      break;
    case 'twinBoards':
      // S85 intro: the tournament director may adapt even the two-board rule locally.
      setup.twinBoards = o.value;
      break;
  }
  // BL-03: overrides are logged (by `reduce`) and announced to both players.
  return done(withMatch(state, { setup }), [
    { type: 'settingOverridden', override: o, audience: 'everyone' },
  ]);
}

/** Competition mode for the room (checklist 84): set by the arbiter, heard by everyone. */
function doSetCompetition(state: MatchState, intent: IntentOf<'setCompetition'>): Outcome {
  if (state.setup.competition === intent.on)
    return no(
      'fixedSetting',
      intent.on ? 'Competition mode is already on.' : 'Competition mode is already off.',
    );
  return done(withMatch(state, { setup: { ...state.setup, competition: intent.on } }), [
    { type: 'competitionSet', on: intent.on, by: intent.by, audience: 'everyone' },
  ]);
}

/**
 * Whether aids — legal-move read-outs, move hints, practice hints — may be offered to anyone at
 * this table: never in competition (000 Art 19.1; 003/001 Art 15.1; checklist 69, 84).
 */
export function aidsAllowed(state: { readonly setup: { readonly competition: boolean } }): boolean {
  return !state.setup.competition;
}

/** Only the person taking a role joins or leaves it; one assistant at the table (BL-05). */
function roleRight(
  state: MatchState,
  intent: { readonly by: Role; readonly role: Role; readonly kind: string },
): Right {
  const role = intent.by;
  if (intent.role !== role)
    return refuse('notAuthorized', 'Only the person taking a role can join or leave it.');
  if (intent.kind === 'leave') return allowed;
  if (state.participants[role]) return refuse('roleTaken', 'That role is taken.');
  // BL-05: the sighted player's assistant only while the blind player has none (S85: arbiter override).
  const oneAssistant =
    profileOf(state).sightedAssistantOnlyWhenVhHasNone && !state.setup.allowSightedAssistant;
  if (role === 'sightedAssistant' && state.participants.blindAssistant && oneAssistant)
    return refuse(
      'assistantConflict',
      'The sighted player may have an assistant only if the blind player has none.',
    );
  if (role === 'blindAssistant' && state.participants.sightedAssistant && oneAssistant)
    return refuse(
      'assistantConflict',
      'The sighted player’s assistant must leave before the blind player’s joins.',
    );
  return allowed;
}

const anyPhase = { anyPhase: true } as const;

export const participantHandlers: Pick<
  Handlers,
  'join' | 'leave' | 'setTwinBoards' | 'overrideSetting' | 'startGame' | 'setCompetition'
> = {
  setCompetition: {
    authorize: arbiterOnly('Only the arbiter sets competition mode.'),
    apply: doSetCompetition,
    when: anyPhase,
  },
  join: {
    authorize: roleRight,
    apply: (state, intent) =>
      done(withMatch(state, { participants: { ...state.participants, [intent.role]: true } }), [
        { type: 'joined', role: intent.role, audience: 'everyone' },
      ]),
    when: anyPhase,
  },
  leave: {
    authorize: roleRight,
    apply: (state, intent) => {
      if (intent.role === 'blind' || intent.role === 'sighted')
        return no('notEntitled', 'A player does not leave the game; he may resign.');
      return done(withMatch(state, { participants: { ...state.participants, [intent.role]: false } }), [
        { type: 'left', role: intent.role, audience: 'everyone' },
      ]);
    },
    when: anyPhase,
  },
  setTwinBoards: {
    // BL-01: either player may demand two boards; the other cannot refuse.
    authorize: playersOnly('Only a player may demand two boards.'),
    apply: (state, intent) => {
      // BL-01: a demand for two boards cannot be refused, so it cannot be withdrawn either.
      if (!intent.on && state.setup.twinBoards)
        return no('fixedSetting', 'Two boards have been demanded; the demand stands.');
      const on = state.setup.twinBoards || intent.on;
      return done(withMatch(state, { setup: { ...state.setup, twinBoards: on } }), [
        { type: 'twinBoardsSet', on, by: intent.by, audience: 'everyone' },
      ]);
    },
    when: anyPhase,
  },
  overrideSetting: {
    authorize: (state, intent) => {
      if (intent.by !== 'arbiter') return refuse('notAuthorized', 'Only the arbiter adapts the rules.');
      // BL-03: local adaptation exists only in S85.
      return profileOf(state).localAdaptation
        ? allowed
        : refuse('fixedSetting', 'This edition allows no local adaptation.');
    },
    apply: doOverride,
    when: anyPhase,
  },
  startGame: {
    authorize: (_state, intent) =>
      isPlayer(intent.by) || intent.by === 'arbiter'
        ? allowed
        : refuse('notAuthorized', 'The players or the arbiter start the game.'),
    apply: (state, _intent, now) => doStart(state, now),
    when: anyPhase,
  },
};
