// A move said or typed becomes the aperture steps still to do, in the order the rules allow.
import { describe, expect, test } from 'vitest';
import {
  createAperture,
  lift,
  place,
  type ApertureOptions,
  PROFILES,
  DEFAULT_PROFILE_ID,
} from '../../src/core/index.ts';
import { planMove, planCommand, type InputContext } from '../../src/controllers/blind/spokenInput.ts';

const profile = PROFILES[DEFAULT_PROFILE_ID];
function ctx(
  fen: string,
  options: Partial<ApertureOptions> = {},
  steps: [string, string][] = [],
): InputContext {
  const a0 = createAperture(fen, 'both', options);
  if (!a0.ok) throw new Error('fen');
  let a = a0.value;
  for (const [kind, sq] of steps) a = (kind === 'lift' ? lift(a, sq, profile) : place(a, sq, profile)).state;
  return { aperture: a, profile };
}
const kinds = (intents: ReturnType<typeof planMove>) =>
  intents.map(
    (i) =>
      `${i.kind}${'square' in i ? ` ${i.square}` : ''}${'uci' in i && i.uci ? ` ${i.uci}` : ''}${'piece' in i ? ` ${i.piece}` : ''}`,
  );

describe('planMove', () => {
  test('nothing touched: lift, place, announce', () => {
    expect(kinds(planMove(ctx('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'), 'g1f3'))).toEqual([
      'lift g1',
      'place f3',
      'announce g1f3',
    ]);
  });

  test('explicit removal: a normal capture clears the square first, en passant removes after the placement', () => {
    const capture = ctx('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1', { captureRemoval: 'explicit' });
    expect(kinds(planMove(capture, 'e4d5'))).toEqual([
      'lift e4',
      'removeCaptured d5',
      'place d5',
      'announce e4d5',
    ]);
    const ep = ctx('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2', { captureRemoval: 'explicit' });
    expect(kinds(planMove(ep, 'e5d6'))).toEqual([
      'lift e5',
      'place d6',
      'removeCaptured d5',
      'announce e5d6',
    ]);
  });

  test('castling with the rook placed by the player, and a promotion with its piece', () => {
    const castle = ctx('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', { castlingRook: 'player' });
    expect(kinds(planMove(castle, 'e1c1'))).toEqual([
      'lift e1',
      'place c1',
      'lift a1',
      'place d1',
      'announce e1c1',
    ]);
    expect(kinds(planMove(ctx('7k/P7/8/8/8/8/8/K7 w - - 0 1'), 'a7a8r'))).toEqual([
      'lift a7',
      'place a8',
      'choosePromotion r',
      'announce a7a8r',
    ]);
  });

  test('a piece in hand is placed; a placed move is only announced', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(kinds(planMove(ctx(start, {}, [['lift', 'e2']]), 'e2e4'))).toEqual(['place e4', 'announce e2e4']);
    expect(
      kinds(
        planMove(
          ctx(start, {}, [
            ['lift', 'e2'],
            ['place', 'e4'],
          ]),
          'e2e4',
        ),
      ),
    ).toEqual(['announce e2e4']);
  });
});

describe('planCommand', () => {
  test('lifecycle commands become intents; yes/no with nothing pending say so', () => {
    const c = ctx('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(planCommand(c, 'lift', { square: 'e2' })).toEqual({
      kind: 'intents',
      intents: [{ kind: 'lift', square: 'e2', by: 'blind' }],
    });
    expect(planCommand(c, 'claimFiftyMoves')).toEqual({
      kind: 'intents',
      intents: [{ kind: 'claim', claim: 'fiftyMoves', by: 'blind' }],
    });
    expect(planCommand(c, 'yes')).toEqual({ kind: 'nothingPending' });
    expect(planCommand(c, 'readSquare')).toEqual({ kind: 'notUnderstood' });
  });
});
