/**
 * Headless officials' screens: the assistant's and the arbiter's screen models (the same code their
 * React screens run) on a headless room (roomSource.ts) folded from one log, where the players'
 * intents are dispatched too. A journey at the table can be asserted as each official meets it,
 * without a DOM or a server.
 */
import type { Clock } from '../ports/clock.ts';
import type { Intent } from '../match/intents.ts';
import type { MatchOptions } from '../match/setup.ts';
import type { MatchState } from '../match/types.ts';
import type { Seat } from '../net/protocol.ts';
import type { ArbiterInput } from './arbiter.ts';
import {
  createArbiterModel,
  type ArbiterModel,
  type ArbiterOptions,
  type ArbiterScreenView,
} from './arbiterModel.ts';
import {
  createAssistantModel,
  type AssistantModel,
  type AssistantScreenInput,
  type AssistantScreenView,
} from './assistantModel.ts';
import { createHeadlessRoom, type HeadlessRoom } from './roomSource.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What both drivers share: the room, the state, and the other seats acting on it. */
abstract class OfficialDriver {
  readonly room: HeadlessRoom;

  constructor(options: MatchOptions, role: Seat, clock: Clock) {
    this.room = createHeadlessRoom(options, role, clock);
  }

  get state(): MatchState {
    const view = this.room.room().view;
    if (!view) throw new Error('The room has not arrived.');
    return view.state;
  }

  /** Another seat acts in the room (a player, the other official). */
  as(by: Intent['by'], body: DistributiveOmit<Intent, 'by'>): this {
    this.room.dispatch({ ...body, by } as Intent);
    return this;
  }
}

export class AssistantDriver extends OfficialDriver {
  readonly model: AssistantModel;

  constructor(options: MatchOptions, role: Seat = 'blindAssistant', clock: Clock = { now: () => 0 }) {
    super(options, role, clock);
    this.model = createAssistantModel(this.room);
  }

  get screen(): AssistantScreenView {
    const view = this.model.getView();
    if (!view) throw new Error('The room has not arrived.');
    return view;
  }

  input(input: AssistantScreenInput): this {
    this.model.input(input);
    return this;
  }

  /** Presses the button of the first task of `kind` (announce, execute, pressClock). */
  doTask(kind: AssistantScreenView['tasks'][number]['kind']): this {
    const task = this.screen.tasks.find((t) => t.kind === kind);
    if (!task) throw new Error(`Nothing to ${kind}`);
    return this.input({ kind: 'task', key: task.key });
  }
}

export class ArbiterDriver extends OfficialDriver {
  readonly model: ArbiterModel;

  constructor(
    options: MatchOptions,
    words: ArbiterOptions = { locale: 'en' },
    clock: Clock = { now: () => 0 },
  ) {
    super(options, 'arbiter', clock);
    this.model = createArbiterModel(this.room, words);
  }

  get screen(): ArbiterScreenView {
    const view = this.model.getView();
    if (!view) throw new Error('The room has not arrived.');
    return view;
  }

  input(input: ArbiterInput): this {
    this.model.input(input);
    return this;
  }
}
