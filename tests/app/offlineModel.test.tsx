// @vitest-environment jsdom
// The offline speech model (issue 4: a vosk-browser polyfill with the model loaded from a
// configurable address): the address is a setting, checked, saved and read aloud, and it decides
// which recogniser the talk key opens.
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/app/App.tsx';
import { loadSettings, parseSettings } from '../../src/controllers/settings.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { browserListener } from '../../src/app/voice.ts';
import { createOutputRouter } from '../../src/speech/speaker/outputRouter.ts';
import { createLiveRegionAnnouncer, type LiveRegionAnnouncer } from '../../src/speech/speaker/liveRegion.ts';
import type { Listener, ListenerEvent } from '../../src/ports/listener.ts';
import { quietSpeaker } from '../speech/fakes/quietSpeaker.ts';

/** The listener's first error event, as the screen would receive it. */
function firstError(listener: Listener): Promise<ListenerEvent> {
  return new Promise((resolve) => {
    const stop = listener.subscribe((e) => {
      if (e.type !== 'error') return;
      stop();
      resolve(e);
    });
  });
}

let announcer: LiveRegionAnnouncer | undefined;
afterEach(() => {
  cleanup();
  announcer?.dispose();
  window.location.hash = '';
});

describe('the offline speech model address', () => {
  test('a path or an http(s) address is accepted; anything else is refused with a code', () => {
    for (const ok of ['', '/models/vosk-model-small-en-us.tar.gz', 'https://example.org/m.tar.gz']) {
      expect(parseSettings(JSON.stringify({ offlineSpeechModel: ok })).ok).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'models with spaces', 'x'.repeat(600)]) {
      expect(parseSettings(JSON.stringify({ offlineSpeechModel: bad }))).toEqual({
        ok: false,
        error: { code: 'badValue', field: 'offlineSpeechModel' },
      });
    }
  });

  test('entered in the settings, it is saved when the field is left and read aloud once', async () => {
    const store = memoryStore();
    const speaker = quietSpeaker();
    announcer = createLiveRegionAnnouncer();
    const router = createOutputRouter({ speaker, announcer, mode: 'screenReader' });
    const user = userEvent.setup();
    window.location.hash = '#/local';
    render(<App outputs={{ router, speaker }} clock={manualClock(0)} store={store} />);
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const field = within(dialog).getByLabelText(/Offline speech model address/);
    await user.type(field, 'not an address');
    await user.tab();
    expect(loadSettings(store).settings.offlineSpeechModel).toBe('');
    await user.clear(field);
    await user.type(field, '/models/vosk-model-small-en-us.tar.gz');
    expect(loadSettings(store).settings.offlineSpeechModel).toBe('');
    await user.tab();
    expect(loadSettings(store).settings.offlineSpeechModel).toBe('/models/vosk-model-small-en-us.tar.gz');
    expect(announcer.regions.polite.textContent?.replace(/\u00a0$/, '')).toBe(
      'Offline speech model address (Vosk; used when Twinboard’s server does not recognise speech): /models/vosk-model-small-en-us.tar.gz',
    );
  });

  test('without an address the browser recogniser is used (here: none, so it says so)', async () => {
    const listener = await browserListener('en', '');
    const error = firstError(listener);
    listener.start();
    expect(await error).toMatchObject({ type: 'error', code: 'unsupported' });
  });

  test('with an address the offline recogniser loads the model from it (here it cannot, and says so)', async () => {
    const listener = await browserListener('en', 'http://127.0.0.1:9/no-such-model.tar.gz');
    const error = firstError(listener);
    listener.start();
    expect(await error).toMatchObject({ type: 'error', code: 'model-load-failed' });
  });
});
