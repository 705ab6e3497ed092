// @vitest-environment jsdom
// Voice and typed input on the blind player's screen: transcripts (as the fake recogniser hands
// them over) and typed lines reach the controller and the live region. What each transcript does
// (doubt asked aloud, "yes" for what cannot be undone, read-outs that never touch) is headless:
// tests/controllers/spokenMoves.test.ts.
import { afterEach, describe, expect, test } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createOutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { createLiveRegionAnnouncer, type LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import { quietSpeaker } from '../speech/fakes/quietSpeaker.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { BlindScreen } from '../../src/screens/blind/BlindScreen.tsx';
import { startLocalSession } from '../../src/screens/local/LocalGame.tsx';
import { deliverHeard } from '../../src/screens/blind/heard.ts';

let announcer: LiveRegionAnnouncer;
afterEach(() => {
  cleanup();
  announcer?.dispose();
});

function setup(overrides: Partial<Settings> = {}, startFen?: string) {
  const settings = { ...DEFAULT_SETTINGS, ...overrides };
  const speaker = quietSpeaker();
  announcer = createLiveRegionAnnouncer();
  const router = createOutputRouter({ speaker, announcer, mode: 'screenReader' });
  const session = startLocalSession(settings, manualClock(0), 'w', startFen);
  render(
    <BlindScreen session={session} settings={settings} output={router} onSettingChange={() => undefined} />,
  );
  return { session, user: userEvent.setup() };
}
const heard = () =>
  `${announcer.regions.polite.textContent ?? ''} | ${announcer.regions.assertive.textContent ?? ''}`.replace(
    /\u00a0/g,
    '',
  );
const say = (text: string | string[]) => act(() => void deliverHeard(text));

describe('moves by voice', () => {
  test('a spoken move is lifted, placed and announced; the clock press asks for a yes', () => {
    const { session } = setup();
    say('Evan two Evan four');
    expect(session.getState().boards.blind.aperture.announced).toBe('e2e4');
    expect(heard()).toMatch(/Announced: Pawn Evan two to Evan four/);
    say('press clock');
    expect(heard()).toMatch(/Say yes or no/);
    expect(session.getState().plies).toHaveLength(0);
    say('yes');
    expect(session.getState().plies.map((p) => p.uci)).toEqual(['e2e4']);
  });
});

describe('the typed command line', () => {
  test('takes SAN, UCI and commands, and keeps focus for the next line', async () => {
    const { session, user } = setup();
    const input = screen.getByRole('textbox', { name: 'Move or command' });
    await user.type(input, 'e4{Enter}');
    expect(session.getState().boards.blind.aperture.announced).toBe('e2e4');
    await user.type(input, 'press{Enter}');
    await user.type(input, 'y{Enter}');
    expect(session.getState().plies).toHaveLength(1);
    act(() => {
      session.dispatch({ kind: 'move', uci: 'e7e5', by: 'sighted' });
      session.dispatch({ kind: 'pressClock', by: 'sighted' });
    });
    await user.type(input, 'g1f3{Enter}');
    expect(session.getState().boards.blind.aperture.announced).toBe('g1f3');
    expect(document.activeElement).toBe(input);
  });
});
