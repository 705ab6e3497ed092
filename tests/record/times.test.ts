// Issue 28: the records' clock readings in whole seconds (rounded to the nearest, as lichess's PGNs
// do) and the PGN date and time of a game in the players' time zone, from the offset the screen
// gives.
import { describe, expect, test } from 'vitest';
import { formatReading, pgnDateTags, wholeSeconds } from '../../src/record/index.ts';

const H = 3_600_000;
const M = 60_000;
const S = 1000;

describe('a clock reading in a record is whole seconds, rounded to the nearest', () => {
  test.each([
    ['the issue’s 2:29:27.88', 2 * H + 29 * M + 27_880, '2:29:28'],
    ['2:29:45.845', 2 * H + 29 * M + 45_845, '2:29:46'],
    ['2:29:27.4', 2 * H + 29 * M + 27_400, '2:29:27'],
    ['a half second, up', 7_100_500, '1:58:21'],
    ['0.4 s', 400, '0:00:00'],
    ['0.6 s', 600, '0:00:01'],
    ['59.6 s, up into the next minute', 59_600, '0:01:00'],
    ['59.4 s', 59_400, '0:00:59'],
    ['just under the hour, up to it', H - 300, '1:00:00'],
    ['just over the hour', H + 499, '1:00:00'],
    ['one second under the hour', H - S, '0:59:59'],
    ['whole seconds stay', 5_400_000, '1:30:00'],
    ['zero', 0, '0:00:00'],
    ['below zero (a fallen flag) reads zero', -1_500, '0:00:00'],
  ])('%s', (_, ms, text) => {
    expect(formatReading(ms)).toBe(text);
    expect(wholeSeconds(ms) % S).toBe(0);
  });
});

describe('the PGN date and time are the players’ local ones, with UTCDate and UTCTime', () => {
  test('23:30 in UTC+2: that day, 21:30 UTC', () => {
    expect(pgnDateTags(Date.UTC(2026, 10, 22, 21, 30), 120)).toEqual({
      Date: '2026.11.22',
      Time: '23:30:00',
      UTCDate: '2026.11.22',
      UTCTime: '21:30:00',
    });
  });

  test('00:30 in UTC-5: that day, 05:30 UTC', () => {
    expect(pgnDateTags(Date.UTC(2026, 10, 22, 5, 30), -300)).toEqual({
      Date: '2026.11.22',
      Time: '00:30:00',
      UTCDate: '2026.11.22',
      UTCTime: '05:30:00',
    });
  });

  test('across midnight UTC: 00:30 in UTC+2 is the day before in UTC', () => {
    expect(pgnDateTags(Date.UTC(2026, 10, 21, 22, 30), 120)).toEqual({
      Date: '2026.11.22',
      Time: '00:30:00',
      UTCDate: '2026.11.21',
      UTCTime: '22:30:00',
    });
  });

  test('across midnight UTC: 23:30 in UTC-5 is the next day in UTC', () => {
    expect(pgnDateTags(Date.UTC(2026, 10, 23, 4, 30), -300)).toEqual({
      Date: '2026.11.22',
      Time: '23:30:00',
      UTCDate: '2026.11.23',
      UTCTime: '04:30:00',
    });
  });

  test('a New Year’s Eve game in UTC+5:45 and seconds cut, not rounded (the time of day, as a clock shows it)', () => {
    expect(pgnDateTags(Date.UTC(2026, 11, 31, 18, 20, 59, 900), 345)).toEqual({
      Date: '2027.01.01',
      Time: '00:05:59',
      UTCDate: '2026.12.31',
      UTCTime: '18:20:59',
    });
  });

  test('an offset that is not a number reads as UTC', () => {
    expect(pgnDateTags(Date.UTC(2026, 10, 22, 23, 30), Number.NaN).Date).toBe('2026.11.22');
  });
});
