// Earcons: one sound per id from the committed audio files, played through howler (a fake Howl
// here), and the files are exactly what scripts/make-audio.mjs makes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, cpSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { EARCON_IDS } from '../../src/ports/earcons.ts';
import { createHowlerEarcons, earconUrl, type HowlLike } from '../../src/sound/earcons.ts';

class FakeHowl implements HowlLike {
  plays = 0;
  volumes: number[] = [];
  constructor(
    readonly src: string,
    readonly initialVolume: number,
  ) {}
  play() {
    this.plays++;
    return 1;
  }
  volume(v: number) {
    this.volumes.push(v);
    return this;
  }
}

test('every earcon is preloaded from its own file and plays on demand', () => {
  const made: FakeHowl[] = [];
  const earcons = createHowlerEarcons({
    baseUrl: '/audio/',
    makeHowl: (src, volume) => {
      const h = new FakeHowl(src, volume);
      made.push(h);
      return h;
    },
  });
  expect(made.map((h) => h.src)).toEqual(EARCON_IDS.map((id) => `/audio/${id}.wav`));
  earcons.play('capture');
  earcons.play('capture');
  earcons.play('flag');
  expect(made.map((h) => h.plays)).toEqual(
    EARCON_IDS.map((id) => (id === 'capture' ? 2 : id === 'flag' ? 1 : 0)),
  );
});

test('disabled or silent earcons do not play; volume reaches every sound, clamped', () => {
  const made: FakeHowl[] = [];
  const earcons = createHowlerEarcons({
    makeHowl: (src, volume) => {
      const h = new FakeHowl(src, volume);
      made.push(h);
      return h;
    },
  });
  earcons.setEnabled(false);
  earcons.play('lift');
  earcons.setEnabled(true);
  earcons.setVolume(0);
  earcons.play('lift');
  expect(made.every((h) => h.plays === 0)).toBe(true);
  earcons.setVolume(7);
  earcons.play('lift');
  expect(made.every((h) => h.volumes.at(-1) === 1)).toBe(true);
  expect(made.find((h) => h.src.endsWith('lift.wav'))?.plays).toBe(1);
});

test('the default URL is the app base plus audio/', () => {
  expect(earconUrl('check')).toBe('/audio/check.wav');
});

test('the committed sound files are tiny valid WAVs, served from public/audio, and the script remakes them exactly', () => {
  const root = join(import.meta.dirname, '..', '..');
  const scratch = mkdtempSync(join(tmpdir(), 'twinboard-audio-'));
  cpSync(join(root, 'scripts', 'make-audio.mjs'), join(scratch, 'scripts', 'make-audio.mjs'));
  execFileSync(process.execPath, [join(scratch, 'scripts', 'make-audio.mjs')], { stdio: 'ignore' });
  for (const id of EARCON_IDS) {
    const committed = readFileSync(join(root, 'audio', `${id}.wav`));
    expect(committed.subarray(0, 4).toString()).toBe('RIFF');
    expect(committed.subarray(8, 12).toString()).toBe('WAVE');
    expect(committed.readUInt32LE(40)).toBe(committed.length - 44);
    expect(statSync(join(root, 'audio', `${id}.wav`)).size).toBeLessThan(8_000);
    expect(readFileSync(join(root, 'public', 'audio', `${id}.wav`)).equals(committed)).toBe(true);
    expect(readFileSync(join(scratch, 'audio', `${id}.wav`)).equals(committed)).toBe(true);
  }
});
