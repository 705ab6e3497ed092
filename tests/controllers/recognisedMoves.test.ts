/**
 * Moves by Twinboard's server recogniser, headless (issue 25): the blind controller hands the
 * recogniser's evidence (`recognised`) to the dialogue, so a move both passes agree on is lifted,
 * placed and announced, and one offered by name waits for a "yes".
 */
import { afterEach, expect, it } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { startMemorySession } from '../../src/session/store.ts';
import type { RecognisedAlternative } from '../../src/ports/listener.ts';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

function drive(): BlindDriver {
  const d = new BlindDriver(startMemorySession({ blindColor: 'w' }, manualClock(0)));
  drivers.push(d);
  return d;
}
const both = (transcript: string): RecognisedAlternative[] => [
  { transcript, confidence: 0.9, source: 'position' },
  { transcript, confidence: 0.8, source: 'free' },
];

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

it('the evidence decides, not the transcripts beside it; an offer is played on "yes"', () => {
  const d = drive();
  // The transcripts alone would be played; the server's passes only allow an offer.
  d.hear(['knight gustav one to felix three'], true, both('knight felix three'));
  expect(d.last).toBe('Knight Felix three? Say yes or no.');
  expect(d.state.boards.blind.aperture.touches).toEqual([]);
  d.hear(['yes'], true, both('yes'));
  expect(d.state.boards.blind.aperture.announced).toBe('g1f3');
});
