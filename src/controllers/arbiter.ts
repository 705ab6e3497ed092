/**
 * The arbiter's screen as a pure controller (GR-63, GR-64, E93 Art 16.5): his forms and buttons —
 * a clock set to the time used, a penalty, a correction confirmed, a claim decided, the clocks
 * stopped or resumed — become intents; what he typed is read here, so a reading that is not a time
 * sends nothing. The screen (screens/arbiter) only renders.
 */
import type { Color } from '../core/index.ts';
import type { Locale } from '../i18n/index.ts';
import type { Intent, Penalty, SettingOverride } from '../match/intents.ts';
import type { MatchState, Role } from '../match/types.ts';
import type { DescribeOptions } from '../speech/describe.ts';
import { describeLogEntry, describeLogRefusal } from '../speech/evidence.ts';

export type ArbiterInput =
  /** The clock of `color` set to the time used, as typed (minutes and seconds). */
  | {
      readonly kind: 'adjustClock';
      readonly color: Color;
      readonly minutes: string;
      readonly seconds: string;
    }
  /** A penalty; the added minutes (as typed) only for the penalties that add time. */
  | { readonly kind: 'penalize'; readonly color: Color; readonly penalty: Penalty; readonly minutes: string }
  | { readonly kind: 'confirmCorrection' }
  | { readonly kind: 'decideClaim'; readonly upheld: boolean }
  | { readonly kind: 'stopClocks' }
  | { readonly kind: 'resumeClocks' }
  /** A supplement setting adapted locally (BL-03): the relay mode, a sighted assistant allowed. */
  | { readonly kind: 'overrideSetting'; readonly override: SettingOverride };

export interface ArbiterOutput {
  readonly intents: readonly Intent[];
}

const BY = 'arbiter' as const;

/** One line of the evidence log (BL-28) as the arbiter reads it. */
export interface EvidenceRow {
  readonly seq: number;
  readonly at: number;
  readonly by: Role | 'twinboard';
  /** What was done, in the arbiter's locale and vocabulary. */
  readonly what: string;
  /** Why it was refused, in the same words the player heard, or null. */
  readonly refusal: string | null;
  readonly refused: boolean;
}

/** The evidence log in the arbiter's own locale and vocabulary. */
export function evidenceRows(state: MatchState, locale: Locale, words: DescribeOptions = {}): EvidenceRow[] {
  return state.log.map((l) => ({
    seq: l.seq,
    at: l.at,
    by: l.by,
    what: describeLogEntry(locale, l, words),
    refusal: describeLogRefusal(locale, l, words),
    refused: l.refused,
  }));
}

/** A typed number of minutes or seconds, or null when it is not one. */
function amount(text: string): number | null {
  const n = Number(text.trim() === '' ? '0' : text);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** One step of the arbiter's screen: the intents to send. */
export function arbiterStep(input: ArbiterInput): ArbiterOutput {
  switch (input.kind) {
    case 'adjustClock': {
      const minutes = amount(input.minutes);
      const seconds = amount(input.seconds);
      if (minutes === null || seconds === null) return { intents: [] };
      const usedMs = Math.round((minutes * 60 + seconds) * 1000);
      return { intents: [{ kind: 'adjustClock', color: input.color, usedMs, by: BY }] };
    }
    case 'penalize': {
      const addsTime = input.penalty === 'timeAddedToOffender' || input.penalty === 'timeAddedToOpponent';
      const minutes = amount(input.minutes);
      if (addsTime && minutes === null) return { intents: [] };
      return {
        intents: [
          {
            kind: 'penalize',
            color: input.color,
            penalty: input.penalty,
            ...(addsTime ? { ms: Math.round((minutes ?? 0) * 60_000) } : {}),
            by: BY,
          },
        ],
      };
    }
    case 'confirmCorrection':
    case 'stopClocks':
    case 'resumeClocks':
      return { intents: [{ kind: input.kind, by: BY }] };
    case 'decideClaim':
      return { intents: [{ kind: 'decideClaim', upheld: input.upheld, by: BY }] };
    case 'overrideSetting':
      return { intents: [{ kind: 'overrideSetting', override: input.override, by: BY }] };
  }
}
