/**
 * The microphone recorder's AudioWorklet processor (issue 25), loaded by microphone.ts through
 * Vite (`?worker&url`, built as its own file). It runs on the audio rendering thread and posts the
 * input in chunks of about 20 ms (the node down-mixes to mono), each buffer handed over rather
 * than copied; everything else (where utterances end, resampling, WAV) happens on the page.
 */
export {};

// The AudioWorkletGlobalScope, which TypeScript's DOM library does not describe.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** The name microphone.ts creates the node with. */
const NAME = 'twinboard-recorder';

/** Samples per chunk: 20 ms. */
const CHUNK = Math.max(128, Math.round(sampleRate / 50));

class RecorderProcessor extends AudioWorkletProcessor {
  private chunk = new Float32Array(CHUNK);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    if (input) {
      let at = 0;
      while (at < input.length) {
        const part = input.subarray(at, at + CHUNK - this.filled);
        this.chunk.set(part, this.filled);
        this.filled += part.length;
        at += part.length;
        if (this.filled === CHUNK) {
          // Transferred, the buffer is detached here (its length 0): a new one takes its place.
          this.port.postMessage(this.chunk, [this.chunk.buffer]);
          this.chunk = new Float32Array(CHUNK);
          this.filled = 0;
        }
      }
    }
    // Kept alive while the page holds the node: it stops when the microphone closes.
    return true;
  }
}

registerProcessor(NAME, RecorderProcessor);
