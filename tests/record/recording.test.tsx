// @vitest-environment jsdom
// The recording toggle (opt-in, state in aria-pressed, errors said) and the archive's player.
import { afterEach, expect, test } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordingPlayer, RecordingToggle } from '../../src/screens/archive/Recording.tsx';
import {
  createGameRecorder,
  memoryRecordingStore,
  type MediaRecorderLike,
} from '../../src/session/recorder.ts';
import type { Utterance } from '../../src/speech/index.ts';
import type { OutputRouter } from '../../src/speech/speaker/outputRouter.ts';

afterEach(cleanup);

function router() {
  const said: Utterance[] = [];
  const r: OutputRouter = {
    deliver: (u) => void said.push(...u),
    mode: () => 'screenReader',
    setMode() {},
    clear() {},
  };
  return { r, said };
}

function fakeMedia() {
  const stream = { getTracks: () => [{ stop() {} }] } as unknown as MediaStream;
  return {
    getUserMedia: async () => stream,
    createRecorder: (): MediaRecorderLike => {
      const rec: MediaRecorderLike = {
        state: 'inactive',
        mimeType: 'audio/webm',
        ondataavailable: null,
        onstop: null,
        start() {
          rec.ondataavailable?.({ data: new Blob(['sound']) });
        },
        stop() {
          rec.onstop?.();
        },
      };
      return rec;
    },
  };
}

test('the toggle starts and stops the recording and the archive then offers it for playing', async () => {
  const store = memoryRecordingStore();
  const recorder = createGameRecorder(fakeMedia(), store);
  const { r, said } = router();
  const user = userEvent.setup();
  render(<RecordingToggle recorder={recorder} gameId="g7" output={r} locale="en" />);
  const button = screen.getByRole('button', { name: 'Record the game (audio)' });
  expect(button.getAttribute('aria-pressed')).toBe('false');
  await user.click(button);
  await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
  expect(said.at(-1)?.text).toBe('Recording the game.');
  await user.click(button);
  await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  expect(said.at(-1)?.text).toBe('Recording stopped and saved with the game.');
  // jsdom's Blob has no text(): the five bytes of the one chunk are the check.
  expect((await store.get('g7'))?.size).toBe(5);

  // jsdom has no object URLs; the player needs one, as a browser gives.
  URL.createObjectURL = () => 'blob:recording';
  URL.revokeObjectURL = () => {};
  cleanup();
  const { container } = render(<RecordingPlayer store={store} gameId="g7" locale="en" />);
  await screen.findByRole('heading', { name: 'Audio recording of the game' });
  expect(container.querySelector('audio')?.getAttribute('src')).toBe('blob:recording');
});

test('a browser that cannot record says so, assertively, and stays off', async () => {
  const { r, said } = router();
  const user = userEvent.setup();
  render(
    <RecordingToggle
      recorder={createGameRecorder({}, memoryRecordingStore())}
      gameId="x"
      output={r}
      locale="en"
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Record the game (audio)' }));
  await waitFor(() => expect(said.at(-1)?.politeness).toBe('assertive'));
  expect(said.at(-1)?.text).toBe('The recording could not start: This browser cannot record audio.');
  expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('false');
});

test('no recording, no player', async () => {
  // The player asks its store; once the answer (none) has arrived, nothing is shown.
  const store = memoryRecordingStore();
  const asked: Promise<Blob | null>[] = [];
  const watched = { ...store, get: (id: string) => asked[asked.push(store.get(id)) - 1]! };
  const { container } = render(<RecordingPlayer store={watched} gameId="none" locale="en" />);
  expect(asked).toHaveLength(1);
  await act(async () => {
    const answered = asked[0]!;
    expect(await answered).toBeNull();
  });
  expect(container.innerHTML).toBe('');
});
