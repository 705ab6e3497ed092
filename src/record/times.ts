/**
 * Times as the records write them (issue 28): the clock reading after a move in whole seconds (PGN
 * `[%clk H:MM:SS]`, the scoresheets, the evidence log), and the date and time a game started in the
 * players' time zone (PGN `Date` and `Time`, with `UTCDate` and `UTCTime`). Pure: the time zone is
 * the offset the screen passes in, never looked up here.
 */
import { formatClock } from '../core/index.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * A clock reading in whole seconds, rounded to the nearest (a half second up): 2:29:27.88 is
 * 2:29:28, 0.4 s is 0:00:00, 59.6 s is 0:01:00. Why rounding: a FIDE scoresheet has no rule for
 * fractions (a player writes down what his clock shows), chess.com's PGNs keep tenths, and
 * lichess's PGNs round (lila PgnDump writes
 * `Centis.roundSeconds`, Math.round of the centiseconds). Rounding is the reading nearest the truth
 * (never more than half a second off, where truncation is up to a whole second off and always
 * low), and a game kept here and on lichess then reads the same. A reading of 0:00:00 does not say
 * the flag fell: the result and its reason (PGN `Termination`, `Ending`) say that.
 */
export function wholeSeconds(ms: number): number {
  return Math.max(0, Math.round(ms / SECOND)) * SECOND;
}

/** A clock reading as the records write it: `H:MM:SS`, rounded to the second (`wholeSeconds`). */
export function formatReading(ms: number): string {
  return formatClock(wholeSeconds(ms));
}

/** The PGN tags of when a game started (PGN standard 8.1.1.3 Date; 9.2 Time, UTCDate, UTCTime). */
export interface PgnDateTags {
  /** `YYYY.MM.DD`, the players' local date. */
  readonly Date: string;
  /** `HH:MM:SS`, the players' local time. */
  readonly Time: string;
  readonly UTCDate: string;
  readonly UTCTime: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY.MM.DD` and `HH:MM:SS` of an instant shifted by `offset` ms, read on the UTC calendar. */
function civil(at: number, offset: number): { readonly date: string; readonly time: string } {
  const d = new Date(at + offset);
  return {
    date: `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}`,
    time: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`,
  };
}

/**
 * When a game started, as its PGN tags: `Date` and `Time` in the players' time zone (the standard's
 * local date and time, so a game begun at 23:30 in UTC+2 is dated that day, not the next), and
 * `UTCDate`/`UTCTime` as the standard defines them. `utcOffsetMinutes` is the players' offset from
 * UTC at that instant, east positive (UTC+2 → 120, UTC−5 → −300); the screen reads it from the
 * device (`-new Date(at).getTimezoneOffset()`), so daylight saving time is the one then in force.
 */
export function pgnDateTags(at: number, utcOffsetMinutes: number): PgnDateTags {
  const offset = Number.isFinite(utcOffsetMinutes) ? utcOffsetMinutes * MINUTE : 0;
  const local = civil(at, offset);
  const utc = civil(at, 0);
  return { Date: local.date, Time: local.time, UTCDate: utc.date, UTCTime: utc.time };
}
