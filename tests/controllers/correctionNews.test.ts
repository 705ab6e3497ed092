// Corrections told to everyone (issue 10), headless: after a board difference and after the
// arbiter confirms the correction, each role hears which board differed, what had been
// announced, what was reset and how many moves were taken back — assertively, each player's own
// board called "your board". The arbiter's change of relay is told to everyone too.
import { describe, expect, it } from 'vitest';
import { MatchDriver } from '../../src/match/index.ts';
import type { Role } from '../../src/match/types.ts';
import { matchNews } from '../../src/screens/setup/MatchNews.tsx';

const ROLES: readonly Role[] = ['blind', 'sighted', 'blindAssistant', 'arbiter'];

/** What each role is told of the driver's last step: the words and whether all of them are assertive. */
function told(d: MatchDriver) {
  return Object.fromEntries(
    ROLES.map((role) => {
      const said = matchNews(d.last, role, { locale: 'en' });
      return [
        role,
        {
          text: said.map((u) => u.text).join(' '),
          assertive: said.every((u) => u.politeness === 'assertive'),
        },
      ];
    }),
  );
}

describe('rule 7: a wrong execution on the sighted board', () => {
  const d = MatchDriver.started({
    relay: 'manual',
    roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
  });
  d.play('e2e4');

  it('everyone hears which board differs and what had been announced', () => {
    d.as('sighted').execute('e2e3');
    const news = told(d);
    expect(news.sighted).toEqual({
      text: 'The boards differ under rule 7: your board. Announced: Pawn Evan two to Evan four. Clocks stopped; the arbiter decides.',
      assertive: true,
    });
    for (const role of ['blind', 'blindAssistant', 'arbiter'])
      expect(news[role]).toEqual({
        text: "The boards differ under rule 7: the sighted player's board. Announced: Pawn Evan two to Evan four. Clocks stopped; the arbiter decides.",
        assertive: true,
      });
  });

  it('after the arbiter confirms, everyone hears what was reset and that one move was taken back', () => {
    d.as('arbiter').confirmCorrection();
    const news = told(d);
    expect(news.sighted?.text).toBe('Boards corrected: one move taken back. Rule 7: your board reset');
    for (const role of ['blind', 'blindAssistant', 'arbiter'])
      expect(news[role]).toEqual({
        text: "Boards corrected: one move taken back. Rule 7: the sighted player's board reset",
        assertive: true,
      });
  });
});

describe('rule 8: the sighted player writes the move as he misheard it', () => {
  const d = MatchDriver.started({
    relay: 'manual',
    requireRepetition: true,
    roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
  });
  d.play('e2e4');
  d.as('sighted').repeat();
  d.as('sighted').execute();
  d.play('e7e5');
  d.as('blind').repeat();
  d.as('blind').execute();
  d.play('g1f3');
  d.as('sighted').repeat('g1h3');

  it('both boards go back; the blind player hears "your board", the others name both', () => {
    d.as('sighted').execute('g1h3');
    const news = told(d);
    expect(news.blind?.text).toBe(
      "The boards differ under rule 8: your board and the sighted player's board. Announced: Knight Gustav one to Felix three. Clocks stopped; the arbiter decides.",
    );
    expect(news.arbiter?.text).toBe(
      "The boards differ under rule 8: the blind player's board and the sighted player's board. Announced: Knight Gustav one to Felix three. Clocks stopped; the arbiter decides.",
    );
    d.as('arbiter').confirmCorrection();
    const after = told(d);
    // Only White's knight move is retracted: the two moves before it stand.
    expect(after.blindAssistant).toEqual({
      text: "Boards corrected: one move taken back. Rule 8: the blind player's board and the sighted player's board reset",
      assertive: true,
    });
    expect(after.sighted?.text).toBe(
      "Boards corrected: one move taken back. Rule 8: the blind player's board and your board reset",
    );
  });
});

describe("the arbiter's change of relay", () => {
  it('is told to every role', () => {
    const d = MatchDriver.started({
      relay: 'automatic',
      roles: ['blind', 'sighted', 'blindAssistant', 'arbiter'],
    });
    d.as('arbiter').override({ setting: 'relay', value: 'manual' });
    for (const news of Object.values(told(d)))
      expect(news).toEqual({
        text: "The arbiter changed the relay: manual, each player carries out the opponent's move on his own board",
        assertive: true,
      });
  });
});
