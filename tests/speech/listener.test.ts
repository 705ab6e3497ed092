/**
 * The Listener adapters: Web Speech against a fake SpeechRecognition that follows the W3C event
 * sequence (start, audiostart, soundstart, speechstart, result…, speechend, soundend, audioend,
 * end; error events followed by end), the push-to-talk/toggle controller that closes the
 * microphone while Twinboard speaks, and the offline vosk adapter with its model loaded on demand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListenerEvent } from '../../src/ports/listener.ts';
import { bindPushToTalk, createListenerController } from '../../src/speech/listener/controller.ts';
import { createFakeListener } from '../../src/speech/listener/fake.ts';
import { createVoskListener, type AudioInput, type VoskModelLike } from '../../src/speech/listener/vosk.ts';
import { createWebSpeechListener, type SpeechRecognitionLike } from '../../src/speech/listener/webSpeech.ts';

/** A SpeechRecognition that plays the W3C event sequence when told what the user says. */
class FakeRecognition extends EventTarget implements SpeechRecognitionLike {
  lang = '';
  interimResults = false;
  maxAlternatives = 1;
  continuous = true;
  running = false;
  starts = 0;
  readonly log: string[] = [];
  start(): void {
    if (this.running) throw new DOMException('already started', 'InvalidStateError');
    this.running = true;
    this.starts++;
    this.fire('start');
    this.fire('audiostart');
  }
  stop(): void {
    if (!this.running) return;
    this.fire('audioend');
    this.end();
  }
  abort(): void {
    if (!this.running) return;
    this.error('aborted');
  }
  /** The user speaks: interim results, then the final one with its alternatives. */
  speak(alternatives: string[], interim: string[] = []): void {
    this.fire('soundstart');
    this.fire('speechstart');
    for (const text of interim) this.result([[text]], false);
    this.result([alternatives], true);
    this.fire('speechend');
    this.fire('soundend');
    this.fire('audioend');
    this.end();
  }
  /** Silence: no-speech error, then end. */
  silence(): void {
    this.error('no-speech');
  }
  error(code: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { error: code, message: '' }));
    this.log.push(`error:${code}`);
    this.end();
  }
  private result(alternatives: string[][], isFinal: boolean): void {
    const result = Object.assign(
      (alternatives[0] ?? []).map((transcript) => ({ transcript, confidence: 0.9 })),
      { isFinal },
    );
    this.dispatchEvent(Object.assign(new Event('result'), { resultIndex: 0, results: [result] }));
    this.log.push('result');
  }
  private end(): void {
    this.running = false;
    this.fire('end');
  }
  private fire(type: string): void {
    this.log.push(type);
    this.dispatchEvent(new Event(type));
  }
}

function webSpeech() {
  const recognition = new FakeRecognition();
  const listener = createWebSpeechListener({ create: () => recognition });
  const events: ListenerEvent[] = [];
  listener.subscribe((e) => events.push(e));
  return { recognition, listener, events };
}

describe('Web Speech adapter', () => {
  it('configures language, interim results and five alternatives', () => {
    const { recognition, listener } = webSpeech();
    listener.configure({ lang: 'de-DE' });
    listener.start();
    expect(recognition.lang).toBe('de-DE');
    expect(recognition.interimResults).toBe(true);
    expect(recognition.maxAlternatives).toBe(5);
    expect(recognition.continuous).toBe(false);
  });

  it('reports interim text and the final alternatives, best first, through the W3C sequence', () => {
    const { recognition, listener, events } = webSpeech();
    listener.start();
    recognition.speak(
      ['knight Gustav one Felix three', 'night Gustav one Felix three'],
      ['knight', 'knight Gustav'],
    );
    expect(recognition.log.slice(0, 4)).toEqual(['start', 'audiostart', 'soundstart', 'speechstart']);
    expect(events).toContainEqual({ type: 'listening' });
    expect(events.filter((e) => e.type === 'interim')).toEqual([
      { type: 'interim', transcript: 'knight' },
      { type: 'interim', transcript: 'knight Gustav' },
    ]);
    expect(events.filter((e) => e.type === 'result')).toEqual([
      { type: 'result', alternatives: ['knight Gustav one Felix three', 'night Gustav one Felix three'] },
    ]);
  });

  it('listens again after each utterance and after no-speech, until stopped', () => {
    const { recognition, listener, events } = webSpeech();
    listener.start();
    recognition.silence();
    expect(recognition.starts).toBe(2);
    expect(events.some((e) => e.type === 'error')).toBe(false);
    recognition.speak(['Evan four']);
    expect(recognition.starts).toBe(3);
    listener.stop();
    expect(recognition.running).toBe(false);
    expect(events.at(-1)).toEqual({ type: 'idle' });
    expect(recognition.starts).toBe(3);
  });

  it.each([
    ['not-allowed', 'not-allowed', 'microphone is blocked'],
    ['service-not-allowed', 'not-allowed', 'microphone is blocked'],
    ['network', 'network', 'needs the network'],
    ['audio-capture', 'audio-capture', 'No microphone'],
  ])('error %s → a clear message, and no restart loop', (code, expected, words) => {
    const { recognition, listener, events } = webSpeech();
    listener.start();
    recognition.error(code);
    const error = events.find((e) => e.type === 'error');
    expect(error).toMatchObject({ type: 'error', code: expected });
    expect(error?.type === 'error' && error.message).toContain(words);
    expect(recognition.starts).toBe(1);
    expect(listener.isListening()).toBe(false);
    expect(events.at(-1)).toEqual({ type: 'idle' });
  });

  it('without a recogniser in the browser it reports unsupported', () => {
    const listener = createWebSpeechListener({ create: () => undefined });
    const events: ListenerEvent[] = [];
    listener.subscribe((e) => events.push(e));
    expect(listener.supported).toBe(false);
    listener.start();
    expect(events).toEqual([
      { type: 'error', code: 'unsupported', message: expect.stringContaining('cannot recognise') },
    ]);
  });
});

describe('push-to-talk, toggle, and silence while Twinboard speaks', () => {
  it('push-to-talk opens the microphone only while the key is held', () => {
    const listener = createFakeListener();
    const controller = createListenerController(listener, { mode: 'push-to-talk' });
    const keys = new EventTarget();
    bindPushToTalk(keys, controller);
    const key = (type: string, repeat = false) =>
      keys.dispatchEvent(Object.assign(new Event(type), { key: '`', repeat, preventDefault() {} }));
    expect(listener.isListening()).toBe(false);
    key('keydown');
    key('keydown', true);
    expect(listener.isListening()).toBe(true);
    key('keyup');
    expect(listener.isListening()).toBe(false);
    key('keydown');
    keys.dispatchEvent(new Event('blur'));
    expect(listener.isListening()).toBe(false);
  });

  it('toggle opens and closes; speaking closes the microphone and drops what it caught', () => {
    const listener = createFakeListener();
    let speakingChanged: (speaking: boolean) => void = () => {};
    const controller = createListenerController(listener, {
      mode: 'toggle',
      onSpeakingChange: (fn) => {
        speakingChanged = fn;
        return () => {};
      },
    });
    const results: ListenerEvent[] = [];
    controller.subscribe((e) => e.type === 'result' && results.push(e));
    controller.toggle();
    expect(controller.isOpen()).toBe(true);
    speakingChanged(true);
    expect(listener.isListening()).toBe(false);
    expect(listener.say('Evan four')).toBe(false);
    speakingChanged(false);
    expect(listener.isListening()).toBe(true);
    listener.say('Evan four');
    expect(results).toEqual([{ type: 'result', alternatives: ['Evan four'] }]);
    controller.toggle();
    expect(listener.isListening()).toBe(false);
  });

  it('a fatal error closes the microphone until the player asks again', () => {
    const listener = createFakeListener();
    const controller = createListenerController(listener, { mode: 'toggle' });
    controller.toggle();
    listener.fail('audio-capture');
    expect(controller.wantsToTalk()).toBe(false);
    controller.toggle();
    expect(listener.isListening()).toBe(true);
  });
});

describe('offline recognition with vosk', () => {
  type VoskMessage = {
    result: { text?: string; partial?: string; result?: readonly { word: string; conf: number }[] };
  };
  function voskFakes(
    options: {
      failModel?: boolean;
      denyMicrophone?: boolean;
      grammar?: () => readonly string[];
      checkGrammar?: () => readonly string[];
    } = {},
  ) {
    const recognizers: {
      grammar?: string;
      removed?: boolean;
      onResult?: (m: VoskMessage) => void;
      onPartial?: (m: VoskMessage) => void;
    }[] = [];
    let feed: ((buffer: AudioBuffer) => void) | undefined;
    let closed = 0;
    let loads = 0;
    const model: VoskModelLike = {
      KaldiRecognizer: class {
        private readonly me: (typeof recognizers)[number];
        constructor(_rate: number, grammar?: string) {
          this.me = grammar === undefined ? {} : { grammar };
          recognizers.push(this.me);
        }
        on(event: string, fn: (m: VoskMessage) => void) {
          if (event === 'result') this.me.onResult = fn;
          if (event === 'partialresult') this.me.onPartial = fn;
        }
        acceptWaveform() {}
        retrieveFinalResult() {}
        remove() {
          this.me.removed = true;
        }
      },
    };
    const input: AudioInput = {
      sampleRate: 16000,
      onBuffer: (fn) => void (feed = fn),
      close: () => void closed++,
    };
    const listener = createVoskListener({
      modelUrl: '/models/test.tar.gz',
      ...(options.grammar ? { grammar: options.grammar } : {}),
      ...(options.checkGrammar ? { checkGrammar: options.checkGrammar } : {}),
      loadModel: async () => {
        loads++;
        if (options.failModel) throw new Error('404');
        return model;
      },
      openMicrophone: async () => {
        if (options.denyMicrophone) throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
        return input;
      },
    });
    const events: ListenerEvent[] = [];
    listener.subscribe((e) => events.push(e));
    // The position-free recogniser is made second, once; the position's ones come and go.
    const check = () => recognizers[1];
    const positional = () => recognizers.filter((r) => r !== check());
    const constrained = () => positional().find((r) => !r.removed);
    return {
      listener,
      events,
      /** The grammars of the position's recognisers, in the order they were made. */
      grammars: () => positional().flatMap((r) => (r.grammar === undefined ? [] : [r.grammar])),
      checkGrammar: () => check()?.grammar,
      /** One buffer of audio from the microphone. */
      buffer: () => feed?.({} as AudioBuffer),
      /** The grammar recogniser's provisional words: an utterance is under way. */
      partial: (text: string) => constrained()?.onPartial?.({ result: { partial: text } }),
      /** The position's recogniser hears `words` ([word, confidence]), the position-free one `checkWords`. */
      say: (
        words: readonly (readonly [string, number])[],
        checkWords: readonly (readonly [string, number])[],
      ) => {
        constrained()?.onResult?.({ result: { result: words.map(([word, conf]) => ({ word, conf })) } });
        check()?.onResult?.({ result: { result: checkWords.map(([word, conf]) => ({ word, conf })) } });
      },
      closed: () => closed,
      loads: () => loads,
    };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const sure = (text: string) => text.split(' ').map((w) => [w, 1] as const);

  it('loads the model on first use, restricts both recognisers to chess words, and reports both transcripts', async () => {
    const v = voskFakes();
    expect(v.loads()).toBe(0);
    v.listener.start();
    await settle();
    expect(v.loads()).toBe(1);
    const words = JSON.parse(v.grammars()[0]!) as string[];
    expect(words).toEqual(
      expect.arrayContaining([
        'gustav',
        'felix',
        'knight',
        'kurze',
        'rochade',
        'springer',
        'resign',
        '[unk]',
      ]),
    );
    // The position-free recogniser hears chess words of any move, in every vocabulary.
    expect(JSON.parse(v.checkGrammar()!)).toEqual(
      expect.arrayContaining(['gustav', 'golf', 'felix', 'knight', 'springer', 'three', 'drei', '[unk]']),
    );
    v.say(sure('knight gustav one felix three'), sure('knight golf one felix three'));
    expect(v.events).toContainEqual({
      type: 'result',
      alternatives: ['knight gustav one felix three', 'knight golf one felix three'],
      // The second is the position-free recogniser's: a move is played only when both agree.
      checked: true,
    });
    v.listener.stop();
    expect(v.closed()).toBe(1);
    v.listener.start();
    await settle();
    expect(v.loads()).toBe(1);
  });

  it("uses the position's grammar beside the position-free one and passes unsure words on as unknown", async () => {
    const v = voskFakes({
      grammar: () => ['knight gustav one felix three', 'evan four'],
      checkGrammar: () => ['knight', 'felix', 'gustav', 'one', 'three'],
    });
    v.listener.start();
    await settle();
    expect(JSON.parse(v.grammars()[0]!)).toEqual(['knight gustav one felix three', 'evan four', '[unk]']);
    expect(JSON.parse(v.checkGrammar()!)).toEqual(['knight', 'felix', 'gustav', 'one', 'three', '[unk]']);
    v.say(
      [
        ['knight', 0.3],
        ['felix', 0.95],
        ['three', 0.9],
      ],
      [
        ['felix', 0.9],
        ['three', 0.4],
      ],
    );
    expect(v.events).toContainEqual({
      type: 'result',
      alternatives: ['[unk] felix three', 'felix [unk]'],
      checked: true,
    });
  });

  it('a new position gets its own grammar between utterances, never in the middle of one', async () => {
    let phrases: readonly string[] = ['evan four'];
    const v = voskFakes({ grammar: () => phrases });
    v.listener.start();
    await settle();
    v.buffer();
    expect(v.grammars()).toEqual([JSON.stringify(['evan four', '[unk]'])]);
    // The position changes while the player is speaking: his utterance ends in the old grammar.
    v.partial('evan');
    phrases = ['knight felix three'];
    v.buffer();
    expect(v.grammars()).toHaveLength(1);
    v.say(sure('evan four'), sure('evan four'));
    expect(v.events).toContainEqual({
      type: 'result',
      alternatives: ['evan four', 'evan four'],
      checked: true,
    });
    v.buffer();
    expect(v.grammars()).toEqual([
      JSON.stringify(['evan four', '[unk]']),
      JSON.stringify(['knight felix three', '[unk]']),
    ]);
    v.say(sure('knight felix three'), sure('knight felix three'));
    expect(v.events).toContainEqual({
      type: 'result',
      alternatives: ['knight felix three', 'knight felix three'],
      checked: true,
    });
  });

  it('reports a model that cannot be loaded and a blocked microphone', async () => {
    const a = voskFakes({ failModel: true });
    a.listener.start();
    await settle();
    expect(a.events).toContainEqual(expect.objectContaining({ type: 'error', code: 'model-load-failed' }));
    const b = voskFakes({ denyMicrophone: true });
    b.listener.start();
    await settle();
    expect(b.events).toContainEqual(expect.objectContaining({ type: 'error', code: 'not-allowed' }));
  });

  it('imports vosk-browser only on demand, never in the start bundle', () => {
    const source = readFileSync(new URL('../../src/speech/listener/vosk.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import[^;]*from 'vosk-browser'/m);
    expect(source).toContain("await import('vosk-browser')");
  });
});
