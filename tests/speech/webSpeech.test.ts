// The Web Speech Speaker against a fake speechSynthesis: queue, interruption by politeness,
// settings and voice choice, and the live-region fallback when no voice is installed.
import { beforeEach, describe, expect, test } from 'vitest';
import type { Utterance } from '../../src/speech/index.ts';
import { createWebSpeechSpeaker, splitForSpeech } from '../../src/speech/speaker/webSpeech.ts';
import { describePosition } from '../../src/speech/index.ts';
import { START_FEN } from '../../src/core/index.ts';
import { FakeSynthesis, makeNativeUtterance, StrictAnnouncer } from './fakes/strictFakes.ts';

const VOICES = [
  { voiceURI: 'en-us', name: 'English (America)', lang: 'en-US', default: true },
  { voiceURI: 'en-gb', name: 'English (Great Britain)', lang: 'en-GB', default: false },
  { voiceURI: 'de', name: 'Deutsch', lang: 'de-DE', default: false },
];

const polite = (text: string, interrupt = false, lang = 'en'): Utterance => ({
  text,
  lang,
  politeness: 'polite',
  interrupt,
});
const assertive = (text: string, interrupt = true): Utterance => ({
  text,
  lang: 'en',
  politeness: 'assertive',
  interrupt,
});

let synth: FakeSynthesis;
let announcer: StrictAnnouncer;
beforeEach(() => {
  synth = new FakeSynthesis(VOICES);
  announcer = new StrictAnnouncer();
});
const make = () =>
  createWebSpeechSpeaker({ synthesis: synth, makeUtterance: makeNativeUtterance, fallback: announcer });

describe('queue', () => {
  test('utterances are spoken one after the other, in order', () => {
    const speaker = make();
    speaker.speak(polite('one'));
    speaker.speak(polite('two'));
    speaker.speak(polite('three'));
    expect(synth.log).toEqual(['speak one']);
    synth.finish();
    synth.finish();
    synth.finish();
    expect(synth.log).toEqual(['speak one', 'speak two', 'speak three']);
    expect(synth.speaking).toBeNull();
  });

  test('a non-fatal error moves on to the next utterance', () => {
    const speaker = make();
    speaker.speak(polite('one'));
    speaker.speak(polite('two'));
    synth.fail('not-allowed');
    expect(synth.log).toEqual(['speak one', 'speak two']);
  });

  test('cancel stops speaking and drops the queue', () => {
    const speaker = make();
    speaker.speak(polite('one'));
    speaker.speak(polite('two'));
    speaker.cancel();
    synth.reportCancelled();
    expect(synth.log).toEqual(['speak one', 'cancel one']);
    expect(synth.speaking).toBeNull();
  });

  test('empty text is not sent to the platform', () => {
    make().speak(polite('  '));
    expect(synth.log).toEqual([]);
  });
});

describe('interruption by politeness', () => {
  test('navigation replaces stale navigation, including the one being spoken', () => {
    const speaker = make();
    speaker.speak(polite('Anna one', true));
    speaker.speak(polite('Anna two', true));
    speaker.speak(polite('Anna three', true));
    // Late 'interrupted' reports from cancelled utterances must not skip the queue.
    synth.reportCancelled();
    expect(synth.log).toEqual([
      'speak Anna one',
      'cancel Anna one',
      'speak Anna two',
      'cancel Anna two',
      'speak Anna three',
    ]);
  });

  test("navigation never cuts off the opponent's move; it waits behind it", () => {
    const speaker = make();
    speaker.speak(assertive('Knight Gustav eight to Felix six'));
    speaker.speak(polite('Anna one', true));
    speaker.speak(polite('Anna two', true));
    expect(synth.log).toEqual(['speak Knight Gustav eight to Felix six']);
    synth.finish();
    expect(synth.log).toEqual(['speak Knight Gustav eight to Felix six', 'speak Anna two']);
  });

  test('an interrupting assertive utterance cuts everything and drops the queue', () => {
    const speaker = make();
    speaker.speak(polite('Rank one: long reading'));
    speaker.speak(polite('queued'));
    speaker.speak(assertive("Black's flag has fallen"));
    synth.reportCancelled();
    expect(synth.log).toEqual([
      'speak Rank one: long reading',
      'cancel Rank one: long reading',
      "speak Black's flag has fallen",
    ]);
    synth.finish();
    expect(synth.speaking).toBeNull();
  });

  test('a non-interrupting utterance waits its turn even if assertive', () => {
    const speaker = make();
    speaker.speak(polite('one'));
    speaker.speak(assertive('Black offers a draw', false));
    expect(synth.log).toEqual(['speak one']);
    synth.finish();
    expect(synth.log).toEqual(['speak one', 'speak Black offers a draw']);
  });
});

describe('settings and voices', () => {
  test('rate, pitch and volume are applied and clamped; nonsense keeps the old value', () => {
    const speaker = make();
    speaker.configure({ rate: 1.8, pitch: 5, volume: -1 });
    speaker.speak(polite('fast'));
    expect(synth.speaking).toMatchObject({ rate: 1.8, pitch: 2, volume: 0 });
    synth.finish();
    speaker.configure({ rate: Number.NaN });
    speaker.speak(polite('still fast'));
    expect(synth.speaking?.rate).toBe(1.8);
  });

  test('the voice follows the language: default voice first, else any voice of that language', () => {
    const speaker = make();
    speaker.speak(polite('Knight Gustav one to Felix three'));
    expect(synth.speaking?.voice?.voiceURI).toBe('en-us');
    synth.finish();
    speaker.speak(polite('Springer Gustav eins nach Felix drei', false, 'de'));
    expect(synth.speaking).toMatchObject({ lang: 'de', voice: { voiceURI: 'de' } });
  });

  test('a chosen voice is used for its language only', () => {
    const speaker = make();
    speaker.configure({ voice: 'English (Great Britain)' });
    speaker.speak(polite('Evan four'));
    expect(synth.speaking?.voice?.voiceURI).toBe('en-gb');
    synth.finish();
    speaker.speak(polite('Eva vier', false, 'de'));
    expect(synth.speaking?.voice?.voiceURI).toBe('de');
  });

  test('voices are listed for the settings screen', () => {
    expect(make().voices()).toEqual([
      { id: 'en-us', name: 'English (America)', lang: 'en-US', isDefault: true },
      { id: 'en-gb', name: 'English (Great Britain)', lang: 'en-GB', isDefault: false },
      { id: 'de', name: 'Deutsch', lang: 'de-DE', isDefault: false },
    ]);
  });
});

describe('no voice installed: the live region takes over and says so once', () => {
  test('with no voices every utterance goes to the live region, with one notice first', () => {
    synth = new FakeSynthesis([]);
    announcer.expect(
      ['No speech voice is installed; messages go to your screen reader instead', 'assertive'],
      ['Evan one, dark square, white king', 'polite', 'en'],
      ['Knight Gustav eight to Felix six', 'assertive', 'en'],
    );
    const speaker = make();
    expect(speaker.status()).toBe('fallback');
    speaker.speak(polite('Evan one, dark square, white king', true));
    speaker.speak(assertive('Knight Gustav eight to Felix six'));
    expect(announcer.done()).toBe(true);
    expect(synth.log).toEqual([]);
  });

  test('voices that arrive later take over again', () => {
    synth = new FakeSynthesis([]);
    announcer.expect(
      ['No speech voice is installed; messages go to your screen reader instead', 'assertive'],
      ['first', 'polite'],
    );
    const speaker = make();
    speaker.speak(polite('first'));
    synth.installVoices(VOICES);
    expect(speaker.status()).toBe('speaking');
    speaker.speak(polite('second'));
    expect(synth.log).toEqual(['speak second']);
    expect(announcer.done()).toBe(true);
  });

  test('without the Web Speech API at all, in German', () => {
    announcer.expect(
      ['Keine Sprachausgabe installiert; Meldungen gehen stattdessen an Ihren Bildschirmleser', 'assertive'],
      ['Eva vier', 'polite', 'de'],
    );
    const speaker = createWebSpeechSpeaker({
      synthesis: undefined,
      makeUtterance: makeNativeUtterance,
      fallback: announcer,
      locale: 'de',
    });
    speaker.speak(polite('Eva vier', false, 'de'));
    expect(announcer.done()).toBe(true);
  });

  test('a fatal synthesis error falls back for the rest, saying so once', () => {
    announcer.expect(
      ['Speech failed; messages go to your screen reader instead', 'assertive'],
      ['one', 'polite'],
      ['two', 'polite'],
      ['three', 'polite'],
    );
    const speaker = make();
    speaker.speak(polite('one'));
    speaker.speak(polite('two'));
    synth.fail('synthesis-failed');
    speaker.speak(polite('three'));
    expect(announcer.done()).toBe(true);
    expect(speaker.status()).toBe('fallback');
  });
});

describe('long readings', () => {
  const reading = describePosition(START_FEN, 'rank');
  test('are split at sentence, then phrase, boundaries into parts of at most 200 characters', () => {
    const parts = splitForSpeech(reading);
    expect(parts.length).toBeGreaterThan(4);
    expect(parts.every((p) => p.length <= 200)).toBe(true);
    expect(parts.join(' ')).toBe(reading);
    expect(parts[1]).toBe('Hector eight, black rook.');
    expect(splitForSpeech('Knight Gustav one to Felix three')).toEqual(['Knight Gustav one to Felix three']);
  });
  test('are spoken part by part, and a polite interruption drops the rest of the reading', () => {
    const speaker = make();
    speaker.speak(polite(reading, true));
    const parts = splitForSpeech(reading);
    synth.finish();
    expect(synth.log).toEqual([`speak ${parts[0]}`, `speak ${parts[1]}`]);
    speaker.speak(polite('Evan four, light square, empty', true));
    synth.reportCancelled();
    synth.finish();
    expect(synth.log.slice(2)).toEqual([`cancel ${parts[1]}`, 'speak Evan four, light square, empty']);
    expect(synth.speaking).toBeNull();
  });
});
