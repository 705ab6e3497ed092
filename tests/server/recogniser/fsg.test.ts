// JSGF → Sphinx FSG (issue 25): the decoders take a new grammar per utterance only as FSG, so
// the grammars written as JSGF are compiled with sphinxbase's probabilities: alternatives share
// by weight, an optional part is taken or skipped by halves, rules are expanded in place.
import { describe, expect, test } from 'vitest';
import { GrammarError, jsgfToFsg, jsgfWords } from '../../../src/server/recogniser/fsg.ts';

/** The sentences an FSG text accepts, with their probabilities (null transitions followed). */
function sentences(fsg: string): Map<string, number> {
  const edges = fsg
    .split('\n')
    .filter((l) => l.startsWith('TRANSITION'))
    .map((l) => l.split(' '))
    .map(([, from, to, prob, word]) => ({ from: Number(from), to: Number(to), prob: Number(prob), word }));
  const out = new Map<string, number>();
  const walk = (state: number, words: string[], prob: number) => {
    if (state === 1) out.set(words.join(' '), (out.get(words.join(' ')) ?? 0) + prob);
    for (const e of edges.filter((x) => x.from === state))
      walk(e.to, e.word ? [...words, e.word] : words, prob * e.prob);
  };
  walk(0, [], 1);
  return out;
}

const GRAMMAR = `#JSGF V1.0;
grammar test;
public <utterance> = /3/ <phrase> | /1/ <move>;
<phrase> = knight felix three | castle short;
<move> = [<piece>] <square>;
<piece> = knight | bishop;
<square> = anna one;
`;

describe('jsgfToFsg', () => {
  test('says exactly what the JSGF says, weighted as sphinxbase weighs it', () => {
    const said = sentences(jsgfToFsg(GRAMMAR));
    expect([...said.keys()].sort()).toEqual(
      ['anna one', 'bishop anna one', 'castle short', 'knight anna one', 'knight felix three'].sort(),
    );
    expect(said.get('knight felix three')).toBeCloseTo(0.375);
    expect(said.get('anna one')).toBeCloseTo(0.125);
    expect(said.get('bishop anna one')).toBeCloseTo(0.0625);
    expect([...said.values()].reduce((a, b) => a + b)).toBeCloseTo(1);
  });

  test('lists every word it can say, and refuses a rule it does not have', () => {
    expect([...jsgfWords(GRAMMAR)].sort()).toEqual(
      ['anna', 'bishop', 'castle', 'felix', 'knight', 'one', 'short', 'three'].sort(),
    );
    expect(() => jsgfToFsg('#JSGF V1.0;\ngrammar g;\npublic <a> = <b>;\n')).toThrow(GrammarError);
  });
});
