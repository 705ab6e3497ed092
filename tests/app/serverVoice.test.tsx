// @vitest-environment jsdom
// Which recogniser the talk key uses (issue 25), as the app wires it: Twinboard's server first, then
// a Vosk model, then Web Speech; none says why and what to install; the settings name the one in
// use; the first opening of the microphone names it once; and the server's evidence reaches the
// listening screen. The page's server is a fake fetch here (tests/e2e/serverVoice.test.ts has the
// real one).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/app/App.tsx';
import {
  browserListener,
  chooseBrowserRecogniser,
  connectVoice,
  hearingRecogniser,
} from '../../src/app/voice.ts';
import { onHeard } from '../../src/screens/blind/heard.ts';
import { listenerPlumbing } from '../../src/speech/listener/plumbing.ts';
import type { Listener, ListenerEvent, RecognisedAlternative } from '../../src/ports/listener.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { createOutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { createLiveRegionAnnouncer, type LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import { quietSpeaker } from '../speech/fakes/quietSpeaker.ts';

const INSTALL = 'sudo apt-get install -y pocketsphinx pocketsphinx-en-us';
const status = (body: object | null, status = 200): typeof fetch =>
  vi.fn(async () => (body ? Response.json(body, { status }) : new Response('Not found', { status: 404 })));

let stopHearing: (() => void) | undefined;
let announcer: LiveRegionAnnouncer | undefined;
afterEach(() => {
  stopHearing?.();
  cleanup();
  announcer?.dispose();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

/** A listener the test drives: emits what it is told, while started. */
function scriptedListener() {
  const base = listenerPlumbing();
  let listening = false;
  const listener: Listener = {
    supported: true,
    start() {
      listening = true;
      base.emit({ type: 'listening' });
    },
    stop() {
      listening = false;
      base.emit({ type: 'idle' });
    },
    abort() {
      listening = false;
    },
    isListening: () => listening,
    configure: base.configure,
    subscribe: base.subscribe,
  };
  return { listener, emit: (event: ListenerEvent) => base.emit(event) };
}

describe('the order of the recognisers', () => {
  const origin = 'http://club.local:8080';
  test("Twinboard's server when it reports its recogniser, whatever else is set", async () => {
    const fetch = status({ available: true, recogniser: 'pocketsphinx', locales: ['en', 'de'] });
    expect(await chooseBrowserRecogniser('en', '/m.tar.gz', { origin, fetch, webSpeech: true })).toEqual({
      kind: 'server',
      otherwise: { kind: 'vosk', modelUrl: '/m.tar.gz' },
    });
    expect(fetch).toHaveBeenCalledWith(`${origin}/api/recognise`, expect.anything());
  });

  test('then the Vosk model, then Web Speech; a server without pocketsphinx gives its command', async () => {
    const missing = status({
      available: false,
      recogniser: 'pocketsphinx',
      locales: ['en', 'de'],
      install: INSTALL,
    });
    expect(
      await chooseBrowserRecogniser('en', '/m.tar.gz', { origin, fetch: missing, webSpeech: true }),
    ).toEqual({
      kind: 'vosk',
      modelUrl: '/m.tar.gz',
      serverInstall: INSTALL,
    });
    expect(await chooseBrowserRecogniser('en', '', { origin, fetch: status(null), webSpeech: true })).toEqual(
      {
        kind: 'webSpeech',
      },
    );
  });

  test('with none, the talk key says why and what to install', async () => {
    const choice = await chooseBrowserRecogniser('en', '', {
      origin,
      fetch: status({ available: false, install: INSTALL }),
      webSpeech: false,
    });
    const listener = await browserListener('en', '', undefined, choice);
    const error = new Promise<ListenerEvent>((resolve) => listener.subscribe(resolve));
    listener.start();
    expect(await error).toEqual({
      type: 'error',
      code: 'unsupported',
      message: `No speech recognition is available. Twinboard’s server can recognise speech once pocketsphinx is installed there: ${INSTALL}. Until then, type the move.`,
    });
  });
});

describe('screens without a position (the setup form said aloud)', () => {
  test('are heard by the recogniser after the server, and named so; a game screen by the server', async () => {
    const started: string[] = [];
    class FakeRecognition {
      lang = '';
      interimResults = false;
      maxAlternatives = 1;
      continuous = false;
      start = () => void started.push(this.lang);
      stop = () => undefined;
      abort = () => undefined;
      addEventListener = () => undefined;
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const choice = { kind: 'server', otherwise: { kind: 'webSpeech' } } as const;
    const listener = await browserListener('en', '', undefined, choice);
    // The setup screen listens with no position.
    stopHearing = onHeard(() => undefined);
    expect(hearingRecogniser(choice)).toEqual({ kind: 'webSpeech' });
    listener.start();
    expect(started).toEqual(['en-GB']);
    listener.stop();
    stopHearing();
    // A game screen gives its position: the server's recogniser opens the microphone (jsdom has
    // none, which it says).
    stopHearing = onHeard(
      () => undefined,
      () => [],
      () => 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    );
    expect(hearingRecogniser(choice)).toBe(choice);
    const error = new Promise<ListenerEvent>((resolve) =>
      listener.subscribe((e) => e.type === 'error' && resolve(e)),
    );
    listener.start();
    expect(await error).toMatchObject({ code: 'not-allowed' });
    expect(started).toEqual(['en-GB']);
  });

  test('with nothing after the server, they are told to use the form', async () => {
    const listener = await browserListener('en', '', undefined, {
      kind: 'server',
      otherwise: { kind: 'none' },
    });
    stopHearing = onHeard(() => undefined);
    const error = new Promise<ListenerEvent>((resolve) => listener.subscribe(resolve));
    listener.start();
    expect(await error).toMatchObject({
      code: 'unsupported',
      message: 'Twinboard’s own recogniser hears moves and commands in a game. Here, use the form.',
    });
  });
});

describe('the voice connection', () => {
  test("the server's evidence reaches the listening screen with the transcripts", () => {
    const { listener, emit } = scriptedListener();
    const heard: unknown[][] = [];
    stopHearing = onHeard((...args) => void heard.push(args));
    const voice = connectVoice(listener);
    const recognised: RecognisedAlternative[] = [
      { transcript: 'evan four', confidence: 0.9, source: 'position' },
      { transcript: 'evan four', confidence: 0.8, source: 'free' },
    ];
    voice.press();
    emit({ type: 'result', alternatives: ['evan four', 'evan four'], checked: true, recognised });
    expect(heard).toEqual([[['evan four', 'evan four'], true, recognised]]);
    voice.dispose();
  });

  test('the first opening names the recogniser once, even on a held key; later ones say nothing more', () => {
    const { listener } = scriptedListener();
    const said: string[] = [];
    const voice = connectVoice(listener, {
      onListening: () => said.push('Listening'),
      onFirstListening: () => said.push('Listening, with Twinboard’s own recogniser.'),
    });
    voice.press();
    voice.release();
    voice.press();
    voice.release();
    expect(said).toEqual(['Listening, with Twinboard’s own recogniser.']);
    voice.toggle();
    expect(said).toEqual(['Listening, with Twinboard’s own recogniser.', 'Listening']);
    voice.dispose();
  });
});

describe('the settings name the recogniser in use', () => {
  function renderApp() {
    const speaker = quietSpeaker();
    announcer = createLiveRegionAnnouncer();
    const router = createOutputRouter({ speaker, announcer, mode: 'screenReader' });
    window.location.hash = '#/local';
    render(<App outputs={{ router, speaker }} clock={manualClock(0)} store={memoryStore()} />);
  }

  test("served by Twinboard's server with pocketsphinx: its own recogniser", async () => {
    vi.stubGlobal('fetch', status({ available: true, recogniser: 'pocketsphinx', locales: ['en', 'de'] }));
    renderApp();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const text =
      'Speech recognition in use: Twinboard’s own recogniser, on this server, without the internet.';
    await waitFor(() => expect(within(dialog).getByText(text)).toBeTruthy());
    expect(
      within(dialog)
        .getByLabelText(/Offline speech model address/)
        .getAttribute('aria-describedby'),
    ).toBe(within(dialog).getByText(text).id);
  });

  test('with no server, no model and no Web Speech: none, and what would enable the server', async () => {
    vi.stubGlobal('fetch', status({ available: false, install: INSTALL }));
    renderApp();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          `Speech recognition in use: none. Twinboard’s own recogniser needs pocketsphinx on the server: ${INSTALL}`,
        ),
      ).toBeTruthy(),
    );
  });
});
