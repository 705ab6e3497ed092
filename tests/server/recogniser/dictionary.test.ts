/**
 * Every word every grammar can say has a pronunciation (issue 25): pocketsphinx stops on a word
 * its dictionary lacks, so a gap must fail here, not in a player's game. Reads Debian's
 * pocketsphinx-en-us dictionary (.ci/run installs it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/speech/commands.ts';
import {
  addedPronunciations,
  assertPronounced,
  dictionaryText,
  GERMAN_WORDS,
  knownWords,
  missingPronunciations,
  MissingPronunciationError,
  MODEL,
  PHONES,
} from '../../../src/server/recogniser/dictionary.ts';
import { jsgfWords } from '../../../src/server/recogniser/fsg.ts';
import { chessGrammar, grammarJsgf, recognitionGrammar } from '../../../src/speech/grammar.ts';
import { grammarWords, normalizeWords } from '../../../src/speech/phrases.ts';
import { VOCABULARIES, VOCABULARY_IDS, type VocabularyId } from '../../../src/speech/vocabularies.ts';

const POSITIONS = {
  start: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  // White: both castlings, promotion with and without a capture (b7-b8, b7xa8), en passant d5xe6.
  whiteSpecial: 'r3k2r/pPppqppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 1',
  // Black: both castlings, promotion (b2-b1, b2xa1), en passant d4xe3.
  blackSpecial: 'r3k2r/pppppppp/8/8/3pP3/8/PpPP1PPP/R3K2R b KQkq e3 0 1',
  // Ra1-a8 is mate, other rook moves check.
  mate: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1',
} as const;

const english = knownWords(dictionaryText(false));
const german = knownWords(dictionaryText(true));
/** The dictionary a vocabulary's grammars are decoded with. */
const knownFor = (id: VocabularyId) => (VOCABULARIES[id].lang === 'de' ? german : english);

/** Every word of the JSGF the recogniser is given for this vocabulary: each position's and the free one. */
function grammarWordsOf(id: VocabularyId): Set<string> {
  const jsgfs = [
    ...Object.values(POSITIONS).map((fen) =>
      grammarJsgf(recognitionGrammar(fen, { vocabulary: id }), { vocabulary: id }),
    ),
    grammarJsgf(chessGrammar({ vocabulary: id }), { vocabulary: id, name: 'chess' }),
  ];
  return new Set(jsgfs.flatMap((jsgf) => [...jsgfWords(jsgf)]));
}

describe('the pronunciation dictionary', () => {
  describe.each(VOCABULARY_IDS)('%s', (id) => {
    const words = grammarWordsOf(id);
    const v = VOCABULARIES[id];

    it('the sample positions make the grammar say castling, promotion, en passant, check and mate', () => {
      // Without these the coverage below would prove nothing about the special moves.
      for (const word of [
        ...normalizeWords(v.kingsideCastle),
        ...normalizeWords(v.queensideCastle),
        ...normalizeWords(v.enPassant),
        ...normalizeWords(v.lang === 'de' ? 'wird' : 'promotes'),
        ...normalizeWords(v.check),
        ...normalizeWords(v.mate),
      ])
        expect(words).toContain(word);
      const phrases = recognitionGrammar(POSITIONS.whiteSpecial, { vocabulary: id });
      expect(phrases.some((p) => normalizeWords(p).includes('ep'))).toBe(true);
    });

    it('has a pronunciation for every word of its grammars, commands included', () => {
      expect(missingPronunciations(words, knownFor(id))).toEqual([]);
      for (const fen of Object.values(POSITIONS))
        expect(() =>
          assertPronounced(
            grammarJsgf(recognitionGrammar(fen, { vocabulary: id }), { vocabulary: id }),
            knownFor(id),
          ),
        ).not.toThrow();
    });
  });

  it('says every German grammar word as a German speaker does, not only as English', () => {
    // "was", "die", "wer" are in the English dictionary too, said the English way.
    const words = [...grammarWordsOf('fide2018-de')];
    expect(words.filter((w) => !GERMAN_WORDS.has(w))).toEqual([]);
  });

  it('pronounces every command word and every word of the phrase lexicon (the vosk and corpus grammars)', () => {
    const commandWords = COMMANDS.flatMap((spec) => [...spec.en, ...spec.de]).flatMap((pattern) =>
      normalizeWords(pattern.replace(/\{[a-z?]+\}/g, ' ')),
    );
    expect(missingPronunciations([...commandWords, ...grammarWords()], german)).toEqual([]);
  });

  it('writes its own pronunciations in the acoustic model’s phones only', () => {
    const model = new Set(
      readFileSync(join(MODEL, 'cmudict-en-us.dict'), 'utf8')
        .split('\n')
        .flatMap((line) => line.split(' ').slice(1))
        .filter((phone) => phone !== ''),
    );
    expect([...model].sort()).toEqual([...PHONES].sort());
    const phones = new Set(PHONES);
    const bad = addedPronunciations().filter(([, pron]) => pron.split(' ').some((p) => !phones.has(p)));
    expect(bad).toEqual([]);
  });

  it('names the words a grammar cannot say, as an error thrown before any decoder sees it', () => {
    const jsgf = [
      '#JSGF V1.0;',
      'grammar g;',
      'public <u> = <a> | zugzwang [qzx];',
      '<a> = knight | schlaegt;',
      '',
    ].join('\n');
    expect(missingPronunciations(jsgfWords(jsgf), english)).toEqual(['qzx', 'schlaegt', 'zugzwang']);
    expect(() => assertPronounced(jsgf, english)).toThrow(MissingPronunciationError);
    expect(() => assertPronounced(jsgf, english)).toThrow(/"qzx", "schlaegt", "zugzwang"/);
    const withGerman = new Set([...german, 'zugzwang', 'qzx']);
    expect(() => assertPronounced(jsgf, withGerman)).not.toThrow();
  });

  it('grammarJsgf refuses a word its dictionary lacks instead of dropping the phrase', () => {
    const known = new Set([...german].filter((w) => w !== 'ep'));
    const phrases = recognitionGrammar(POSITIONS.whiteSpecial, { vocabulary: 'fide2018-de' });
    expect(() => grammarJsgf(phrases, { vocabulary: 'fide2018-de', known })).toThrow(/"ep"/);
    expect(grammarJsgf(phrases, { vocabulary: 'fide2018-de', known: german })).toBe(
      grammarJsgf(phrases, { vocabulary: 'fide2018-de' }),
    );
  });
});
