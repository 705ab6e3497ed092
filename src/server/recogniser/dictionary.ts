/**
 * The pocketsphinx pronunciation dictionary for spoken moves: the English model's dictionary,
 * the castling words, and the German words of the fide2018-de vocabulary as espeak-ng's
 * German voice says them, written in the English model's phone set (checked with
 * `espeak-ng -v de -q -x`). German is recognised this way in the corpus and the benchmarks: the
 * English acoustic model with German words spelled in English phones. Also filters grammars to
 * the words the dictionary knows (pocketsphinx refuses a grammar with an unknown word).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MODEL = '/usr/share/pocketsphinx/model/en-us';
export const ACOUSTIC_MODEL = join(MODEL, 'en-us');
export const LANGUAGE_MODEL = join(MODEL, 'en-us.lm.bin');

// Pronunciations the English dictionary lacks or gives differently from espeak-ng.
const ENGLISH_EXTRA: Readonly<Record<string, readonly string[]>> = {
  cesar: ['S EY Z AA R', 'S EY Z AA'],
  gustav: ['G AH S T AE V'],
  passant: ['P AE S AH N T', 'P AE S AA N T'],
  en: ['AA N', 'AH N'],
  kurze: ['K ER Z'],
  rochade: ['R AA CH EY D'],
  lange: ['L AE N JH'],
  jadoube: ['ZH AE D UW B'],
};
const GERMAN: Readonly<Record<string, readonly string[]>> = {
  anna: ['AA N AA'],
  bella: ['B EH L AA'],
  // espeak-ng's German voice reads "Cesar" with a k and the ASCII "ae"/"oe" as two vowels.
  cesar: ['K EY Z AA R', 'T S EY Z AA R'],
  david: ['D AA V IY T'],
  eva: ['EY V AA'],
  felix: ['F EY L IH K S'],
  gustav: ['G UH S T AA F'],
  hector: ['HH EH K T AO R'],
  eins: ['AY N S'],
  zwei: ['T S V AY'],
  drei: ['D R AY'],
  vier: ['F IY R'],
  fuenf: ['F UW N F', 'F IY N F'],
  sechs: ['Z EH K S'],
  sieben: ['Z IY B AH N'],
  acht: ['AA K T'],
  neun: ['N OY N'],
  springer: ['SH P R IH NG ER'],
  laeufer: ['L EH UW F ER', 'L OY F ER'],
  turm: ['T UH R M'],
  dame: ['D AA M AH'],
  koenig: ['K OW EY N IH K', 'K ER N IH K'],
  bauer: ['B AW ER', 'B AW AH'],
  nach: ['N AA K'],
  schlaegt: ['SH L EH K T'],
  wird: ['V IH R T'],
  schach: ['SH AA K'],
  matt: ['M AA T'],
  kurze: ['K UH R T S AH'],
  rochade: ['R OW SH AA D AH'],
  lange: ['L AA NG AH'],
  ja: ['Y AA'],
  nein: ['N AY N'],
  remis: ['R EH M IY'],
  aufgeben: ['AW F G EY B AH N'],
  hilfe: ['HH IH L F AH'],
  wiederholen: ['V IY D ER HH OW L AH N'],
  abbrechen: ['AA B R EH K AH N'],
  uhr: ['UW R'],
  feld: ['F EH L T'],
  lies: ['L IY S'],
  wo: ['V OW'],
  ist: ['IH S T'],
  weiss: ['V AY S'],
  schwarz: ['SH V AA R T S'],
  annehmen: ['AA N N EY M AH N'],
  ablehnen: ['AA P L EY N AH N'],
  anbieten: ['AA N B IY T AH N'],
  ich: ['IH K'],
};

/** Castling words in the dictionary's own format (they were scripts/asr-corpus/extra.dict). */
const EXTRA_DICT = `kurze K UH R T S AH
rochade R OW SH AA D AH
rochade(2) R AH SH AA D
lange(2) L AA NG AH
castling K AE S L IH NG
kingside K IH NG S AY D
queenside K W IY N S AY D
`;

/** The dictionary text: the model's, the castling words, the English extras and (optionally) German. */
export function dictionaryText(withGerman: boolean): string {
  const base = readFileSync(join(MODEL, 'cmudict-en-us.dict'), 'utf8') + EXTRA_DICT;
  const have = new Map<string, number>();
  for (const line of base.split('\n')) {
    const word = line.split(' ')[0]?.replace(/\(\d+\)$/, '');
    if (word) have.set(word, (have.get(word) ?? 0) + 1);
  }
  const lines: string[] = [];
  const add = (words: Readonly<Record<string, readonly string[]>>) => {
    for (const [word, prons] of Object.entries(words))
      for (const pron of new Set(prons)) {
        const n = have.get(word) ?? 0;
        lines.push(`${n === 0 ? word : `${word}(${n + 1})`} ${pron}`);
        have.set(word, n + 1);
      }
  };
  add(ENGLISH_EXTRA);
  if (withGerman) add(GERMAN);
  return `${base.trimEnd()}\n${lines.join('\n')}\n`;
}

/** The words a dictionary text knows. */
export function knownWords(dictionary: string): Set<string> {
  const words = new Set<string>();
  for (const line of dictionary.split('\n')) {
    const word = line.split(' ')[0]?.replace(/\(\d+\)$/, '');
    if (word) words.add(word);
  }
  return words;
}
