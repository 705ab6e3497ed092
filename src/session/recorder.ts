/**
 * The optional audio recording of a game (BL-38(b); FIDE D.2.7 "record the moves on a recording
 * device"): opt-in, from the microphone through MediaRecorder, saved with the game under its
 * archive id. Platform failures (no MediaRecorder, no microphone, permission refused) are values,
 * not exceptions. The platform parts are injected so tests use fakes; the recordings live in
 * IndexedDB in the browser (local storage is far too small for audio) or in memory in tests.
 */
import { err, ok, type Result } from '../core/index.ts';

/** The parts of MediaRecorder the recorder uses. */
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  start(timesliceMs?: number): void;
  stop(): void;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
}

export interface RecorderPlatform {
  /** navigator.mediaDevices.getUserMedia, or undefined where there is none. */
  readonly getUserMedia?: (constraints: { audio: boolean }) => Promise<MediaStream>;
  /** The MediaRecorder constructor, or undefined where there is none. */
  readonly createRecorder?: (stream: MediaStream) => MediaRecorderLike;
}

export type RecorderErrorCode =
  'notSupported' | 'permissionDenied' | 'noMicrophone' | 'alreadyRecording' | 'notRecording';
export interface RecorderError {
  readonly code: RecorderErrorCode;
  readonly message: string;
}

/** Where recordings are kept, by game id. */
export interface RecordingStore {
  put(id: string, audio: Blob): Promise<void>;
  get(id: string): Promise<Blob | null>;
  remove(id: string): Promise<void>;
}

export interface GameRecorder {
  isRecording(): boolean;
  /** Asks for the microphone and starts recording for the game `id`. */
  start(id: string): Promise<Result<void, RecorderError>>;
  /** Stops, saves the recording with the game, and gives it back. */
  stop(): Promise<Result<Blob, RecorderError>>;
}

const fail = (code: RecorderErrorCode, message: string) => err<RecorderError>({ code, message });

/** The browser's platform parts (undefined members where the browser lacks them). */
export function browserRecorderPlatform(): RecorderPlatform {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  const Ctor = typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder;
  return {
    getUserMedia: devices?.getUserMedia ? (c) => devices.getUserMedia(c) : undefined,
    createRecorder: Ctor ? (stream) => new Ctor(stream) as unknown as MediaRecorderLike : undefined,
  };
}

/** A recorder over a platform and a store. */
export function createGameRecorder(platform: RecorderPlatform, store: RecordingStore): GameRecorder {
  let current: { id: string; recorder: MediaRecorderLike; stream: MediaStream; chunks: Blob[] } | null = null;
  return {
    isRecording: () => current !== null,
    async start(id) {
      if (current !== null) return fail('alreadyRecording', 'A recording is already running.');
      if (!platform.getUserMedia || !platform.createRecorder)
        return fail('notSupported', 'This browser cannot record audio.');
      let stream: MediaStream;
      try {
        stream = await platform.getUserMedia({ audio: true });
      } catch (e) {
        const name = e instanceof Error ? e.name : '';
        return name === 'NotFoundError'
          ? fail('noMicrophone', 'No microphone was found.')
          : fail('permissionDenied', 'The microphone may not be used.');
      }
      const recorder = platform.createRecorder(stream);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      // A slice every second, so a crash loses at most the last second.
      recorder.start(1000);
      current = { id, recorder, stream, chunks };
      return ok(undefined);
    },
    async stop() {
      const running = current;
      if (running === null) return fail('notRecording', 'Nothing is being recorded.');
      current = null;
      await new Promise<void>((resolve) => {
        running.recorder.onstop = () => resolve();
        running.recorder.stop();
      });
      for (const track of running.stream.getTracks()) track.stop();
      const audio = new Blob(running.chunks, { type: running.recorder.mimeType || 'audio/webm' });
      await store.put(running.id, audio);
      return ok(audio);
    },
  };
}

/** Recordings in memory (tests, and where IndexedDB is unavailable). */
export function memoryRecordingStore(): RecordingStore {
  const data = new Map<string, Blob>();
  return {
    put: async (id, audio) => void data.set(id, audio),
    get: async (id) => data.get(id) ?? null,
    remove: async (id) => void data.delete(id),
  };
}

/** Recordings in the browser's IndexedDB (database `twinboard-recordings`), falling back to memory. */
export function indexedDbRecordingStore(): RecordingStore {
  if (typeof indexedDB === 'undefined') return memoryRecordingStore();
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('twinboard-recordings', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('recordings');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB unavailable'));
    });
  const run = async <T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const request = f(db.transaction('recordings', mode).objectStore('recordings'));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  };
  return {
    put: async (id, audio) => void (await run('readwrite', (s) => s.put(audio, id))),
    get: async (id) => {
      try {
        const value: unknown = await run('readonly', (s) => s.get(id));
        return value instanceof Blob ? value : null;
      } catch {
        return null;
      }
    },
    remove: async (id) => void (await run('readwrite', (s) => s.delete(id))),
  };
}
