/**
 * The dialogue on Twinboard's server recogniser's answer (issue 25): given `recognised`, it decides
 * with the server's own code (decideRecognised), so the app does what the server's `decision`
 * says: play, offer by name (and play on "yes"), or neither. The transcripts of `heard` are not
 * read then.
 */
import { describe, expect, it } from 'vitest';
import { hear, IDLE } from '../../src/controllers/dialogue.ts';
import { decideRecognised, spokenDecision } from '../../src/speech/interpretRecognised.ts';
import type { RecognisedAlternative } from '../../src/ports/listener.ts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const TWO_KNIGHTS = '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1';
const options = { vocabulary: 'ibca1985' as const, locale: 'en' as const };

const heardAs = (position: string, free?: string): RecognisedAlternative[] => [
  { transcript: position, confidence: 0.9, source: 'position' },
  ...(free === undefined ? [] : [{ transcript: free, confidence: 0.7, source: 'free' as const }]),
];

describe('the dialogue on the server recogniser’s answer', () => {
  it.each([
    [START, heardAs('pawn evan two to evan four', 'pawn evan two to evan four')],
    [START, heardAs('knight felix three', 'knight felix three')],
    [START, heardAs('evan two evan four', 'evan two evan three')],
    [START, heardAs('banana')],
    [TWO_KNIGHTS, heardAs('knight david two', 'knight david two')],
    [START, []],
  ])('does what the server decided (%s, %j)', (fen, recognised) => {
    const decision = spokenDecision(decideRecognised(fen, recognised, options));
    const step = hear(IDLE, fen, ['something else entirely'], { ...options, recognised });
    const played = step.outputs.filter((o) => o.kind === 'move').map((o) => (o.kind === 'move' ? o.uci : ''));
    const offered = step.state.kind === 'choosing' ? step.state.candidates.map((c) => c.uci) : [];
    if (decision.kind === 'play') expect(played).toEqual([decision.uci]);
    else expect(played).toEqual([]);
    expect(offered).toEqual(decision.kind === 'offer' ? decision.candidates.map((c) => c.uci) : []);
  });

  it('a move waiting for a "yes" is played on a recognised "yes", and cancelled on "no"', () => {
    const confirming = { ...options, confirmSpokenMoves: true };
    const asked = hear(IDLE, START, [], {
      ...confirming,
      recognised: heardAs('knight gustav one to felix three', 'knight gustav one to felix three'),
    });
    expect(asked.outputs).toEqual([{ kind: 'say', text: 'Knight Felix three? Say yes or no.' }]);
    expect(
      hear(asked.state, START, [], { ...confirming, recognised: heardAs('yes', 'yes') }).outputs,
    ).toEqual([{ kind: 'move', uci: 'g1f3', san: 'Nf3' }]);
    expect(hear(asked.state, START, [], { ...confirming, recognised: heardAs('no', 'no') }).outputs).toEqual([
      { kind: 'say', text: 'Cancelled.' },
    ]);
  });

  it('nothing heard is said so', () => {
    expect(hear(IDLE, START, [], { ...options, recognised: [] }).outputs).toEqual([
      { kind: 'say', text: 'I heard nothing.' },
    ]);
  });
});
