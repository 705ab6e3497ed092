import { afterAll, describe, expect, it } from 'vitest';
import { findMove } from '../../src/core/index.ts';
import { createNodeEngine } from '../../src/engine/node.ts';
import { chooseMove, levelSearch, LEVELS } from '../../src/engine/levels.ts';
import { scoreCp } from '../../src/engine/review.ts';
import { mulberry32 } from '../helpers/prng.ts';

// The side to move must recapture (or lose a piece): few moves keep the material.
const RECAPTURES = [
  'rnbqkb1r/pppp1ppp/5B2/4p3/4P3/8/PPPP1PPP/RN1QKBNR b KQkq - 0 1',
  'rnbqk1nr/pppp1ppp/8/4p3/4P3/2b5/PPPP1PPP/R1BQKBNR w KQkq - 0 1',
  'r1bqkbnr/pppp1ppp/8/4p3/3NP3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 1',
  'rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBqKBNR w KQkq - 0 1',
];

// Mate in two, the side to move mating (checked with the engine when the set was made).
const MATES_IN_TWO = [
  'k7/8/2K5/8/8/8/8/7R w - - 0 1',
  'r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1',
  '2bqkbn1/2pppp2/np2N3/r3P1p1/p2N2B1/5Q2/PPPPKPP1/RNB2r2 w KQkq - 0 1',
  '6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1',
];

describe('the computer’s levels', () => {
  const engine = createNodeEngine();
  afterAll(() => engine.dispose());
  const judge = { depth: 8 };

  it('has eight levels', () => expect(LEVELS).toHaveLength(8));

  it('at the lowest level loses material in simple positions some of the time, not always', async () => {
    const random = mulberry32(2026);
    let tries = 0;
    let losses = 0;
    for (const fen of RECAPTURES) {
      const best = scoreCp((await engine.search(fen, judge)).lines[0]!.score);
      for (let i = 0; i < 4; i++) {
        const uci = chooseMove(1, await engine.search(fen, levelSearch(1)), random);
        const move = findMove(fen, uci ?? '');
        expect(move.ok).toBe(true);
        if (!move.ok) continue;
        const after = await engine.search(move.value.fenAfter, judge);
        const played = -scoreCp(after.lines[0]!.score);
        tries++;
        // A minor piece or more given away.
        if (best - played >= 250) losses++;
      }
    }
    expect(losses).toBeGreaterThan(0);
    expect(losses).toBeLessThan(tries);
  });

  it('at the highest level finds the mate in every mate-in-two position', async () => {
    for (const fen of MATES_IN_TWO) {
      const uci = chooseMove(8, await engine.search(fen, levelSearch(8, { movetimeMs: 500 })), Math.random);
      const move = findMove(fen, uci ?? '');
      expect(move.ok).toBe(true);
      if (!move.ok) continue;
      // Whatever the defence, the next move mates.
      const reply = await engine.search(move.value.fenAfter, { depth: 6 });
      expect(reply.lines[0]?.score).toEqual({ kind: 'mate', value: -1 });
    }
  });
});
