// The recogniser's decoders load a dictionary of the grammars' words only (issue 25): every
// grammar they are given must be sayable with it. Checked on every position of the spoken-move
// corpus, in every vocabulary, and on the positions where the rarer words appear.
import { describe, expect, test } from 'vitest';
import { readCorpusFiles } from '../../../scripts/asr-corpus/files.ts';
import { decoderDictionary } from '../../../src/server/recogniser/index.ts';
import { jsgfWords } from '../../../src/server/recogniser/fsg.ts';
import { chessGrammar, grammarJsgf, recognitionGrammar } from '../../../src/speech/grammar.ts';
import { VOCABULARY_IDS } from '../../../src/speech/vocabularies.ts';

const dictionary = decoderDictionary();
const corpusPositions = [...new Set(readCorpusFiles().map((row) => row.fen))];

describe('the decoders’ dictionary', () => {
  test('holds a pronunciation for each of its words, and only the grammars’ words', () => {
    const lines = dictionary.text.trim().split('\n');
    const said = new Set(lines.map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, '')));
    expect(said).toEqual(new Set(dictionary.known));
    expect(dictionary.known.size).toBeLessThan(1000);
    for (const word of ['anna', 'kurze', 'rochade', 'ep', 'springer', 'schlaegt', 'foxtrot', 'mate'])
      expect(dictionary.known).toContain(word);
  });

  test.each(VOCABULARY_IDS)('every position of the corpus can be said in %s', (vocabulary) => {
    expect(corpusPositions.length).toBeGreaterThan(100);
    for (const fen of corpusPositions) {
      const jsgf = grammarJsgf(recognitionGrammar(fen, { vocabulary }), {
        vocabulary,
        known: dictionary.known,
      });
      expect([...jsgfWords(jsgf)].filter((w) => !dictionary.known.has(w))).toEqual([]);
    }
    const free = grammarJsgf(chessGrammar({ vocabulary }), { vocabulary, known: dictionary.known });
    expect([...jsgfWords(free)].filter((w) => !dictionary.known.has(w))).toEqual([]);
  });

  test.each([
    ['black castling both ways and under-promotion', 'r3k2r/8/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1'],
    ['en passant with check', '8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1'],
  ])('%s can be said in every vocabulary', (_, fen) => {
    for (const vocabulary of VOCABULARY_IDS)
      expect(() =>
        grammarJsgf(recognitionGrammar(fen, { vocabulary }), { vocabulary, known: dictionary.known }),
      ).not.toThrow();
  });
});
