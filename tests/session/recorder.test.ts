// The opt-in audio recording (BL-38(b)) with a fake MediaRecorder and microphone: chunks become one
// recording saved with the game; missing platform parts and refusals are error values.
import { describe, expect, test } from 'vitest';
import {
  createGameRecorder,
  memoryRecordingStore,
  type MediaRecorderLike,
  type RecorderPlatform,
} from '../../src/session/recorder.ts';

function fakePlatform() {
  const tracks = [
    {
      stopped: false,
      stop() {
        this.stopped = true;
      },
    },
  ];
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  let recorder: (MediaRecorderLike & { emit(text: string): void }) | null = null;
  const platform: RecorderPlatform = {
    getUserMedia: async () => stream,
    createRecorder: () => {
      const r = {
        state: 'inactive' as MediaRecorderLike['state'],
        mimeType: 'audio/ogg',
        ondataavailable: null as MediaRecorderLike['ondataavailable'],
        onstop: null as MediaRecorderLike['onstop'],
        start() {
          r.state = 'recording';
        },
        stop() {
          r.emit('last');
          r.state = 'inactive';
          r.onstop?.();
        },
        emit(text: string) {
          r.ondataavailable?.({ data: new Blob([text]) });
        },
      };
      recorder = r;
      return r;
    },
  };
  return { platform, tracks, recorder: () => recorder };
}

describe('recording a game', () => {
  test('the recording holds every chunk, is saved under the game id and frees the microphone', async () => {
    const { platform, tracks, recorder } = fakePlatform();
    const store = memoryRecordingStore();
    const rec = createGameRecorder(platform, store);
    expect((await rec.start('g1')).ok).toBe(true);
    expect(rec.isRecording()).toBe(true);
    recorder()?.emit('e2 e4 ');
    recorder()?.emit('e7 e5 ');
    const stopped = await rec.stop();
    if (!stopped.ok) throw new Error(stopped.error.message);
    expect(await stopped.value.text()).toBe('e2 e4 e7 e5 last');
    expect(stopped.value.type).toBe('audio/ogg');
    expect(await (await store.get('g1'))?.text()).toBe('e2 e4 e7 e5 last');
    expect(tracks[0]?.stopped).toBe(true);
    expect(rec.isRecording()).toBe(false);
  });

  test('no MediaRecorder: notSupported; a refused microphone: permissionDenied; none: noMicrophone', async () => {
    const store = memoryRecordingStore();
    expect(await createGameRecorder({}, store).start('x')).toMatchObject({
      ok: false,
      error: { code: 'notSupported' },
    });
    const refuse = (name: string): RecorderPlatform => ({
      getUserMedia: async () => {
        throw Object.assign(new Error('no'), { name });
      },
      createRecorder: fakePlatform().platform.createRecorder,
    });
    expect(await createGameRecorder(refuse('NotAllowedError'), store).start('x')).toMatchObject({
      error: { code: 'permissionDenied' },
    });
    expect(await createGameRecorder(refuse('NotFoundError'), store).start('x')).toMatchObject({
      error: { code: 'noMicrophone' },
    });
  });

  test('stopping with nothing recorded, or starting twice, is refused', async () => {
    const rec = createGameRecorder(fakePlatform().platform, memoryRecordingStore());
    expect(await rec.stop()).toMatchObject({ ok: false, error: { code: 'notRecording' } });
    await rec.start('a');
    expect(await rec.start('b')).toMatchObject({ ok: false, error: { code: 'alreadyRecording' } });
  });
});
