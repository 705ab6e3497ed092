// @vitest-environment jsdom
// A setting that changes the game (capture removal, castling rook, rule edition) applies at once
// while no move has been made — a new game starts with it — and otherwise from the next game; the
// player hears which. The game is kept on the device either way.
import { afterEach, expect, test } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { DEFAULT_SETTINGS, type Settings } from '../../src/controllers/settings.ts';
import { manualClock } from '../../src/ports/clock.ts';
import { memoryStore } from '../../src/ports/storage.ts';
import { LocalGame } from '../../src/screens/local/LocalGame.tsx';
import type { MatchSession } from '../../src/session/local.ts';
import type { GameRecorder } from '../../src/session/recorder.ts';
import { screenOutputs } from '../helpers/blindScreen.tsx';

afterEach(cleanup);

const recorder = { isRecording: () => false } as unknown as GameRecorder;

test('applies at once before the first move, else from the next game, and says which', () => {
  const outputs = screenOutputs(true);
  const clock = manualClock(0);
  const store = memoryStore();
  let session: MatchSession | null = null;
  const game = (settings: Settings) => (
    <LocalGame
      settings={settings}
      onSettingChange={() => undefined}
      output={outputs.router}
      clock={clock}
      store={store}
      recorder={recorder}
      onSession={(s) => (session = s)}
    />
  );
  const voiced: Settings = { ...DEFAULT_SETTINGS, selfVoicing: true };
  const view = render(game(voiced));
  expect(session!.getState().setup.captureRemoval).toBe('onDrop');

  const explicit = { ...voiced, captureRemoval: 'explicit' as const };
  view.rerender(game(explicit));
  expect(outputs.said.map((u) => u.text)).toContain('No move has been made: a new game starts with it now.');
  expect(session!.getState().setup.captureRemoval).toBe('explicit');

  act(() => {
    session!.dispatch({ kind: 'lift', square: 'e2', by: 'blind' });
  });
  view.rerender(
    game({ ...explicit, rookPlacement: DEFAULT_SETTINGS.rookPlacement === 'auto' ? 'manual' : 'auto' }),
  );
  expect(outputs.said.at(-1)?.text).toBe(
    'It applies from the next game; this game keeps the rules it started with.',
  );
  expect(session!.getState().boards.blind.aperture.hand?.from).toBe('e2');
});
