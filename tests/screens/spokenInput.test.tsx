// @vitest-environment jsdom
// Voice and typed input on the blind player's screen: transcripts (as the fake recogniser hands
// them over) and typed lines become the same lifecycle steps as keys; doubt is asked aloud and
// what cannot be undone needs a "yes".
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

  test('a move already placed by keys is only announced by voice; a slip is corrected before the press', () => {
    const { session } = setup();
    act(() => {
      session.dispatch({ kind: 'lift', square: 'g1', by: 'blind' });
      session.dispatch({ kind: 'place', square: 'f3', by: 'blind' });
    });
    say('knight Gustav one to Hector three');
    // A different move from the one on the board is refused and said (the board decides).
    expect(session.getState().boards.blind.aperture.announced).toBeNull();
    say('knight Gustav one to Felix three');
    expect(session.getState().boards.blind.aperture.announced).toBe('g1f3');
  });

  test('an unclear transcript is not played: the screen says so', () => {
    const { session } = setup();
    say('banana sandwich');
    expect(heard()).toMatch(/I did not understand/);
    expect(session.getState().boards.blind.aperture.touches).toEqual([]);
  });

  test('ambiguity is asked aloud with numbered candidates, and a number chooses', () => {
    const { session } = setup({}, '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1');
    say('knight David two');
    expect(heard()).toMatch(
      /Did you mean one: Knight Bella one to David two; two: Knight Felix one to David two/,
    );
    expect(session.getState().boards.blind.aperture.touches).toEqual([]);
    say('two');
    expect(session.getState().boards.blind.aperture.announced).toBe('f1d2');
  });

  test('resignation by voice is always confirmed; "no" cancels', () => {
    const { session } = setup();
    say('resign');
    expect(heard()).toMatch(/Resign\? Say yes or no/);
    say('no');
    expect(heard()).toMatch(/Cancelled/);
    expect(session.getState().phase).toBe('playing');
    say('resign');
    say('yes');
    expect(session.getState().result?.reason).toBe('resignation');
  });

  test('read-outs by voice never touch', () => {
    const { session } = setup();
    say('read Gustav one');
    expect(heard()).toMatch(/Gustav one, dark square, white knight/);
    say('where is white knight');
    expect(heard()).toMatch(/Bella one, Gustav one/);
    say('moves made');
    expect(heard()).toMatch(/Moves completed: White 0, Black 0/);
    expect(session.getState().boards.blind.aperture.touches).toEqual([]);
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
