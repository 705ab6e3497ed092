// Match events reach each role in its own modality: the mapping onto the speech layer's
// AnnounceEvent keeps each role's audience, and `announce` turns it into words (checklist 24).
import { describe, expect, it } from 'vitest';
import { MatchDriver, toAnnounceEvents } from '../../src/match/index.ts';
import { announce } from '../../src/speech/index.ts';

describe('toAnnounceEvents', () => {
  it('the blind player hears the sighted player’s move as an announcement, not his hands', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.as('sighted').touch('g8');
    expect(toAnnounceEvents(d.last, 'blind')).toEqual([]);
    d.as('sighted').move('g8f6');
    d.as('sighted').pressClock();
    const heard = toAnnounceEvents(d.last, 'blind');
    expect(heard).toEqual([
      {
        type: 'announced',
        color: 'b',
        fen: expect.stringMatching(/^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b/),
        uci: 'g8f6',
      },
    ]);
    const words = announce(heard, { player: 'w' });
    expect(words.length).toBeGreaterThan(0);
    expect(words.map((u) => u.text).join(' ')).toMatch(/Felix/);
  });

  it('maps the blind player’s own lifecycle steps and a refused press', () => {
    const d = MatchDriver.started({ captureRemoval: 'explicit' });
    d.play('e2e4');
    d.play('d7d5');
    d.as('blind').lift('e4');
    expect(toAnnounceEvents(d.last, 'blind')).toEqual([
      { type: 'lifted', color: 'w', square: 'e4', piece: 'p', adjusting: false, mustMove: true },
    ]);
    d.as('blind').place('d5');
    expect(toAnnounceEvents(d.last, 'blind')).toEqual([
      { type: 'refused', code: 'captureNotRemoved', message: expect.any(String) },
    ]);
    d.as('blind').removeCaptured('d5');
    expect(toAnnounceEvents(d.last, 'blind')).toEqual([
      { type: 'captureRemoved', color: 'w', square: 'd5', piece: 'p' },
    ]);
    // The refusal went to the blind player only.
    d.as('blind').pressClock();
    expect(toAnnounceEvents(d.last, 'sighted')).toEqual([]);
  });

  it('answers become the requested time words, and a game end its result', () => {
    const d = MatchDriver.started();
    d.tick(30_000).as('blind').query('timeUsed');
    const [answer] = toAnnounceEvents(d.last, 'blind');
    expect(answer).toMatchObject({ type: 'timeUsed', requested: true, usedMs: { w: 30_000, b: 0 } });
    d.as('blind').resign();
    expect(toAnnounceEvents(d.last, 'sighted')).toEqual([
      { type: 'gameEnded', score: '0-1', reason: 'resignation' },
    ]);
  });

  it('the procedures are heard in words: touch naming, enforcement, reinstatement, annulment, competition', () => {
    const words = (d: MatchDriver, player?: 'w' | 'b') =>
      announce(toAnnounceEvents(d.last, player === 'w' ? 'blind' : 'sighted'), player ? { player } : {})
        .map((u) => u.text)
        .join(' | ');
    const d = MatchDriver.started({ profileId: 'fide1972', roles: ['blind', 'sighted', 'arbiter'] });
    d.play('e2e4');
    d.as('sighted').move('b8c6').as('sighted').pressClock();
    d.as('blind').claimTouch();
    d.as('arbiter').decideClaim(true);
    expect(words(d, 'w')).toBe(
      'Claim upheld: a touched-piece violation | Claim upheld. Name the piece your opponent touched; your clock is running | Clocks running again',
    );
    d.as('blind').nameTouchedPiece('g8');
    expect(words(d, 'b')).toMatch(
      /^Black’s move is taken back: the touched piece on Gustav eight must be moved \| Clocks running again$/,
    );
    d.play('g8f6');
    d.as('arbiter').reinstatePosition(2);
    expect(words(d, 'w')).toBe(
      'Illegal move found: the position before move 1 stands again. Black must move the piece on Gustav eight',
    );
    d.as('arbiter').setCompetition(true);
    expect(words(d, 'b')).toBe('Competition mode is on: no move hints or legal-move read-outs');
    d.as('arbiter').annulGame('coloursReversed');
    expect(words(d, 'w')).toBe(
      'The arbiter annulled the game: the colours were reversed. A new game will be started; you play Black',
    );
  });
});
