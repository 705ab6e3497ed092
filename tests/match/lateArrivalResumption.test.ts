// Late arrival at the resumption of an adjourned game (issue 12; checklist 52): the sealer absent,
// the player who must reply present. The envelope is opened for him alone (000 Art 16.2; 003/001
// Art 14.2), he may seal his reply and start the absent player's clock (000 Art 16.4; 003/001
// Art 14.4; 002 Art 16.4), and after the event's default time the absent sealer loses — unless the
// game was decided before: by the sealed move (mate, stalemate, and in E88/E93 only a position of
// insufficient material: 000 Interp 17.2 (1962); 003 Art 10.13; 001 Art 10.15) or by the present
// player's own flag (their (c)).
import { describe, expect, it } from 'vitest';
import { readClock } from '../../src/core/index.ts';
import { MatchDriver, type MatchOptions } from '../../src/match/index.ts';
import { parseWire } from '../../src/server/matchEngine.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** 1. e4 e5, White (the blind player) seals Nf3 and adjourns; five hours later the resumption. */
function adjournedAfterE4E5(options: MatchOptions = {}): MatchDriver {
  const d = MatchDriver.started(options);
  d.play('e2e4').play('e7e5');
  d.as('blind').sealMove('g1f3');
  d.as('blind').adjourn();
  return d.tick(5 * HOUR);
}

describe('the sealer is absent, no arbiter takes part', () => {
  it('the replier alone opens the envelope, seals his reply and starts the absent player’s clock; after the hour the sealer loses', () => {
    const d = adjournedAfterE4E5();
    // Without the sealer's agreement an ordinary request only waits for him.
    d.as('sighted').resume();
    expect(d.lastOf('resumeAsked')).toBeDefined();
    expect(d.state.adjournment?.phase).toBe('adjourned');
    // The blind player cannot open it for the replier, nor may the replier open it for an absent replier.
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'blind' });
    expect(d.refusal?.code).toBe('notAuthorized');
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'sighted' });
    expect(d.lastOf('sealedMoveOpened')?.move).toBe('g1f3');
    expect(d.state.boards.sighted.game.moves.at(-1)).toBe('g1f3');
    expect(d.state.clock.running).toBe('b');

    // 000 Art 16.4: "not obliged to reply to the sealed move on the chessboard".
    d.tick(5 * MIN)
      .as('sighted')
      .sealMove('b8c6');
    d.dispatch({ kind: 'adjourn', opponentAbsent: true, by: 'sighted' });
    expect(d.state.adjournment?.phase).toBe('awaitingReplier');
    expect(d.state.clock.running).toBe('w');
    expect(d.lastOf('clocksResumed')?.running).toBe('w');

    d.tick(50 * MIN)
      .as('sighted')
      .forfeitLateArrival('w');
    expect(d.refusal?.code).toBe('notLate');
    d.tick(6 * MIN)
      .as('sighted')
      .forfeitLateArrival('w');
    expect(d.state.result).toEqual({ winner: 'b', reason: 'lateArrival' });
  });

  it('the sealer arriving within the hour opens the reply envelope; his clock has run while he was away', () => {
    const d = adjournedAfterE4E5();
    const usedAtAdjournment = readClock(d.state.clock, d.now).sides.w.usedMs;
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'sighted' });
    d.as('sighted').sealMove('b8c6');
    d.dispatch({ kind: 'adjourn', opponentAbsent: true, by: 'sighted' });
    d.tick(30 * MIN)
      .as('blind')
      .resume();
    d.as('sighted').resume();
    expect(d.lastOf('sealedMoveOpened')?.move).toBe('b8c6');
    expect(d.state.boards.blind.game.moves.slice(-2)).toEqual(['g1f3', 'b8c6']);
    expect(d.state.clock.running).toBe('w');
    expect(readClock(d.state.clock, d.now).sides.w.usedMs).toBe(usedAtAdjournment + 30 * MIN);
    // He has arrived: no forfeit, however late it gets.
    d.tick(HOUR).as('sighted').forfeitLateArrival('w');
    expect(d.refusal?.code).toBe('notLate');
  });

  it('a reply is sealed for an absent opponent only at a resumption, and only while he is absent', () => {
    const playing = MatchDriver.started();
    playing.play('e2e4');
    playing.as('sighted').sealMove('e7e5');
    playing.dispatch({ kind: 'adjourn', opponentAbsent: true, by: 'sighted' });
    expect(playing.refusal?.code).toBe('notAdjourned');

    const d = adjournedAfterE4E5();
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'sighted' });
    // The blind player has come: he asks for the clock reading.
    d.tick(2 * MIN)
      .as('blind')
      .query('timeUsed');
    d.as('sighted').sealMove('b8c6');
    d.dispatch({ kind: 'adjourn', opponentAbsent: true, by: 'sighted' });
    expect(d.refusal?.code).toBe('notLate');
    expect(d.state.adjournment?.phase).toBe('sealing');
  });

  it('(c) the present player whose flag fell before the hour ran out has lost on time, not won by forfeit', () => {
    // Thirty minutes for the game: Black has used twenty when the game is adjourned.
    const timeControl = { label: '30 min', periods: [{ moves: null, timeMs: 30 * MIN }], repeatLast: false };
    const d = MatchDriver.started({ timeControl });
    d.play('e2e4');
    d.tick(20 * MIN).play('e7e5');
    d.as('blind').sealMove('g1f3');
    d.as('blind').adjourn();
    d.tick(5 * HOUR);
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'sighted' });
    // Black waits at the board without moving: his flag falls after ten minutes.
    d.tick(61 * MIN)
      .as('sighted')
      .forfeitLateArrival('w');
    expect(d.state.result).toEqual({ winner: 'w', reason: 'flag' });
  });
});

describe('the sealed move decides the game before the hour, by the edition', () => {
  // White's sealed move Bxb2 leaves king and bishop against a bare king.
  const fen = '4k3/8/8/8/8/8/1n6/2B1K3 w - - 0 1';
  const resumedWithoutSealer = (profileId: MatchOptions['profileId']) => {
    const d = MatchDriver.started({ profileId, startFen: fen, roles: ['blind', 'sighted', 'arbiter'] });
    d.as('blind').sealMove('c1b2');
    d.as('blind').adjourn();
    d.tick(5 * HOUR);
    d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'arbiter' });
    return d;
  };

  it('E88 and E93: the position of insufficient material is a draw; the absent sealer does not lose', () => {
    for (const profileId of ['fide1988-ibca1985', 'fide1993-ibca1985'] as const) {
      const d = resumedWithoutSealer(profileId);
      expect(d.state.result, profileId).toEqual({ winner: null, reason: 'insufficientMaterial' });
      d.tick(HOUR + MIN)
        .as('arbiter')
        .forfeitLateArrival('w');
      expect(d.state.result, profileId).toEqual({ winner: null, reason: 'insufficientMaterial' });
    }
  });

  it('E72, E77 and E80: only mate or stalemate decide it, so the absent sealer loses after the hour', () => {
    for (const profileId of ['fide1972', 'fide1977', 'fide1980'] as const) {
      const d = resumedWithoutSealer(profileId);
      expect(d.state.result, profileId).toBeNull();
      d.tick(HOUR + MIN)
        .as('arbiter')
        .forfeitLateArrival('w');
      expect(d.state.result, profileId).toEqual({ winner: 'b', reason: 'lateArrival' });
    }
  });

  it('every edition: a sealed checkmate wins for the absent sealer', () => {
    // Ra8 mates the king boxed in by its own pawns.
    const mateFen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';
    for (const profileId of [
      'fide1972',
      'fide1977',
      'fide1980',
      'fide1988-ibca1985',
      'fide1993-ibca1985',
    ] as const) {
      const d = MatchDriver.started({ profileId, startFen: mateFen, roles: ['blind', 'sighted', 'arbiter'] });
      d.as('blind').sealMove('a1a8');
      d.as('blind').adjourn();
      d.tick(5 * HOUR);
      d.dispatch({ kind: 'resume', sealerAbsent: true, by: 'arbiter' });
      d.tick(HOUR + MIN)
        .as('arbiter')
        .forfeitLateArrival('w');
      expect(d.state.result, profileId).toEqual({ winner: 'w', reason: 'checkmate' });
    }
  });
});

describe('over the wire', () => {
  it('the two procedures are intents the server accepts; a malformed flag is refused with a clear answer', () => {
    expect(parseWire({ kind: 'resume', sealerAbsent: true }, 'sighted').ok).toBe(true);
    expect(parseWire({ kind: 'adjourn', opponentAbsent: true }, 'sighted').ok).toBe(true);
    const bad = parseWire({ kind: 'adjourn', opponentAbsent: 'yes' }, 'sighted');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code).toBe('badIntent');
  });
});
