import { describe, expect, it } from 'vitest';
import { MatchDriver } from '../../src/match/index.ts';
import { readClock } from '../../src/core/index.ts';
import { announce } from '../../src/speech/announce.ts';

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
/** What the blind player hears of the last step. */
const heard = (d: MatchDriver) =>
  announce(d.last, 'blind', { player: d.state.setup.blindColor }).map((u) => u.text);

describe('take-back (practice games only)', () => {
  it('takes back the player’s move and the reply, boards, scores and clocks as they stood', () => {
    const d = MatchDriver.started({ practice: true, blindColor: 'w' }, 0);
    d.tick(5_000).play('e2e4').tick(3_000).play('e7e5').tick(60_000);
    const usedBefore = readClock(d.state.clock, d.now).sides.w.usedMs;
    d.tick(7_000).play('g1f3').tick(2_000).play('b8c6');
    d.as('blind').do({ kind: 'takeBack' });
    expect(d.refusal).toBeUndefined();
    expect(d.lastOf('takenBack')).toMatchObject({ plies: 2, toMove: 'w' });
    expect(heard(d)).toEqual(['Your move and the reply taken back; White to move']);
    for (const seat of ['blind', 'sighted'] as const) {
      expect(d.state.boards[seat].game.moves).toEqual(['e2e4', 'e7e5']);
      expect(d.state.scores[seat]).toEqual(['e2e4', 'e7e5']);
    }
    expect(d.state.plies).toHaveLength(2);
    // White's clock runs again from the reading after 1...e5: the time of 2.Nf3 is given back.
    expect(d.state.clock.running).toBe('w');
    expect(readClock(d.state.clock, d.now).sides.w.usedMs).toBe(5_000);
    expect(usedBefore).toBe(65_000);
    // The game goes on.
    d.play('d2d4');
    expect(d.refusal).toBeUndefined();
  });

  it('takes back only the player’s move while the reply has not come', () => {
    const d = MatchDriver.started({ practice: true, blindColor: 'w' }, 0);
    d.play('e2e4').play('e7e5').play('g1f3');
    d.as('blind').do({ kind: 'takeBack' });
    expect(d.lastOf('takenBack')).toMatchObject({ plies: 1, toMove: 'w' });
    expect(heard(d)).toEqual(['Move taken back; White to move']);
    expect(d.state.boards.blind.game.moves).toEqual(['e2e4', 'e7e5']);
  });

  it('says when there is nothing to take back, and changes nothing', () => {
    const d = MatchDriver.started({ practice: true, blindColor: 'b' }, 0);
    d.play('e2e4');
    d.as('blind').do({ kind: 'takeBack' });
    expect(d.refusal?.code).toBe('nothingToTakeBack');
    expect(heard(d)).toEqual(['There is no move of yours to take back']);
    expect(d.state.boards.blind.aperture.fen).toBe(AFTER_E4);
  });

  it('is refused in a game between two people, which stays exactly as it was', () => {
    const d = MatchDriver.started({ blindColor: 'w' }, 0);
    d.play('e2e4').play('e7e5');
    const before = d.state.boards;
    d.as('blind').do({ kind: 'takeBack' });
    expect(d.refusal?.code).toBe('notAuthorized');
    expect(d.state.boards).toBe(before);
  });
});
