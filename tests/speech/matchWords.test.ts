// Match events reach each role in its own modality: announce(events, role) keeps each role's
// audience and turns what it hears into words (checklist 24).
import { describe, expect, it } from 'vitest';
import { MatchDriver } from '../../src/match/index.ts';
import { announce } from '../../src/speech/index.ts';

const texts = (d: MatchDriver, role: 'blind' | 'sighted', player?: 'w' | 'b') =>
  announce(d.last, role, player ? { player } : {}).map((u) => u.text);

describe('announce(match events, role)', () => {
  it('the blind player hears the sighted player’s move as an announcement, not his hands', () => {
    const d = MatchDriver.started();
    d.play('e2e4');
    d.as('sighted').touch('g8');
    expect(announce(d.last, 'blind', { player: 'w' })).toEqual([]);
    d.as('sighted').move('g8f6');
    d.as('sighted').pressClock();
    const words = announce(d.last, 'blind', { player: 'w' });
    expect(words).toEqual([
      {
        text: 'Knight Gustav eight to Felix six',
        lang: 'en',
        politeness: 'assertive',
        interrupt: true,
        earcon: 'place',
      },
    ]);
    expect(words.map((u) => u.text).join(' ')).toMatch(/Felix/);
  });

  it('says the blind player’s own lifecycle steps and a refused press', () => {
    const d = MatchDriver.started({ captureRemoval: 'explicit' });
    d.play('e2e4');
    d.play('d7d5');
    d.as('blind').lift('e4');
    expect(texts(d, 'blind', 'w')).toEqual(['Lifted pawn Evan four; it must be moved']);
    d.as('blind').place('d5');
    expect(texts(d, 'blind', 'w')).toEqual(['Remove the captured piece first']);
    d.as('blind').removeCaptured('d5');
    expect(texts(d, 'blind', 'w')).toEqual(['Removed black pawn from David five']);
    // The refusal went to the blind player only.
    d.as('blind').pressClock();
    expect(announce(d.last, 'sighted', { player: 'b' })).toEqual([]);
  });

  it('answers become the requested time words, and a game end its result', () => {
    const d = MatchDriver.started();
    d.tick(30_000).as('blind').query('timeUsed');
    expect(texts(d, 'blind', 'w')).toEqual([expect.stringMatching(/^Time used: White 30 seconds, Black 0/)]);
    expect(texts(d, 'sighted', 'b')).toEqual([]);
    d.as('blind').resign();
    expect(texts(d, 'sighted')).toEqual(['Game over: Black wins, resignation']);
  });

  it('the procedures are heard in words: touch naming, enforcement, reinstatement, annulment, competition', () => {
    const words = (d: MatchDriver, player?: 'w' | 'b') =>
      announce(d.last, player === 'w' ? 'blind' : 'sighted', player ? { player } : {})
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
