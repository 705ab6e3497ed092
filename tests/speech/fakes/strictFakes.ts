// Fakes for the speech platform ports that FAIL on any call the test did not expect.
import type { Announcer } from '../../../src/ports/announcer.ts';
import type { Earcons, EarconId } from '../../../src/ports/earcons.ts';
import type { Speaker } from '../../../src/ports/speaker.ts';
import type { Politeness, Utterance } from '../../../src/speech/index.ts';
import type { NativeUtteranceLike, SynthesisLike, VoiceLike } from '../../../src/speech/speaker/webSpeech.ts';

/** A speechSynthesis stand-in that speaks one utterance at a time, like the real one. */
export class FakeSynthesis implements SynthesisLike {
  speaking: NativeUtteranceLike | null = null;
  readonly log: string[] = [];
  private cancelled: NativeUtteranceLike[] = [];
  private voicesChanged: (() => void)[] = [];
  constructor(public voiceList: VoiceLike[]) {}
  speak(u: NativeUtteranceLike): void {
    // The adapter keeps its own queue; handing the platform a second utterance is a bug.
    if (this.speaking) throw new Error(`unexpected speak("${u.text}") while "${this.speaking.text}" speaks`);
    this.speaking = u;
    this.log.push(`speak ${u.text}`);
  }
  cancel(): void {
    if (!this.speaking) throw new Error('unexpected cancel() with nothing speaking');
    this.log.push(`cancel ${this.speaking.text}`);
    this.cancelled.push(this.speaking);
    this.speaking = null;
  }
  getVoices(): readonly VoiceLike[] {
    return this.voiceList;
  }
  addEventListener(_type: 'voiceschanged', listener: () => void): void {
    this.voicesChanged.push(listener);
  }
  /** The current utterance ends normally. */
  finish(): void {
    const u = this.speaking;
    if (!u) throw new Error('nothing is speaking');
    this.speaking = null;
    u.onend?.({});
  }
  /** The current utterance fails with a Web Speech error code. */
  fail(error: string): void {
    const u = this.speaking;
    if (!u) throw new Error('nothing is speaking');
    this.speaking = null;
    u.onerror?.({ error });
  }
  /** Browsers report cancelled utterances late, as 'interrupted' errors. */
  reportCancelled(): void {
    for (const u of this.cancelled.splice(0)) u.onerror?.({ error: 'interrupted' });
  }
  installVoices(voices: VoiceLike[]): void {
    this.voiceList = voices;
    for (const l of this.voicesChanged) l();
  }
}

export const makeNativeUtterance = (text: string): NativeUtteranceLike => ({
  text,
  lang: '',
  rate: 1,
  pitch: 1,
  volume: 1,
  voice: null,
  onend: null,
  onerror: null,
});

export type AnnouncerCall = readonly [text: string, politeness: Politeness, lang?: string];

/** An Announcer that must receive exactly the expected calls, in order. */
export class StrictAnnouncer implements Announcer {
  private readonly expected: AnnouncerCall[];
  clearsAllowed = 0;
  constructor(expected: AnnouncerCall[] = []) {
    this.expected = [...expected];
  }
  expect(...calls: AnnouncerCall[]): void {
    this.expected.push(...calls);
  }
  announce(text: string, politeness: Politeness, lang?: string): void {
    const next = this.expected.shift();
    if (!next) throw new Error(`unexpected announce("${text}", ${politeness})`);
    const [t, p, l] = next;
    if (t !== text || p !== politeness || (l !== undefined && l !== lang))
      throw new Error(`expected announce("${t}", ${p}, ${l}) but got ("${text}", ${politeness}, ${lang})`);
  }
  clear(): void {
    if (this.clearsAllowed <= 0) throw new Error('unexpected clear()');
    this.clearsAllowed--;
  }
  /** Every expected call has happened. */
  done(): boolean {
    return this.expected.length === 0;
  }
}

/** A Speaker that must receive exactly the expected texts, in order. */
export class StrictSpeaker implements Speaker {
  private readonly expected: string[];
  cancelsAllowed = 0;
  constructor(expected: string[] = []) {
    this.expected = [...expected];
  }
  speak(u: Utterance): void {
    const next = this.expected.shift();
    if (next === undefined) throw new Error(`unexpected speak("${u.text}")`);
    if (next !== u.text) throw new Error(`expected speak("${next}") but got "${u.text}"`);
  }
  cancel(): void {
    if (this.cancelsAllowed <= 0) throw new Error('unexpected cancel()');
    this.cancelsAllowed--;
  }
  configure(): void {
    throw new Error('unexpected configure()');
  }
  voices() {
    return [];
  }
  status() {
    return 'speaking' as const;
  }
  isSpeaking(): boolean {
    return false;
  }
  // The strict speaker never voices anything, so its speaking state never changes.
  onSpeakingChange(): () => void {
    return () => undefined;
  }
  done(): boolean {
    return this.expected.length === 0;
  }
}

/** Earcons that record what played (any id may play; the test asserts the list). */
export class RecordingEarcons implements Earcons {
  readonly played: EarconId[] = [];
  play(id: EarconId): void {
    this.played.push(id);
  }
  setVolume(): void {
    throw new Error('unexpected setVolume()');
  }
  setEnabled(): void {
    throw new Error('unexpected setEnabled()');
  }
}
