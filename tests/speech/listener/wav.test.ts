// The WAV the server recogniser takes (issue 25): RIFF, 16-bit PCM, mono, at the given rate.
import { describe, expect, test } from 'vitest';
import { encodeWav, WAV_HEADER_BYTES } from '../../../src/speech/listener/wav.ts';

const text = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

describe('encodeWav', () => {
  test('writes the RIFF header of 16-bit PCM mono at the rate given', () => {
    const wav = encodeWav(new Float32Array(16_000), 16_000);
    const view = new DataView(wav.buffer);
    expect(wav.length).toBe(WAV_HEADER_BYTES + 32_000);
    expect(text(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(text(wav, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(32_000);
  });

  test('scales samples to 16 bits, little-endian, clipping what lies beyond -1…1', () => {
    const wav = encodeWav(Float32Array.from([0, 1, -1, 0.5, -0.5, 2, -3]), 16_000);
    const view = new DataView(wav.buffer);
    const samples = Array.from({ length: 7 }, (_, i) => view.getInt16(WAV_HEADER_BYTES + 2 * i, true));
    expect(samples).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768]);
  });

  test('an empty recording is a header with no data', () => {
    const wav = encodeWav(new Float32Array(0), 16_000);
    expect(wav.length).toBe(WAV_HEADER_BYTES);
    expect(new DataView(wav.buffer).getUint32(40, true)).toBe(0);
  });
});
