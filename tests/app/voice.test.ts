// The microphone and Twinboard's own voice (issue 4): with a fake speechSynthesis behind the real
// Web Speech speaker and the fake recogniser behind the real controller, the microphone is closed
// while an utterance is spoken (so our words are never taken for the player's) and reopens after;
// the talk key works held (push-to-talk) and as a toggle.
import { afterEach, describe, expect, test } from 'vitest';
import { createWebSpeechSpeaker } from '../../src/speech/speaker/webSpeech.ts';
import { createFakeListener } from '../../src/speech/listener/fake.ts';
import { connectVoice } from '../../src/app/voice.ts';
import { onHeard } from '../../src/screens/blind/heard.ts';
import type { Utterance } from '../../src/speech/announce.ts';
import { FakeSynthesis, StrictAnnouncer, makeNativeUtterance } from '../speech/fakes/strictFakes.ts';

const VOICE = { voiceURI: 'en', name: 'English', lang: 'en-GB', default: true };
const words = (text: string, politeness: 'polite' | 'assertive' = 'polite'): Utterance => ({
  text,
  lang: 'en',
  politeness,
  interrupt: false,
});

let stopHearing: (() => void) | undefined;
afterEach(() => stopHearing?.());

function setup() {
  const synth = new FakeSynthesis([VOICE]);
  const speaker = createWebSpeechSpeaker({
    synthesis: synth,
    makeUtterance: makeNativeUtterance,
    fallback: new StrictAnnouncer(),
  });
  const listener = createFakeListener();
  const heard: string[] = [];
  stopHearing = onHeard((h) => void heard.push(typeof h === 'string' ? h : (h[0] ?? '')));
  const said: string[] = [];
  const voice = connectVoice(listener, { onListening: () => said.push('Listening') }, speaker);
  return { synth, speaker, listener, voice, heard, said };
}

describe('the speaker reports when it speaks', () => {
  test('speaking spans the whole queue and ends when the last utterance ends or is cancelled', () => {
    const { synth, speaker } = setup();
    const changes: boolean[] = [];
    speaker.onSpeakingChange((s) => changes.push(s));
    expect(speaker.isSpeaking()).toBe(false);
    speaker.speak(words('Pawn Evan two to Evan four'));
    speaker.speak(words('Knight Gustav eight to Felix six'));
    expect(speaker.isSpeaking()).toBe(true);
    synth.finish();
    // No gap between two queued utterances: the microphone must not reopen for a moment.
    expect(changes).toEqual([true]);
    synth.finish();
    expect(changes).toEqual([true, false]);
    speaker.speak(words('Check'));
    speaker.cancel();
    expect(changes).toEqual([true, false, true, false]);
    expect(speaker.isSpeaking()).toBe(false);
  });

  test('a fatal synthesis error ends speaking (words go to the live region instead)', () => {
    const synth = new FakeSynthesis([VOICE]);
    const announcer = new StrictAnnouncer();
    const speaker = createWebSpeechSpeaker({
      synthesis: synth,
      makeUtterance: makeNativeUtterance,
      fallback: announcer,
    });
    const changes: boolean[] = [];
    speaker.onSpeakingChange((s) => changes.push(s));
    speaker.speak(words('Evan four'));
    announcer.expect(['Speech failed; messages go to your screen reader instead', 'assertive', 'en']);
    announcer.expect(['Evan four', 'polite', 'en']);
    synth.fail('synthesis-failed');
    expect(changes).toEqual([true, false]);
  });
});

describe('the microphone is paused while Twinboard speaks', () => {
  test('toggled on, the microphone is aborted during an utterance and reopens after it', () => {
    const { synth, speaker, listener, voice, heard, said } = setup();
    voice.toggle();
    expect(listener.isListening()).toBe(true);
    expect(said).toEqual(['Listening']);
    speaker.speak(words('Knight Gustav eight to Felix six', 'assertive'));
    expect(listener.isListening()).toBe(false);
    expect(voice.isOpen()).toBe(false);
    // Our own words reach the microphone: they are not heard as the player's.
    expect(listener.say('knight Gustav eight to Felix six')).toBe(false);
    synth.finish();
    expect(listener.isListening()).toBe(true);
    // Reopening after our speech is silent: saying "Listening" again would close it again.
    expect(said).toEqual(['Listening']);
    expect(listener.say('Evan two Evan four')).toBe(true);
    expect(heard).toEqual(['Evan two Evan four']);
  });

  test('toggled on while Twinboard speaks, the microphone opens only when it falls silent', () => {
    const { synth, speaker, listener, voice } = setup();
    speaker.speak(words('Your move'));
    voice.toggle();
    expect(listener.isListening()).toBe(false);
    synth.finish();
    expect(listener.isListening()).toBe(true);
    voice.toggle();
    expect(listener.isListening()).toBe(false);
    speaker.speak(words('Check'));
    synth.finish();
    // Toggled off stays off after speech.
    expect(listener.isListening()).toBe(false);
  });

  test('held talk key: open while held, closed on release, and closed while Twinboard speaks', () => {
    const { synth, speaker, listener, voice, said } = setup();
    voice.press();
    expect(listener.isListening()).toBe(true);
    // The held key is the player's cue; no spoken "Listening" that would close the microphone.
    expect(said).toEqual([]);
    speaker.speak(words('Clock pressed'));
    expect(listener.isListening()).toBe(false);
    synth.finish();
    expect(listener.isListening()).toBe(true);
    voice.release();
    expect(listener.isListening()).toBe(false);
    speaker.speak(words('Pawn Evan seven to Evan five'));
    synth.finish();
    expect(listener.isListening()).toBe(false);
  });
});
