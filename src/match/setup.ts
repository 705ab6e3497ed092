/**
 * Creating a match and the facts derived from its setup: the rule edition (core profile), which
 * colour each seat plays, who has an accessible aperture board, which duties an assistant holds
 * (BL-29, BL-35), the apertures of both boards, and the defaults of rules-spec §3 (E93 + S85,
 * automatic relay without an assistant, assisted relay with one).
 */
import {
  CLOCK_PRESETS,
  createAperture,
  createClock,
  createGame,
  currentFen,
  DEFAULT_PROFILE_ID,
  err,
  getProfile,
  ok,
  playMoves,
  press,
  START_FEN,
  type ApertureOptions,
  type ApertureState,
  type Clock,
  type Color,
  type Game,
  type Profile,
  type ProfileId,
  type Result,
  type TimeControl,
  withItem,
  GrowingList,
} from '../core/index.ts';
import {
  DUTIES,
  ROLES,
  type Duty,
  type MatchSetup,
  type MatchState,
  type Pairing,
  type Participants,
  type PlayerRole,
  type PlyRecord,
  type SeatBoard,
  type RelayMode,
  type Role,
} from './types.ts';

/** Options for `createMatch`; everything has a default. */
export interface MatchOptions {
  readonly profileId?: ProfileId;
  readonly pairing?: Pairing;
  readonly blindColor?: Color;
  /** Default: automatic without an assistant, assisted with one (BL-24). */
  readonly relay?: RelayMode;
  /** Honoured where the supplement allows "any or all" (S85); otherwise all six (BL-29). */
  readonly assistantDuties?: readonly Duty[];
  /** Default: Skopje 1972 (40 moves in 2½ h, then 16 per hour). */
  readonly timeControl?: TimeControl;
  readonly startFen?: string;
  /** Moves already played (a resumed game); their clock readings are unknown. */
  readonly moves?: readonly string[];
  readonly requireRepetition?: boolean;
  readonly captureRemoval?: 'onDrop' | 'explicit';
  readonly castlingRook?: 'automatic' | 'player';
  readonly sightedTouchMove?: 'strict' | 'advisory';
  /** Where the edition makes two boards optional (S85), either player may demand them later. Default on. */
  readonly twinBoards?: boolean;
  /** BL-13 CONFIG: start the opponent's clock automatically this long after the move is executed. */
  readonly autoPressAfterMs?: number | null;
  /** GR-73: structured sealed-move entry (DEFAULT) or free-text sealing (CONFIG). */
  readonly sealing?: 'structured' | 'freeText';
  /** A practice game against the computer (take-backs allowed). */
  readonly practice?: boolean;
  /** Competition mode from the start (the arbiter may switch it later, checklist 84). Default off. */
  readonly competition?: boolean;
  /** The event's default time for a late arrival. Default one hour (001 Art 10.15). */
  readonly lateArrivalMs?: number;
  /** The blind player keeps his own typed score (`typed`) or Twinboard writes it (DEFAULT). */
  readonly blindScore?: 'automatic' | 'typed';
  /** Roles present at creation. Default: the two players. */
  readonly roles?: readonly Role[];
}

export interface SetupError {
  readonly code: 'invalidFen' | 'illegalMove' | 'assistantConflict' | 'noPlayers';
  readonly message: string;
}

/** 000 Art 17.2; 003 Art 10.13; 001 Art 10.15: "more than one hour" late loses. */
export const LATE_ARRIVAL_DEFAULT_MS = 60 * 60_000;

/** The profile of a match. */
export function profileOf(state: { readonly setup: MatchSetup }): Profile {
  const edition = getProfile(state.setup.profileId);
  return state.setup.ruleOverrides ? { ...edition, ...state.setup.ruleOverrides } : edition;
}

/** Whether the supplement has the S85 breadth: "any or all" duties, either player's move, both players' moves. */
export function isS85Style(profile: Profile): boolean {
  return profile.assistantDuties === 'anyOrAll';
}

/**
 * A new match in the `setup` phase; the clocks stand until `startGame`. The local-opponent setup is
 * simply `createMatch({ blindColor: 'w' })`: automatic relay, both players on one device.
 */
export function createMatch(options: MatchOptions = {}): Result<MatchState, SetupError> {
  const profileId = options.profileId ?? DEFAULT_PROFILE_ID;
  const profile = getProfile(profileId);
  const roles = options.roles ?? ['blind', 'sighted'];
  if (!roles.includes('blind') || !roles.includes('sighted'))
    return err({ code: 'noPlayers', message: 'A match needs both players.' });
  // BL-05: the sighted player's assistant only while the blind player has none.
  if (roles.includes('blindAssistant') && roles.includes('sightedAssistant'))
    return err({
      code: 'assistantConflict',
      message: 'The sighted player may have an assistant only if the blind player has none (r.10).',
    });
  const created = createGame(options.startFen ?? START_FEN);
  if (!created.ok) return err({ code: 'invalidFen', message: created.error.message });
  const played = playMoves(created.value, options.moves ?? []);
  if (!played.ok) return err({ code: 'illegalMove', message: played.error.message });
  const game = played.value;
  const hasAssistant = roles.includes('blindAssistant') || roles.includes('sightedAssistant');
  const timeControl = options.timeControl ?? CLOCK_PRESETS.skopje1972;
  const setup: MatchSetup = {
    profileId,
    pairing: options.pairing ?? 'sightedVsBlind',
    blindColor: options.blindColor ?? 'w',
    relay: options.relay ?? (hasAssistant ? 'assisted' : 'automatic'),
    assistantDuties: isS85Style(profile)
      ? DUTIES.filter((d) => (options.assistantDuties ?? DUTIES).includes(d))
      : DUTIES,
    timeControl,
    startFen: game.startFen,
    requireRepetition: options.requireRepetition ?? false,
    captureRemoval: options.captureRemoval ?? 'onDrop',
    castlingRook: options.castlingRook ?? 'automatic',
    sightedTouchMove: options.sightedTouchMove ?? 'strict',
    // BL-01: obligatory in S72/S80.
    twinBoards: profile.twinBoards === 'obligatory' ? true : (options.twinBoards ?? true),
    allowSightedAssistant: false,
    autoPressAfterMs: options.autoPressAfterMs ?? null,
    sealing: options.sealing ?? 'structured',
    practice: options.practice ?? false,
    competition: options.competition ?? false,
    lateArrivalMs: options.lateArrivalMs ?? LATE_ARRIVAL_DEFAULT_MS,
    blindScore: options.blindScore ?? 'automatic',
  };
  const participants = Object.fromEntries(ROLES.map((r) => [r, roles.includes(r)])) as Record<Role, boolean>;
  return ok({
    setup,
    participants: participants as Participants,
    ...gameAtStart(setup, game),
    annulled: [],
    log: GrowingList.empty(),
  });
}

/** The fields of a match that the game itself sets: everything but the setup, who is there and the records. */
export type GameFields = Omit<MatchState, 'setup' | 'participants' | 'annulled' | 'log'>;

/**
 * A game about to start (`setup` phase, clocks standing) from `game`'s moves, the one place that
 * builds it: a new match (`createMatch`) and the new game after an annulment (concerns/irregularities).
 */
export function gameAtStart(setup: MatchSetup, game: Game): GameFields {
  const clock = clockAfterMoves(setup.timeControl, game);
  return {
    phase: 'setup',
    boards: {
      blind: { game, aperture: apertureFor(setup, 'blind', currentFen(game)) },
      sighted: { game, aperture: apertureFor(setup, 'sighted', currentFen(game)) },
    },
    scores: { blind: game.moves, sighted: game.moves },
    plies: playedPlies(game),
    earlyRepetition: null,
    relayHand: null,
    declaredMove: null,
    boundPiece: null,
    readySince: null,
    clock,
    clockAtStart: clock,
    drawOffer: null,
    claim: null,
    discrepancy: null,
    stoppedBy: null,
    flagged: { w: false, b: false },
    result: null,
    adjournment: null,
    sessionStartedAt: null,
    touchNaming: null,
  };
}

/** Plies of a resumed game: announced, repeated and executed, with no clock readings. */
function playedPlies(game: Game): PlyRecord[] {
  let g: Game = { startFen: game.startFen, moves: [] };
  return game.moves.map((uci, i) => {
    const fen = currentFen(g);
    const color: Color = fen.split(' ')[1] === 'b' ? 'b' : 'w';
    const next = playMoves(g, [uci]);
    if (next.ok) g = next.value;
    return {
      ply: i + 1,
      color,
      uci,
      san: uci,
      announced: uci,
      announcedBy: 'twinboard',
      repeated: uci,
      repeatedBy: 'twinboard',
      executed: uci,
      executedBy: 'twinboard',
      completedAt: 0,
      clockAfter: null,
    };
  });
}

/** A stopped clock that has counted the moves of a resumed game (times unknown: none used). */
export function clockAfterMoves(control: TimeControl, game: Game): Clock {
  const first: Color = game.startFen.split(' ')[1] === 'b' ? 'b' : 'w';
  let side = first;
  let clock: Clock = { ...createClock(control), running: side, since: 0, paused: null };
  for (let i = 0; i < game.moves.length; i++) {
    // Zero-time presses count the moves and reach the period quotas without using time.
    const pressed = press(clock, side, 0);
    if (pressed.ok) clock = pressed.value;
    side = opposite(side);
  }
  return { ...clock, running: null, since: null, paused: side };
}

/** Aperture options for a seat: the VH board's lifecycle, or normal rules on the sighted board (BL-11). */
function apertureOptions(setup: MatchSetup, seat: PlayerRole): ApertureOptions {
  return hasAccessibleBoard(setup, seat)
    ? {
        kind: 'aperture',
        captureRemoval: setup.captureRemoval,
        castlingRook: setup.castlingRook,
        touchMove: 'strict',
      }
    : {
        kind: 'sighted',
        captureRemoval: 'onDrop',
        castlingRook: 'automatic',
        touchMove: setup.sightedTouchMove,
      };
}

/** A fresh aperture for a seat's board at `fen`. */
export function apertureFor(setup: MatchSetup, seat: PlayerRole, fen: string): ApertureState {
  const r = createAperture(fen, colorOf(setup, seat), apertureOptions(setup, seat));
  // The FEN comes from a replayed Game, so it is valid; a failure here is a Twinboard bug.
  if (!r.ok) throw new Error(`Twinboard bug: board position does not parse: ${r.error.message}`);
  return r.value;
}

/** The colour a player seat plays. */
export function colorOf(setup: MatchSetup, seat: PlayerRole): Color {
  return seat === 'blind' ? setup.blindColor : opposite(setup.blindColor);
}

/** The seat that plays `color`. */
export function seatOf(setup: MatchSetup, color: Color): PlayerRole {
  return color === setup.blindColor ? 'blind' : 'sighted';
}

/** The other seat. */
export function otherSeat(seat: PlayerRole): PlayerRole {
  return seat === 'blind' ? 'sighted' : 'blind';
}

/** The opposite colour. */
export function opposite(color: Color): Color {
  return color === 'w' ? 'b' : 'w';
}

/** Whether a seat plays on an accessible aperture board (BL-02: both in VH-vs-VH games). */
export function hasAccessibleBoard(setup: MatchSetup, seat: PlayerRole): boolean {
  return seat === 'blind' || setup.pairing === 'blindVsBlind';
}

/** The duties a role holds (BL-29 for the VH player's assistant; BL-35 for the sighted player's). */
export function dutiesOf(setup: MatchSetup, role: Role): readonly Duty[] {
  if (role === 'blindAssistant') return setup.assistantDuties;
  // r.10: S85 duties 9(a) and (b); S72/S80 announce the sighted player's moves and make the
  // blind player's moves on the (sighted player's) board — the same two duties.
  if (role === 'sightedAssistant') return ['relay', 'announce'];
  return [];
}

/** Whether a seat's player keeps his own score (typed, BL-38(c)) instead of Twinboard writing it. */
export function keepsOwnScore(setup: MatchSetup, seat: PlayerRole): boolean {
  return seat === 'blind' && setup.blindScore === 'typed';
}

/** The scores with `uci` written on a seat's sheet, unless its player keeps his own. */
export function scoresWith(
  state: MatchState,
  seat: PlayerRole,
  uci: string,
  like: readonly string[] = NO_MOVES,
): MatchState['scores'] {
  if (keepsOwnScore(state.setup, seat)) return state.scores;
  const { blind, sighted } = state.scores;
  // One literal, as boardsWith: a spread with a computed key is slow on every move (issue 14).
  return seat === 'blind'
    ? { blind: appended(blind, uci, like), sighted }
    : { blind, sighted: appended(sighted, uci, like) };
}

/**
 * `[...moves, uci]`, or `like` where it holds just those moves: while the boards and scores agree
 * they share one array per ply instead of four equal ones, so the positions remembered for one are
 * found for all and comparing them is quick (issue 14). The arrays are never written to.
 */
export function appended(moves: readonly string[], uci: string, like: readonly string[]): readonly string[] {
  const n = moves.length;
  if (like.length !== n + 1 || like[n] !== uci) return withItem(moves, uci);
  for (let i = 0; i < n; i++) if (like[i] !== moves[i]) return withItem(moves, uci);
  return like;
}

const NO_MOVES: readonly string[] = [];

/** The player seat a role belongs to: the player himself or his assistant. */
export function seatOfRole(role: Role): PlayerRole | null {
  if (role === 'blind' || role === 'blindAssistant') return 'blind';
  if (role === 'sighted' || role === 'sightedAssistant') return 'sighted';
  return null;
}

/** The colour to move after the plies logged so far. */
export function turnOf(state: MatchState): Color {
  const first = sideToMove(state.setup.startFen);
  return state.plies.length % 2 === 0 ? first : opposite(first);
}

/** The FEN's second field, read in place: it is asked several times per intent (issue 14). */
function sideToMove(fen: string): Color {
  const space = fen.indexOf(' ');
  if (space < 0) return 'w';
  const end = fen.indexOf(' ', space + 1);
  return fen.slice(space + 1, end < 0 ? undefined : end) === 'b' ? 'b' : 'w';
}

/**
 * Who may see what a seat's player does with his hands: everyone except an opponent who cannot see
 * the board (a VH player is told the opponent's move by its announcement only, GR-62).
 */
export function seersOf(state: MatchState, seat: PlayerRole): 'everyone' | Role[] {
  const other = otherSeat(seat);
  if (!hasAccessibleBoard(state.setup, other)) return 'everyone';
  return ROLES_BUT[other];
}

/**
 * The boards with one seat's replaced: one literal (blind, then sighted), as `createMatch` lays
 * them out, instead of a spread with a computed key, which is slow on every move (issue 14).
 */
export function boardsWith(
  boards: MatchState['boards'],
  seat: PlayerRole,
  board: SeatBoard,
): MatchState['boards'] {
  return seat === 'blind'
    ? { blind: board, sighted: boards.sighted }
    : { blind: boards.blind, sighted: board };
}

/** Every role but one player's, listed once (events are data and never written to). */
const ROLES_BUT: Readonly<Record<PlayerRole, Role[]>> = {
  blind: ROLES.filter((r) => r !== 'blind'),
  sighted: ROLES.filter((r) => r !== 'sighted'),
};
