/**
 * Moves by Twinboard's server recogniser, headless (issue 25): the blind controller hands the
 * recogniser's evidence (`recognised`) to the dialogue, so a move both passes agree on is lifted,
 * placed and announced, and moves offered by name wait for the player's answer.
 */
import { afterEach, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';
import type { RecognisedAlternative } from '../../src/ports/listener.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

function drive(startFen?: string): BlindDriver {
  const d = new BlindDriver(
    startMemorySession({ blindColor: 'w', ...(startFen ? { startFen } : {}) }, manualClock(0)),
  );
  drivers.push(d);
  return d;
}
const both = (transcript: string): RecognisedAlternative[] => [
  { transcript, confidence: 0.9, source: 'position' },
  { transcript, confidence: 0.8, source: 'free' },
];
// Knights on b1 and f1 can both go to d2.
const TWO_KNIGHTS = '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1';

it('a move both passes heard is announced at once', () => {
  const d = drive();
  d.hear(
    ['pawn evan two to evan four', 'pawn evan two to evan four'],
    true,
    both('pawn evan two to evan four'),
  );
  expect(d.state.boards.blind.aperture.announced).toBe('e2e4');
  expect(d.texts).toContain('Announced: Pawn Evan two to Evan four');
});

it('the evidence decides, not the transcripts beside it; the move said more exactly is played', () => {
  const d = drive(TWO_KNIGHTS);
  // The transcript alone names one knight; the server's passes heard either.
  d.hear(['knight bella one to david two'], true, both('knight david two'));
  expect(d.last).toMatch(/^Did you mean one: .*Knight Bella one to David two.*Knight Felix one to David two/);
  expect(d.state.boards.blind.aperture.touches).toEqual([]);
  d.hear(['knight bella one to david two'], true, both('knight bella one to david two'));
  expect(d.state.boards.blind.aperture.announced).toBe('b1d2');
});
