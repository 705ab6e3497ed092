/**
 * Disambiguation aloud and yes/no confirmation, driven through the fake recogniser and a fake
 * speaker the way a player would: say something, hear the question, answer it.
 */
import { describe, expect, it } from 'vitest';
import type { Utterance } from '../../src/speech/announce.ts';
import { parseTypedCommand } from '../../src/input/commandLine.ts';
import { NUMBER_WORDS } from '../../src/speech/commands.ts';
import { hear, IDLE, type DialogueOutput } from '../../src/controllers/dialogue.ts';
import { createFakeListener } from '../../src/speech/listener/fake.ts';
import { createVoiceSession } from '../../src/controllers/voiceSession.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// Black knights on b8 and f8 can both go to d7 (the example of the issue).
const TWO_KNIGHTS = 'rn2kn2/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1';
const PROMOTION = '8/4P1k1/8/8/8/8/6K1/8 w - - 0 1';

function table(fen = START, locale: 'en' | 'de' = 'en') {
  const listener = createFakeListener();
  const spoken: Utterance[] = [];
  const moves: string[] = [];
  const commands: DialogueOutput[] = [];
  let position = fen;
  const session = createVoiceSession({
    listener,
    speaker: { speak: (u) => spoken.push(u) },
    position: () => position,
    onMove: (m) => {
      moves.push(m.uci);
    },
    onCommand: (c) => commands.push(c),
    locale,
  });
  listener.start();
  return {
    listener,
    session,
    spoken,
    moves,
    commands,
    lastSaid: () => spoken.at(-1)?.text ?? '',
    setPosition: (f: string) => (position = f),
  };
}

describe('disambiguation aloud', () => {
  it('reads the candidates numbered and plays the one chosen by number', () => {
    const t = table(TWO_KNIGHTS);
    t.listener.say('knight David seven');
    expect(t.moves).toEqual([]);
    expect(t.lastSaid()).toBe(
      'Did you mean one: Knight Bella eight to David seven; two: Knight Felix eight to David seven? Say the number, or no.',
    );
    t.listener.say('two');
    expect(t.moves).toEqual(['f8d7']);
    expect(t.session.state()).toEqual(IDLE);
  });

  it('accepts a repeat of the move, said more exactly', () => {
    const t = table(TWO_KNIGHTS);
    t.listener.say('knight David seven');
    t.listener.say('knight Bella David seven');
    expect(t.moves).toEqual(['b8d7']);
  });

  it('"no" cancels and plays nothing; "repeat" asks again; other words ask for a number', () => {
    const t = table(TWO_KNIGHTS);
    t.listener.say('knight David seven');
    const question = t.lastSaid();
    t.listener.say('repeat');
    expect(t.lastSaid()).toBe(question);
    t.listener.say('bonjour');
    expect(t.lastSaid()).toBe('Please say a number from one to two, or no.');
    t.listener.say('nine');
    expect(t.moves).toEqual([]);
    t.listener.say('no');
    expect(t.lastSaid()).toBe('Cancelled.');
    expect(t.moves).toEqual([]);
    expect(t.session.state()).toEqual(IDLE);
  });

  it('asks for the promotion piece and takes it by number', () => {
    const t = table(PROMOTION);
    t.listener.say('Evan eight');
    expect(t.lastSaid()).toContain('four: ');
    t.listener.say('four');
    expect(t.moves).toHaveLength(1);
    expect(t.moves[0]).toMatch(/^e7e8[qrbn]$/);
  });

  it('a single doubtful candidate is confirmed with yes', () => {
    const out = hear(IDLE, START, 'knight Felix tree');
    expect(out.outputs).toEqual([{ kind: 'say', text: 'Knight Felix three? Say yes or no.' }]);
    const yes = hear(out.state, START, 'yes');
    expect(yes.outputs).toEqual([{ kind: 'move', uci: 'g1f3', san: 'Nf3' }]);
  });

  it('speaks German when the player does', () => {
    const t = table(TWO_KNIGHTS, 'de');
    t.listener.say('Springer David sieben');
    expect(t.lastSaid()).toContain('eins: ');
    expect(t.lastSaid()).toContain('Sagen Sie die Nummer oder nein.');
    t.listener.say('eins');
    expect(t.moves).toEqual(['b8d7']);
  });
});

describe('yes/no confirmation of what cannot be undone', () => {
  it('resign is always confirmed; "no" keeps playing', () => {
    const t = table();
    t.listener.say('resign');
    expect(t.commands).toEqual([]);
    expect(t.lastSaid()).toBe('Resign? Say yes or no.');
    t.listener.say('no');
    expect(t.commands).toEqual([]);
    t.listener.say('I resign');
    t.listener.say('yes');
    expect(t.commands).toEqual([{ kind: 'command', command: 'resign' }]);
  });

  it.each([
    'claim draw by repetition',
    'claim fifty moves',
    'claim on time',
    'offer draw',
    'accept draw',
    'press clock',
  ])('"%s" waits for yes', (words) => {
    const t = table();
    t.listener.say(words);
    expect(t.commands).toEqual([]);
    expect(t.lastSaid()).toMatch(/\? Say yes or no\.$/);
    t.listener.say('something else');
    expect(t.lastSaid()).toBe('Please say yes or no.');
    t.listener.say('yes');
    expect(t.commands).toHaveLength(1);
  });

  it('questions and lifting need no confirmation', () => {
    const t = table();
    t.listener.say('where is the white queen');
    t.listener.say('lift Gustav one');
    expect(t.commands).toEqual([
      { kind: 'command', command: 'whereIs', args: { color: 'w', piece: 'q' } },
      { kind: 'command', command: 'lift', args: { square: 'g1' } },
    ]);
  });

  it('a pending question is dropped when the position changes', () => {
    const t = table(TWO_KNIGHTS);
    t.listener.say('knight David seven');
    t.setPosition(START);
    t.listener.say('two');
    expect(t.moves).toEqual([]);
    expect(t.commands).toEqual([{ kind: 'command', command: 'number', args: { value: '2' } }]);
  });
});

describe('what the microphone does not hear is not acted on', () => {
  it('ignores speech while closed, says listener errors aloud, and says what it did not understand', () => {
    const t = table();
    t.listener.stop();
    expect(t.listener.say('Evan four')).toBe(false);
    expect(t.moves).toEqual([]);
    t.listener.start();
    t.listener.say('the weather is nice');
    expect(t.lastSaid()).toBe('I did not understand. Please say it again.');
    t.listener.fail('not-allowed');
    expect(t.lastSaid()).toContain('microphone is blocked');
    expect(t.listener.isListening()).toBe(false);
  });

  it('replays queued transcripts, one per opening of the microphone', () => {
    const t = table();
    t.listener.stop();
    t.listener.replay(['Evan four']);
    t.listener.start();
    expect(t.moves).toEqual(['e2e4']);
  });
});

describe('checklist 26: "correct announcement" until the clock is pressed', () => {
  it('is carried out before the clock is pressed and refused aloud afterwards', () => {
    const before = hear(IDLE, START, 'correct announcement');
    expect(before.outputs).toEqual([{ kind: 'command', command: 'correctAnnouncement' }]);
    const pressed = hear(hear(IDLE, START, 'press the clock').state, START, 'yes');
    expect(pressed.outputs).toEqual([{ kind: 'command', command: 'pressClock' }]);
    const after = hear(pressed.state, START, 'correct announcement', {
      unavailable: ['correctAnnouncement'],
    });
    expect(after.outputs).toEqual([
      { kind: 'say', text: 'Correcting the announcement is not possible now.' },
    ]);
  });
});

describe('issue 11: offers by name, answered by voice and by keys; the confirm setting', () => {
  it('"yes" plays the one move offered, "no" plays nothing', () => {
    const offer = hear(IDLE, START, 'knight foxtrot three', { vocabulary: 'ibca1985' });
    expect(offer.outputs).toEqual([{ kind: 'say', text: 'Knight Felix three? Say yes or no.' }]);
    expect(hear(offer.state, START, 'yes').outputs).toEqual([{ kind: 'move', uci: 'g1f3', san: 'Nf3' }]);
    const no = hear(offer.state, START, 'no');
    expect(no.outputs).toEqual([{ kind: 'say', text: 'Cancelled.' }]);
    expect(no.state).toBe(IDLE);
  });

  it('a numbered choice is answered with the number, said or typed as a key', () => {
    const t = table(TWO_KNIGHTS);
    t.listener.say('knight David seven');
    expect(t.lastSaid()).toBe(
      'Did you mean one: Knight Bella eight to David seven; two: Knight Felix eight to David seven? Say the number, or no.',
    );
    t.listener.say('two');
    expect(t.moves).toEqual(['f8d7']);
    // The screens turn the typed keys "y", "n" and "2" into the same words (src/screens/blind).
    const asked = hear(IDLE, TWO_KNIGHTS, 'knight David seven');
    expect(hear(asked.state, TWO_KNIGHTS, parseTyped('1')).outputs).toEqual([
      { kind: 'move', uci: 'b8d7', san: 'Nbd7' },
    ]);
    const single = hear(IDLE, START, 'knight foxtrot three', { vocabulary: 'ibca1985' });
    expect(hear(single.state, START, parseTyped('y')).outputs).toEqual([
      { kind: 'move', uci: 'g1f3', san: 'Nf3' },
    ]);
    expect(hear(single.state, START, parseTyped('n')).outputs).toEqual([{ kind: 'say', text: 'Cancelled.' }]);
  });

  it('with two recognitions of the same audio, a move they disagree on is asked about and played on "yes"', () => {
    const options = { vocabulary: 'ibca1985' as const, agreement: true };
    const asked = hear(
      IDLE,
      START,
      ['knight gustav one hector three', 'knight gustav one felix three'],
      options,
    );
    expect(asked.outputs).toEqual([
      {
        kind: 'say',
        text: 'Did you mean one: Knight Gustav one to Hector three; two: Knight Gustav one to Felix three? Say the number, or no.',
      },
    ]);
    expect(hear(asked.state, START, 'two', options).outputs).toEqual([
      { kind: 'move', uci: 'g1f3', san: 'Nf3' },
    ]);
    // Both heard the same move: it is played at once.
    const agreed = ['knight gustav one felix three', 'knight gustav one felix three'];
    expect(hear(IDLE, START, agreed, options).outputs).toEqual([{ kind: 'move', uci: 'g1f3', san: 'Nf3' }]);
  });

  it('"always confirm spoken moves" asks even for a clear move, and plays it on "yes" only', () => {
    const options = { vocabulary: 'ibca1985' as const, confirmSpokenMoves: true };
    const asked = hear(IDLE, START, 'Knight Gustav one Felix three', options);
    expect(asked.outputs).toEqual([{ kind: 'say', text: 'Knight Felix three? Say yes or no.' }]);
    expect(hear(asked.state, START, 'no', options).outputs).toEqual([{ kind: 'say', text: 'Cancelled.' }]);
    expect(hear(asked.state, START, 'yes', options).outputs).toEqual([
      { kind: 'move', uci: 'g1f3', san: 'Nf3' },
    ]);
    // Without the setting the same words play at once.
    expect(hear(IDLE, START, 'Knight Gustav one Felix three', { vocabulary: 'ibca1985' }).outputs).toEqual([
      { kind: 'move', uci: 'g1f3', san: 'Nf3' },
    ]);
  });
});

/** A typed answer key as the blind screen passes it on: "y"/"n"/a digit become the spoken word. */
function parseTyped(key: string): string {
  const typed = parseTypedCommand(key);
  if (typed?.kind === 'command' && typed.command === 'number')
    return NUMBER_WORDS.en[Number(typed.args?.value) - 1] ?? '';
  return typed?.kind === 'command' ? typed.command : key;
}
