/**
 * WAV encoding for Twinboard's server recogniser (issue 25): the recorded utterance as a RIFF WAV
 * file of 16-bit PCM, mono, the body `POST /api/recognise` takes (the server reads it with
 * src/server/recogniser/wav.ts). Pure.
 */

/** Bytes of the RIFF header before the samples (PCM `fmt ` chunk of 16 bytes, then `data`). */
export const WAV_HEADER_BYTES = 44;

/** A WAV file of 16-bit little-endian mono PCM samples already in bytes (`pcm`), at `sampleRate`. */
export function wavFile(pcm: Uint8Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(WAV_HEADER_BYTES + pcm.length);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, pcm.length, true);
  bytes.set(pcm, WAV_HEADER_BYTES);
  return bytes;
}

/**
 * Encodes mono samples (-1…1; beyond is clipped) as a 16-bit PCM WAV file at `sampleRate`.
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const pcm = new Uint8Array(samples.length * 2);
  const view = new DataView(pcm.buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    // Asymmetric scale: -1 maps to -32768 and 1 to 32767, so neither end overflows.
    view.setInt16(i * 2, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
  }
  return wavFile(pcm, sampleRate);
}
