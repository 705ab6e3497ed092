/**
 * The one audio format the recogniser takes (issue 25): a RIFF WAVE file of 16-bit PCM, mono,
 * 16 kHz, at most MAX_SECONDS long. Anything else is refused with a stable code before any
 * decoder time is spent on it. The app writes it with src/speech/listener/wav.ts.
 */

export const SAMPLE_RATE = 16_000;
export const MAX_SECONDS = 15;
/** Shorter than this is no utterance (a tap of the talk key). */
export const MIN_SECONDS = 0.1;
/** The largest body worth reading: the longest audio, its header and some room for extra chunks. */
export const MAX_WAV_BYTES = MAX_SECONDS * SAMPLE_RATE * 2 + 4096;

export type WavError = 'not-wav' | 'not-pcm16-mono-16k' | 'too-long' | 'too-short';

/** The samples of a valid WAV (16-bit little-endian PCM), or why it is not one. */
export type ParsedWav = { ok: true; pcm: Buffer; seconds: number } | { ok: false; error: WavError };

/** Reads a WAV body; never throws. */
export function parseWav(body: Buffer): ParsedWav {
  if (body.length < 12 || body.toString('ascii', 0, 4) !== 'RIFF' || body.toString('ascii', 8, 12) !== 'WAVE')
    return { ok: false, error: 'not-wav' };
  let format: { tag: number; channels: number; rate: number; bits: number } | undefined;
  let at = 12;
  while (at + 8 <= body.length) {
    const id = body.toString('ascii', at, at + 4);
    const size = body.readUInt32LE(at + 4);
    const start = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || start + 16 > body.length) return { ok: false, error: 'not-wav' };
      format = {
        tag: body.readUInt16LE(start),
        channels: body.readUInt16LE(start + 2),
        rate: body.readUInt32LE(start + 4),
        bits: body.readUInt16LE(start + 14),
      };
      // WAVE_FORMAT_EXTENSIBLE names its real format in a sub-format GUID; its first two bytes are the tag.
      if (format.tag === 0xfffe && size >= 26 && start + 26 <= body.length)
        format.tag = body.readUInt16LE(start + 24);
    } else if (id === 'data') {
      if (!format) return { ok: false, error: 'not-wav' };
      if (format.tag !== 1 || format.channels !== 1 || format.rate !== SAMPLE_RATE || format.bits !== 16)
        return { ok: false, error: 'not-pcm16-mono-16k' };
      // A recorder that streams its WAV may leave the data size unset (0 or 0xFFFFFFFF): the rest of the body.
      const declared = size === 0 || size === 0xffffffff ? body.length - start : size;
      const bytes = Math.min(declared, body.length - start) & ~1;
      const seconds = bytes / 2 / SAMPLE_RATE;
      if (seconds > MAX_SECONDS) return { ok: false, error: 'too-long' };
      if (seconds < MIN_SECONDS) return { ok: false, error: 'too-short' };
      return { ok: true, pcm: body.subarray(start, start + bytes), seconds };
    }
    at = start + size + (size % 2);
  }
  return { ok: false, error: 'not-wav' };
}
