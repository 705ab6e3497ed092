/** The public face of the pure chess core. Other layers import from here, never from chess.js. */
export * from './result.ts';
export * from './rules.ts';
export * from './game.ts';
export * from './notation.ts';
export * from './profiles.ts';
export * from './aperture.ts';
export * from './pgn.ts';
export * from './pgnExport.ts';
export * from './clock.ts';
export * from './claims.ts';
export * from './outcome.ts';
export * from './typedScore.ts';
export * from './lists.ts';
