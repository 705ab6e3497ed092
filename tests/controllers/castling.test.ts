// Castling on the aperture board with the rook placed by the player (checklist 17; the setting),
// headlessly:
// the king goes first, the move-status key says the rook is still to be placed, the rook goes over
// the king, and the announcement names the castling.
import { afterEach, expect, test } from 'vitest';
import { BlindDriver } from '../../src/controllers/blind/driver.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { DEFAULT_SETTINGS } from '../../src/controllers/settings.ts';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';

const drivers: BlindDriver[] = [];
afterEach(() => drivers.splice(0).forEach((d) => d.dispose()));

test('castling: king first, then the rook placed by the player', () => {
  // The player's setting "rook placed by the player" starts the local game so.
  const session = startLocalSession(
    { ...DEFAULT_SETTINGS, rookPlacement: 'manual' },
    manualClock(0),
    'w',
    'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
  );
  const d = new BlindDriver(session);
  drivers.push(d);
  d.goTo('e1').key('Enter').goTo('g1').key('Enter');
  d.clear().key('h');
  expect(d.last).toMatch(/rook has not been placed/);
  // Only castling may complete it: the rook goes over the king to Felix one.
  d.goTo('h1').key('Enter').goTo('f1').key('Enter');
  d.clear().key('a');
  expect(d.last).toBe('Announced: Kurze Rochade');
  d.key('Shift+Enter');
  expect(d.state.plies[0]?.uci).toBe('e1g1');
});
