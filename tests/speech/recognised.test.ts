// The decision on Twinboard's server recogniser's answer (issue 25, speech/interpret.ts
// `decideRecognised`): what a blind player meets when the recogniser was sure, unsure, or heard
// something else on its second pass.
import { describe, expect, test } from 'vitest';
import type { RecognisedAlternative } from '../../src/ports/listener.ts';
import { decideRecognised, spokenDecision } from '../../src/speech/interpretRecognised.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const options = { vocabulary: 'ibca1985' } as const;
const heard = (source: 'position' | 'free', transcript: string, confidence = 1): RecognisedAlternative => ({
  transcript,
  confidence,
  source,
});
const decision = (alternatives: RecognisedAlternative[]) =>
  spokenDecision(decideRecognised(START, alternatives, options));

describe('the server recogniser’s evidence', () => {
  test('a move both passes heard word for word, with the whole n-best list behind it, is played', () => {
    expect(
      decision([
        heard('position', 'knight gustav one felix three'),
        heard('free', 'knight gustav one felix three'),
      ]),
    ).toEqual({ kind: 'play', uci: 'g1f3' });
  });

  test('the same words with most of the n-best list saying another square are offered, not played', () => {
    const answer = decision([
      heard('position', 'knight gustav one felix three', 0.3),
      heard('position', 'knight gustav one hector three', 0.7),
      heard('free', 'knight gustav one felix three'),
    ]);
    expect(answer.kind).toBe('offer');
    expect(answer.kind === 'offer' && answer.candidates.map((c) => c.uci)).toContain('g1f3');
  });

  test('a move the position-free pass heard quite otherwise is offered, not played', () => {
    const answer = decision([
      heard('position', 'knight gustav one felix three'),
      heard('free', 'knight gustav eight takes anna six'),
    ]);
    expect(answer).toMatchObject({ kind: 'offer' });
    expect(answer.kind === 'offer' && answer.candidates[0]?.uci).toBe('g1f3');
  });

  test('a move only a later transcript holds is still offered by name', () => {
    const answer = decision([
      heard('position', 'knight', 0.6),
      heard('position', 'pawn evan two evan four', 0.4),
      heard('free', 'pawn evan two evan four'),
    ]);
    expect(answer.kind).toBe('offer');
    expect(answer.kind === 'offer' && answer.candidates.map((c) => c.uci)).toContain('e2e4');
  });

  test('without a second pass nothing is played unasked', () => {
    expect(decision([heard('position', 'knight gustav one felix three')]).kind).not.toBe('play');
  });

  test('spoken letters, which rhyme, need more of the n-best list behind them than file names', () => {
    // The same split of the position pass's n-best list: two thirds on the move, a third on a
    // square one letter away, and the position-free pass agreeing.
    const split = (said: string, other: string, vocabulary: 'ibca1985' | 'letters') =>
      spokenDecision(
        decideRecognised(
          START,
          [heard('position', said, 0.65), heard('position', other, 0.35), heard('free', said)],
          { vocabulary },
        ),
      );
    expect(split('knight gustav one felix three', 'knight gustav one hector three', 'ibca1985')).toEqual({
      kind: 'play',
      uci: 'g1f3',
    });
    const letters = split('knight g one f three', 'knight g one h three', 'letters');
    expect(letters.kind).toBe('offer');
    expect(letters.kind === 'offer' && letters.candidates.map((c) => c.uci)).toContain('g1f3');
  });

  test('an n-best list split evenly between two squares is a question, though both passes agree', () => {
    const answer = decision([
      heard('position', 'knight gustav one felix three', 0.5),
      heard('position', 'knight gustav one hector three', 0.5),
      heard('free', 'knight gustav one felix three'),
    ]);
    expect(answer.kind).toBe('offer');
    expect(answer.kind === 'offer' && answer.candidates.map((c) => c.uci)).toEqual(
      expect.arrayContaining(['g1f3', 'g1h3']),
    );
  });

  test('words the position-free pass fits to the sound much better than the position pass’s are offered, not played', () => {
    const both = (position: number, free: number) =>
      decision([
        { ...heard('position', 'knight gustav one felix three'), acoustic: position },
        { ...heard('free', 'knight gustav one felix three'), acoustic: free },
      ]);
    expect(both(-0.3, -0.31)).toEqual({ kind: 'play', uci: 'g1f3' });
    const forced = both(-0.3, -0.1);
    expect(forced.kind).toBe('offer');
    expect(forced.kind === 'offer' && forced.candidates.map((c) => c.uci)).toContain('g1f3');
  });

  test('a command both passes heard is carried out, whatever the confidences', () => {
    expect(
      decideRecognised(
        START,
        [heard('position', 'offer draw', 0.5), heard('free', 'offer draw', 0.5)],
        options,
      ),
    ).toMatchObject({ kind: 'command', command: 'offerDraw' });
  });
});
