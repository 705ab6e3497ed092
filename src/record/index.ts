/**
 * The record of the game (issue 7): results and scoring, the game record and PGN, scoresheets in
 * text, large print and braille (Unicode and BRF). Pure: no DOM, no time, no randomness.
 */
export * from './results.ts';
export * from './braille.ts';
export * from './pgn.ts';
export * from './scoresheet.ts';
export { tRecord } from './messages.ts';
export * from './fromMatch.ts';
export * from './manualScore.ts';
export * from './times.ts';
