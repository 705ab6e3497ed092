// The one audio format of POST /api/recognise (issue 25): what the app's recorder writes
// (speech/listener/wav.ts) the server reads (server/recogniser/wav.ts), and nothing else.
import { describe, expect, test } from 'vitest';
import { parseWav } from '../../../src/server/recogniser/wav.ts';
import { encodeWav, wavFile } from '../../../src/speech/listener/wav.ts';

const tone = (seconds: number) =>
  Float32Array.from({ length: Math.round(seconds * 16_000) }, (_, i) => 0.5 * Math.sin(i / 8));

describe('the recogniser’s WAV', () => {
  test('reads what the app records, sample for sample', () => {
    const samples = tone(1.5);
    const parsed = parseWav(Buffer.from(encodeWav(samples, 16_000)));
    expect(parsed.ok && parsed.seconds).toBe(1.5);
    expect(parsed.ok && parsed.pcm.readInt16LE(2000)).toBe(Math.round(samples[1000]! * 0x7fff));
  });

  test.each([
    ['another sample rate', encodeWav(tone(1), 44_100), 'not-pcm16-mono-16k'],
    ['a tap of the key', encodeWav(tone(0.05), 16_000), 'too-short'],
    ['more than 15 seconds', encodeWav(tone(15.5), 16_000), 'too-long'],
    ['no RIFF header', new Uint8Array(2000), 'not-wav'],
  ])('refuses %s', (_, body, error) => {
    expect(parseWav(Buffer.from(body))).toEqual({ ok: false, error });
  });

  test('a data size left unset by a streaming recorder means the rest of the body', () => {
    const file = wavFile(new Uint8Array(16_000), 16_000);
    new DataView(file.buffer).setUint32(40, 0xffffffff, true);
    const parsed = parseWav(Buffer.from(file));
    expect(parsed.ok && parsed.seconds).toBe(0.5);
  });
});
