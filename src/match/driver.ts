/**
 * A headless match driver (after tldraw's TestEditor): holds a state and a clock reading, feeds
 * intents through `reduce`, and keeps every event so tests — and screens' own tests — can assert
 * what each role heard. `as(role)` gives that role's verbs. Time passes only by `tick`.
 */
import { readClock, type ClockReading, type PromotionPiece, type Square } from '../core/index.ts';
import { eventsFor, type EventOf, type MatchEvent, type MatchEventType } from './events.ts';
import type { Intent, Penalty, QueryTopic, SettingOverride } from './intents.ts';
import { moverSeat } from './progress.ts';
import { observe, reduce } from './reducer.ts';
import { createMatch, type MatchOptions } from './setup.ts';
import type { AnnulReason, ClaimKind, MatchState, PlayerRole, Role } from './types.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An intent without its author (the driver's `as(role)` adds it). */
export type IntentBody = DistributiveOmit<Intent, 'by'>;

/** One role's verbs. Each returns the driver, so steps chain. */
export interface RoleDriver {
  readonly do: (body: IntentBody) => MatchDriver;
  readonly lift: (square: Square) => MatchDriver;
  readonly removeCaptured: (square: Square) => MatchDriver;
  readonly place: (square: Square) => MatchDriver;
  readonly promote: (piece: PromotionPiece) => MatchDriver;
  readonly touch: (square: Square) => MatchDriver;
  readonly move: (uci: string) => MatchDriver;
  readonly jAdoube: () => MatchDriver;
  readonly announce: (uci?: string) => MatchDriver;
  readonly correct: (uci: string) => MatchDriver;
  readonly pressClock: () => MatchDriver;
  readonly repeat: (uci?: string) => MatchDriver;
  readonly execute: (uci?: string, board?: PlayerRole) => MatchDriver;
  readonly offerDraw: () => MatchDriver;
  readonly acceptDraw: () => MatchDriver;
  readonly declineDraw: () => MatchDriver;
  readonly claim: (claim: Exclude<ClaimKind, 'touchMove'>, move?: string) => MatchDriver;
  readonly reportTouch: (square: Square) => MatchDriver;
  readonly resign: () => MatchDriver;
  readonly query: (topic: QueryTopic) => MatchDriver;
  readonly stopClocks: () => MatchDriver;
  readonly resumeClocks: () => MatchDriver;
  readonly confirmCorrection: () => MatchDriver;
  readonly decideClaim: (upheld: boolean) => MatchDriver;
  readonly adjustClock: (color: 'w' | 'b', usedMs: number) => MatchDriver;
  readonly penalize: (color: 'w' | 'b', penalty: Penalty, ms?: number) => MatchDriver;
  readonly override: (override: SettingOverride) => MatchDriver;
  readonly startGame: () => MatchDriver;
  /** Write or change the sealed move (§2.13). */
  readonly sealMove: (move: string) => MatchDriver;
  readonly adjourn: () => MatchDriver;
  readonly resume: () => MatchDriver;
  readonly claimTouch: (square?: Square) => MatchDriver;
  readonly enforceTouch: (color: 'w' | 'b', square: Square) => MatchDriver;
  readonly nameTouchedPiece: (square: Square) => MatchDriver;
  readonly reinstatePosition: (ply: number) => MatchDriver;
  readonly annulGame: (reason: AnnulReason) => MatchDriver;
  readonly judgeColoursReversed: (restart: boolean) => MatchDriver;
  readonly forfeitLateArrival: (color: 'w' | 'b') => MatchDriver;
  readonly setCompetition: (on: boolean) => MatchDriver;
  readonly writeScore: (text: string) => MatchDriver;
}

export class MatchDriver {
  state: MatchState;
  /** The current time (ms); starts at `startAt`. */
  now: number;
  /** Every event since creation, in order. */
  readonly events: MatchEvent[] = [];
  /** The events of the last intent (or tick). */
  last: readonly MatchEvent[] = [];
  /** Every intent fed in, with its time: replaying it through `reduce` rebuilds the state. */
  readonly journal: { readonly intent: Intent; readonly at: number }[] = [];

  constructor(state: MatchState, startAt = 0) {
    this.state = state;
    this.now = startAt;
  }

  /** A driver over `createMatch(options)`; throws only on an invalid test setup. */
  static create(options: MatchOptions = {}, startAt = 0): MatchDriver {
    const r = createMatch(options);
    if (!r.ok) throw new Error(`Bad test setup: ${r.error.message}`);
    return new MatchDriver(r.value, startAt);
  }

  /** A driver whose game has been started (White's clock running). */
  static started(options: MatchOptions = {}, startAt = 0): MatchDriver {
    return MatchDriver.create(options, startAt).as('blind').startGame();
  }

  /** Feeds one intent. */
  dispatch(intent: Intent): this {
    this.journal.push({ intent, at: this.now });
    const r = reduce(this.state, intent, this.now);
    this.state = r.state;
    this.last = r.events;
    this.events.push(...r.events);
    return this;
  }

  /** Lets `ms` pass (and observes flags). */
  tick(ms: number): this {
    this.now += ms;
    const r = observe(this.state, this.now);
    this.state = r.state;
    this.last = r.events;
    this.events.push(...r.events);
    return this;
  }

  as(role: Role): RoleDriver {
    const d = (body: IntentBody): MatchDriver => this.dispatch({ ...body, by: role } as Intent);
    return {
      do: d,
      lift: (square) => d({ kind: 'lift', square }),
      removeCaptured: (square) => d({ kind: 'removeCaptured', square }),
      place: (square) => d({ kind: 'place', square }),
      promote: (piece) => d({ kind: 'choosePromotion', piece }),
      touch: (square) => d({ kind: 'touch', square }),
      move: (uci) => d({ kind: 'move', uci }),
      jAdoube: () => d({ kind: 'jAdoube' }),
      announce: (uci) => d(uci === undefined ? { kind: 'announce' } : { kind: 'announce', uci }),
      correct: (uci) => d({ kind: 'correctAnnouncement', uci }),
      pressClock: () => d({ kind: 'pressClock' }),
      repeat: (uci) => d(uci === undefined ? { kind: 'repeat' } : { kind: 'repeat', uci }),
      execute: (uci, board) =>
        d({
          kind: 'execute',
          ...(uci === undefined ? {} : { uci }),
          ...(board === undefined ? {} : { board }),
        }),
      offerDraw: () => d({ kind: 'offerDraw' }),
      acceptDraw: () => d({ kind: 'acceptDraw' }),
      declineDraw: () => d({ kind: 'declineDraw' }),
      claim: (claim, move) =>
        d(move === undefined ? { kind: 'claim', claim } : { kind: 'claim', claim, move }),
      reportTouch: (square) => d({ kind: 'reportTouch', square }),
      resign: () => d({ kind: 'resign' }),
      query: (topic) => d({ kind: 'query', topic }),
      stopClocks: () => d({ kind: 'stopClocks' }),
      resumeClocks: () => d({ kind: 'resumeClocks' }),
      confirmCorrection: () => d({ kind: 'confirmCorrection' }),
      decideClaim: (upheld) => d({ kind: 'decideClaim', upheld }),
      adjustClock: (color, usedMs) => d({ kind: 'adjustClock', color, usedMs }),
      penalize: (color, penalty, ms) =>
        d(ms === undefined ? { kind: 'penalize', color, penalty } : { kind: 'penalize', color, penalty, ms }),
      override: (override) => d({ kind: 'overrideSetting', override }),
      startGame: () => d({ kind: 'startGame' }),
      sealMove: (move) => d({ kind: 'sealMove', move }),
      adjourn: () => d({ kind: 'adjourn' }),
      resume: () => d({ kind: 'resume' }),
      claimTouch: (square) =>
        d(square === undefined ? { kind: 'claimTouch' } : { kind: 'claimTouch', square }),
      enforceTouch: (color, square) => d({ kind: 'enforceTouch', color, square }),
      nameTouchedPiece: (square) => d({ kind: 'nameTouchedPiece', square }),
      reinstatePosition: (ply) => d({ kind: 'reinstatePosition', ply }),
      annulGame: (reason) => d({ kind: 'annulGame', reason }),
      judgeColoursReversed: (restart) => d({ kind: 'judgeColoursReversed', restart }),
      forfeitLateArrival: (color) => d({ kind: 'forfeitLateArrival', color }),
      setCompetition: (on) => d({ kind: 'setCompetition', on }),
      writeScore: (text) => d({ kind: 'writeScore', text }),
    };
  }

  /**
   * Plays one whole move for the side to move the way its board requires: on an aperture board
   * lift, place, promotion choice, announcement and clock press; on the sighted board the click
   * and the press. Relay, repetition and execution follow the match's setup.
   */
  play(uci: string): this {
    const seat: PlayerRole = moverSeat(this.state);
    const p = this.as(seat);
    const aperture = seat === 'blind' || this.state.setup.pairing === 'blindVsBlind';
    if (aperture) {
      p.lift(uci.slice(0, 2) as Square);
      p.place(uci.slice(2, 4) as Square);
      if (uci.length === 5) p.promote(uci[4] as PromotionPiece);
      p.announce();
    } else p.move(uci);
    p.pressClock();
    return this;
  }

  /** Every event of one type so far. */
  all<T extends MatchEventType>(type: T): EventOf<T>[] {
    return this.events.filter((e): e is EventOf<T> => e.type === type);
  }

  /** The last event of one type in the last step, if any. */
  lastOf<T extends MatchEventType>(type: T): EventOf<T> | undefined {
    return this.last.filter((e): e is EventOf<T> => e.type === type).at(-1);
  }

  /** The refusal of the last step, if it was refused. */
  get refusal(): EventOf<'refused'>['refusal'] | undefined {
    return this.lastOf('refused')?.refusal;
  }

  /** What `role` heard or saw in the last step. */
  heard(role: Role): MatchEvent[] {
    return eventsFor(this.last, role);
  }

  /** The clock as it stands now. */
  clock(): ClockReading {
    return readClock(this.state.clock, this.now);
  }
}
