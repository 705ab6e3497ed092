// @vitest-environment jsdom
// Follow-ups on the blind player's screens, in jsdom with the fake recogniser: the talk key held
// (push-to-talk) or toggled as the player chose, listed in the help and the settings; the way from
// home to the game archive; and the opt-in audio recording started from the local game screen.
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../helpers/jsdomAxe.ts';
import { createOutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { createLiveRegionAnnouncer, type LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import { quietSpeaker } from '../speech/fakes/quietSpeaker.ts';
import { FakeSynthesis, StrictAnnouncer, makeNativeUtterance } from '../speech/fakes/strictFakes.ts';
import { createWebSpeechSpeaker } from '../../src/speech/speaker/webSpeech.ts';
import { App } from '../../src/app/App.tsx';
import { DEFAULT_SETTINGS, SETTINGS_KEY, loadSettings } from '../../src/controllers/settings.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { createFakeListener, type FakeListener } from '../../src/speech/listener/fake.ts';
import { LocalGame } from '../../src/screens/local/LocalGame.tsx';
import {
  createGameRecorder,
  memoryRecordingStore,
  type MediaRecorderLike,
  type RecordingStore,
} from '../../src/session/recorder.ts';

let announcer: LiveRegionAnnouncer | undefined;
beforeEach(() => {
  window.location.hash = '';
});
afterEach(() => {
  cleanup();
  announcer?.dispose();
  announcer = undefined;
  window.location.hash = '';
});

function outputs() {
  const speaker = quietSpeaker();
  announcer = createLiveRegionAnnouncer();
  const router = createOutputRouter({ speaker, announcer, mode: 'screenReader' });
  return { router, speaker };
}
const polite = () => announcer?.regions.polite.textContent?.replace(/\u00a0$/, '') ?? '';
// The voice is connected through a promise: let it settle.
const settle = () => act(async () => {});
/** Types on the keyboard, then lets the voice connection settle. */
async function keys(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.keyboard(text);
  await settle();
}

async function localGameWithVoice(talkMode?: 'hold' | 'toggle') {
  const listener: FakeListener = createFakeListener();
  const store = memoryStore(
    talkMode ? { [SETTINGS_KEY]: JSON.stringify({ ...DEFAULT_SETTINGS, keymap: {}, talkMode }) } : {},
  );
  window.location.hash = '#/local';
  const out = outputs();
  render(<App outputs={out} store={store} listener={listener} clock={manualClock(0)} />);
  await settle();
  const user = userEvent.setup();
  // Focus the board (a cell), where the keys act.
  await user.click(
    within(screen.getByRole('grid', { name: 'Board' })).getByRole('gridcell', { name: /^Evan two/ }),
  );
  return { listener, user, store };
}

describe('the talk key', () => {
  test('by default the microphone is open while v is held and closes when it is released', async () => {
    const { listener, user } = await localGameWithVoice();
    expect(listener.isListening()).toBe(false);
    // Twice: holding again opens it again (a hold is not a toggle).
    for (let hold = 0; hold < 2; hold++) {
      await keys(user, '{v>}');
      expect(listener.isListening()).toBe(true);
      await keys(user, '{/v}');
      expect(listener.isListening()).toBe(false);
    }
  });

  test('a move said while v is held is played; said after release it is not heard', async () => {
    const { listener, user } = await localGameWithVoice();
    await keys(user, '{v>}');
    act(() => void listener.say('Evan two Evan four'));
    expect(polite()).toMatch(/Announced: Pawn Evan two to Evan four/);
    await keys(user, '{/v}');
    act(() => void listener.say('Gustav one Felix three'));
    expect(listener.missed).toEqual(['Gustav one Felix three']);
  });

  test('with the toggle setting, v opens the microphone and v again closes it', async () => {
    const { listener, user } = await localGameWithVoice('toggle');
    await keys(user, 'v');
    expect(listener.isListening()).toBe(true);
    expect(polite()).toBe('Listening');
    await keys(user, 'v');
    expect(listener.isListening()).toBe(false);
  });

  test('the choice is a setting, read aloud and saved; the help explains holding and toggling', async () => {
    const { user, store, listener } = await localGameWithVoice();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const settings = screen.getByRole('dialog', { name: 'Settings' });
    const select = within(settings).getByLabelText('Talk key');
    expect((select as HTMLSelectElement).value).toBe('hold');
    await user.selectOptions(select, 'toggle');
    expect(polite()).toBe('Talk key: press to start, press again to stop');
    expect(loadSettings(store).settings.talkMode).toBe('toggle');
    await user.click(within(settings).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Keys' }));
    const help = screen.getByRole('dialog', { name: 'Keys' });
    expect(help.textContent).toMatch(
      /v: Speak a move or command: hold the key while you speak \(or, with the toggle setting, press once to start and again to stop\)/,
    );
    await expectNoAxeViolations();
    expect(listener.isListening()).toBe(false);
  });
});

describe('the microphone while Twinboard speaks, in the app', () => {
  test('self-voicing: a read-out spoken while v is held closes the microphone until it has been said', async () => {
    const synth = new FakeSynthesis([{ voiceURI: 'en', name: 'English', lang: 'en-GB', default: true }]);
    const speaker = createWebSpeechSpeaker({
      synthesis: synth,
      makeUtterance: makeNativeUtterance,
      fallback: new StrictAnnouncer(),
    });
    announcer = createLiveRegionAnnouncer();
    const router = createOutputRouter({ speaker, announcer, mode: 'selfVoicing' });
    const listener = createFakeListener();
    const store = memoryStore({
      [SETTINGS_KEY]: JSON.stringify({ ...DEFAULT_SETTINGS, keymap: {}, selfVoicing: true }),
    });
    window.location.hash = '#/local';
    render(<App outputs={{ router, speaker }} store={store} listener={listener} clock={manualClock(0)} />);
    await settle();
    const user = userEvent.setup();
    const cell = within(screen.getByRole('grid', { name: 'Board' })).getByRole('gridcell', {
      name: /^Evan two/,
    });
    await user.click(cell);
    // Clicking a cell reads it aloud; let that finish before talking.
    while (synth.speaking) act(() => synth.finish());
    await keys(user, '{v>}');
    expect(listener.isListening()).toBe(true);
    await user.keyboard('o');
    expect(synth.log.at(-1)).toMatch(/^speak Evan two/);
    expect(listener.isListening()).toBe(false);
    // Twinboard's own words reach the microphone and are not taken for the player's.
    expect(listener.say('Evan two')).toBe(false);
    act(() => synth.finish());
    expect(listener.isListening()).toBe(true);
    await keys(user, '{/v}');
    expect(listener.isListening()).toBe(false);
  });
});

describe('home and the archive', () => {
  // The archive screen loads on demand (React.lazy): its module is transformed once here, before
  // the test, so the click below waits only for the import promise, not for a cold transform.
  beforeAll(async () => {
    await import('../../src/screens/archive/ArchiveRoute.tsx');
  });

  test('home links to the game archive, which opens by that link', async () => {
    render(<App outputs={outputs()} store={memoryStore()} />);
    const link = screen.getByRole('link', { name: 'Game archive: finished games, replay and scoresheets' });
    expect(link.getAttribute('href')).toBe('#/archive');
    await expectNoAxeViolations();
    await userEvent.setup().click(link);
    // Waits for the lazily loaded screen itself, with room for a loaded machine.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Game archive' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  test('the home link is in German too', () => {
    const store = memoryStore({
      [SETTINGS_KEY]: JSON.stringify({ ...DEFAULT_SETTINGS, keymap: {}, locale: 'de' }),
    });
    render(<App outputs={outputs()} store={store} />);
    expect(screen.getByRole('link', { name: /^Partiearchiv/ }).getAttribute('href')).toBe('#/archive');
  });
});

describe('recording the game from the local game screen', () => {
  function fakePlatform() {
    const recorders: MediaRecorderLike[] = [];
    const platform = {
      getUserMedia: async () => ({ getTracks: () => [] }) as unknown as MediaStream,
      createRecorder: (): MediaRecorderLike => {
        const r: MediaRecorderLike & { state: 'inactive' | 'recording' } = {
          state: 'inactive',
          mimeType: 'audio/webm',
          start() {
            r.state = 'recording';
          },
          stop() {
            r.state = 'inactive';
            r.ondataavailable?.({ data: new Blob(['sound']) });
            r.onstop?.();
          },
          ondataavailable: null,
          onstop: null,
        };
        recorders.push(r);
        return r;
      },
    };
    return { platform, recorders };
  }

  /** The local game screen with default settings, screen-reader output and this game recorder. */
  function renderLocalGameWith(recorder: ReturnType<typeof createGameRecorder>) {
    render(
      <LocalGame
        settings={DEFAULT_SETTINGS}
        onSettingChange={() => undefined}
        output={outputs().router}
        clock={manualClock(0)}
        recorder={recorder}
      />,
    );
  }

  test('the record toggle starts and stops the recording, saved under the game, and is announced', async () => {
    const { platform } = fakePlatform();
    const memory = memoryRecordingStore();
    const saved: string[] = [];
    const store: RecordingStore = { ...memory, put: (id, audio) => (saved.push(id), memory.put(id, audio)) };
    renderLocalGameWith(createGameRecorder(platform, store));
    const toggle = screen.getByRole('button', { name: 'Record the game (audio)' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await expectNoAxeViolations();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(polite()).toBe('Recording the game.');
    await expectNoAxeViolations();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(polite()).toBe('Recording stopped and saved with the game.');
    expect(saved).toHaveLength(1);
    expect(await memory.get(saved[0]!)).not.toBeNull();
  });

  test('without a microphone the toggle stays off and says why', async () => {
    renderLocalGameWith(createGameRecorder({}, memoryRecordingStore()));
    const toggle = screen.getByRole('button', { name: 'Record the game (audio)' });
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(announcer?.regions.assertive.textContent).toMatch(
      /could not start: This browser cannot record audio/,
    );
  });
});
