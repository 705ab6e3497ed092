/**
 * The arbiter's screen model (GR-63, GR-64, E93 Art 16.5): over the room's session, the difference
 * between the boards and its proposed correction, the claim to decide, the clock floors warned about
 * at his last adjustment, what he may confirm or adapt, and the evidence log in his own words
 * (BL-28); his forms and buttons enter `input` once and go to the session as intents (arbiter.ts
 * reads what he typed). He has no channel to a player (GR-97). The React screen (screens/arbiter)
 * and the headless driver (officialDrivers.ts) run this same code.
 */
import type { Locale } from '../i18n/index.ts';
import type { MatchEvent } from '../match/events.ts';
import type { RoomView } from '../session/room.ts';
import type { DescribeOptions } from '../speech/describe.ts';
import { arbiterStep, evidenceRows, type ArbiterInput, type EvidenceRow } from './arbiter.ts';
import { may } from './rights.ts';
import type { RoomSource } from './roomSource.ts';

export interface ArbiterScreenView {
  readonly room: RoomView;
  /** The clock adjustment last made, with the floors it fell under (E88/E93), if any. */
  readonly lastAdjustment: Extract<MatchEvent, { type: 'clockAdjusted' }> | null;
  readonly mayConfirmCorrection: boolean;
  readonly mayOverride: boolean;
  readonly evidence: readonly EvidenceRow[];
}

export interface ArbiterOptions {
  readonly locale: Locale;
  /** The arbiter's vocabulary for the evidence log's squares, pieces and moves. */
  readonly words?: DescribeOptions;
}

export interface ArbiterModel {
  subscribe(listener: () => void): () => void;
  /** Null until the room has arrived. */
  getView(): ArbiterScreenView | null;
  input(input: ArbiterInput): void;
  /** The arbiter's words, taken at once for the next `getView` (nothing is notified). */
  setOptions(options: ArbiterOptions): void;
}

export function arbiterScreenView(room: RoomView, options: ArbiterOptions): ArbiterScreenView {
  const { state, role } = room;
  const adjusted = room.recent.flatMap((f) => f.events).filter((e) => e.type === 'clockAdjusted');
  return {
    room,
    lastAdjustment: adjusted.at(-1) ?? null,
    mayConfirmCorrection: may(state, role, { kind: 'confirmCorrection' }),
    mayOverride: may(state, role, {
      kind: 'overrideSetting',
      override: { setting: 'relay', value: 'automatic' },
    }),
    evidence: evidenceRows(state, options.locale, options.words),
  };
}

export function createArbiterModel(source: RoomSource, initialOptions: ArbiterOptions): ArbiterModel {
  let options = initialOptions;
  let snapshot: ArbiterScreenView | null = null;
  let seenOptions = options;
  const getView = () => {
    const room = source.room().view;
    if (!room) return null;
    if (snapshot?.room !== room || seenOptions !== options) snapshot = arbiterScreenView(room, options);
    seenOptions = options;
    return snapshot;
  };
  return {
    subscribe: (listener) => source.subscribeRoom(listener),
    getView,
    input(input) {
      const role = getView()?.room.role;
      if (!role) return;
      for (const { by: _by, ...intent } of arbiterStep(input).intents)
        source.dispatch({ ...intent, by: role } as Parameters<RoomSource['dispatch']>[0]);
    },
    setOptions(next) {
      // The same words again keep the snapshot (the screen hands them over at every render).
      if (next.locale !== options.locale || next.words?.vocabulary !== options.words?.vocabulary)
        options = next;
    },
  };
}
