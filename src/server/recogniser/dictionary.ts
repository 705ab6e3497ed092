/**
 * The pocketsphinx pronunciation dictionary for spoken moves: the English model's dictionary,
 * the castling words, and the German words of the fide2018-de vocabulary as a German speaker
 * says them, written in the English model's phone set (checked with `espeak-ng -v de -q -x`,
 * scripts/asr-corpus/german-phones.ts). German is recognised this way: the en-us acoustic model
 * (the only one Debian packages) with German words spelled in English phones. Also the check
 * that a grammar has a pronunciation for every word it may say (`assertPronounced`):
 * pocketsphinx otherwise stops on the first unknown word, mid-decode.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsgfWords } from './fsg.ts';

export const MODEL = '/usr/share/pocketsphinx/model/en-us';
export const ACOUSTIC_MODEL = join(MODEL, 'en-us');
export const LANGUAGE_MODEL = join(MODEL, 'en-us.lm.bin');

/** The phones of the en-us acoustic model (its mdef; every entry of its dictionary uses these). */
export const PHONES: readonly string[] = [
  ...['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'B', 'CH', 'D', 'DH', 'EH', 'ER', 'EY', 'F', 'G', 'HH'],
  ...['IH', 'IY', 'JH', 'K', 'L', 'M', 'N', 'NG', 'OW', 'OY', 'P', 'R', 'S', 'SH', 'T', 'TH'],
  ...['UH', 'UW', 'V', 'W', 'Y', 'Z', 'ZH'],
];

// Pronunciations the English dictionary lacks or gives differently from espeak-ng. "ep" is
// "en passant": normalizeWords makes the two words one, so the grammars say "ep".
const ENGLISH_EXTRA: Readonly<Record<string, readonly string[]>> = {
  cesar: ['S EY Z AA R', 'S EY Z AA'],
  gustav: ['G AH S T AE V'],
  passant: ['P AE S AH N T', 'P AA S AA N T'],
  en: ['AA N', 'AH N'],
  ep: ['EH N P AE S AH N T', 'AA N P AE S AH N T', 'AA N P AA S AA N T'],
  kurze: ['K ER Z'],
  rochade: ['R AA CH EY D'],
  lange: ['L AE N JH'],
  jadoube: ['ZH AE D UW B'],
  castled: ['K AE S AH L D'],
};
/**
 * Every German word a grammar may say (fide2018-de's squares, pieces, move words and commands,
 * and the German words of the phrase lexicon), as a German speaker says it, in en-us phones.
 * Proposed by scripts/asr-corpus/german-phones.ts from espeak-ng's German voice; ü is UW, ö ER,
 * the ach-sound K and the ich-sound SH (except "ich" itself, IH K as first measured).
 * Words spelled with ae/oe/ue also get espeak-ng's reading of that ASCII spelling, which is what
 * the benchmarks synthesise. Words the English dictionary has too ("was", "die") keep their
 * English entries beside these.
 */
const GERMAN: Readonly<Record<string, readonly string[]>> = {
  // files
  anna: ['AA N AA'],
  bella: ['B EH L AA'],
  // espeak-ng's German voice reads "Cesar" with a k and the ASCII "ae"/"oe" as two vowels.
  cesar: ['K EY Z AA R', 'T S EY Z AA R'],
  caesar: ['T S EH Z AA R', 'K EH Z AA R'],
  casar: ['T S EH Z AA R', 'K AA Z AA R'],
  david: ['D AA V IY T'],
  eva: ['EY V AA'],
  felix: ['F EY L IH K S'],
  gustav: ['G UH S T AA F'],
  hector: ['HH EH K T AO R'],
  // ranks and numbers
  eins: ['AY N S'],
  zwei: ['T S V AY'],
  drei: ['D R AY'],
  vier: ['F IY R'],
  fuenf: ['F UW N F', 'F IY N F'],
  funf: ['F UH N F'],
  sechs: ['Z EH K S'],
  sieben: ['Z IY B AH N'],
  acht: ['AA K T'],
  neun: ['N OY N'],
  null: ['N UH L'],
  fuenfzig: ['F UW N F T S IH SH', 'F UW AH N F T S IH SH'],
  nummer: ['N UH M ER'],
  // pieces and colours
  springer: ['SH P R IH NG ER'],
  laeufer: ['L EH UW F ER', 'L OY F ER'],
  laufer: ['L AW F ER'],
  turm: ['T UH R M'],
  dame: ['D AA M AH'],
  koenig: ['K OW EY N IH K', 'K ER N IH K'],
  konig: ['K AO N IH SH'],
  bauer: ['B AW ER', 'B AW AH'],
  koenige: ['K ER N IH G AH', 'K OW EY N IH G AH'],
  damen: ['D AA M AH N'],
  tuerme: ['T UW R M AH', 'T UW ER M AH'],
  turme: ['T UH R M AH'],
  bauern: ['B AW ER N'],
  weiss: ['V AY S'],
  weis: ['V AY S'],
  weisse: ['V AY S AH'],
  schwarz: ['SH V AA R T S'],
  schwarze: ['SH V AA R T S AH'],
  figur: ['F IY G UW R'],
  figuren: ['F IY G UW R AH N'],
  // move words, check and mate
  nach: ['N AA K'],
  schlaegt: ['SH L EH K T'],
  schlagt: ['SH L AA K T'],
  nimmt: ['N IH M T'],
  wird: ['V IH R T'],
  umwandlung: ['UH M V AA N D L UH NG'],
  ep: ['EY N P AA S AA N T', 'AA NG P AA S AA NG'],
  schach: ['SH AA K'],
  matt: ['M AA T'],
  schachmatt: ['SH AA K M AA T'],
  // castling
  kurze: ['K UH R T S AH'],
  kurz: ['K UH R T S'],
  rochade: ['R OW SH AA D AH'],
  rochiert: ['R AO K IY R T', 'R OW SH IY R T'],
  lange: ['L AA NG AH'],
  lang: ['L AA NG'],
  // commands
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
  annehmen: ['AA N N EY M AH N'],
  ablehnen: ['AA P L EY N AH N'],
  anbieten: ['AA N B IY T AH N'],
  ich: ['IH K'],
  alle: ['AA L AH'],
  am: ['AA M'],
  anheben: ['AA N HH EY B AH N'],
  ansage: ['AA N Z AA G AH'],
  anzahl: ['AA N T S AA L'],
  auf: ['AW F'],
  ausfuehren: ['AW S F UW R AH N', 'AW S F UW EY R AH N'],
  befehle: ['B AH F EY L AH'],
  beginnen: ['B AH G IH N AH N'],
  berichtigen: ['B AH R IH SH T IH G AH N'],
  beruehrt: ['B AH R UW R T', 'B AH R UW EY R T'],
  beruehrte: ['B AH R UW R T AH', 'B AH R UW EY R T AH'],
  bestaetigen: ['B AH SH T EH T IH G AH N'],
  betaetigen: ['B AH T EH T IH G AH N'],
  biete: ['B IY T AH'],
  blaettchen: ['B L EH T SH AH N'],
  diagonale: ['D IY AA G OW N AA L AH'],
  dreifache: ['D R AY F AA K AH'],
  druecke: ['D R UW K AH', 'D R UW EH K AH'],
  druecken: ['D R UW K AH N', 'D R UW EH K AH N'],
  durch: ['D UH R SH'],
  einmal: ['AY N M AA L'],
  entferne: ['EH N T F EH R N AH'],
  entfernen: ['EH N T F EH R N AH N'],
  finde: ['F IH N D AH'],
  gebe: ['G EY B AH'],
  gefallen: ['G AH F AA L AH N'],
  gefuehrt: ['G AH F UW R T', 'G AH F UW EY R T'],
  gegner: ['G EY G N ER'],
  gemachte: ['G AH M AA K T AH'],
  geschlagen: ['G AH SH L AA G AH N'],
  hebe: ['HH EY B AH'],
  heben: ['HH EY B AH N'],
  // French, as German speakers say it.
  jadoube: ['ZH AA D UW B', 'SH AA D UW B'],
  kann: ['K AA N'],
  korrektur: ['K AO R EH K T UW R'],
  korrigieren: ['K AO R IH G IY R AH N'],
  letzte: ['L EH T S T AH'],
  letzter: ['L EH T S T ER'],
  linie: ['L IY N Y AH'],
  liste: ['L IH S T AH'],
  nenne: ['N EH N AH'],
  noch: ['N AO K'],
  partie: ['P AA R T IY'],
  regel: ['R EY G AH L'],
  reihe: ['R AY AH'],
  reklamiere: ['R EH K L AA M IY R AH'],
  reklamieren: ['R EH K L AA M IY R AH N'],
  restzeit: ['R EH S T S AY T'],
  ruecke: ['R UW K AH', 'R UW EH K AH'],
  sagen: ['Z AA G AH N'],
  schlagen: ['SH L AA G AH N'],
  setze: ['Z EH T S AH'],
  sind: ['Z IH N T'],
  spaet: ['SH P EH T'],
  spiel: ['SH P IY L'],
  starten: ['SH T AA R T AH N'],
  steht: ['SH T EY T'],
  stelle: ['SH T EH L AH'],
  verbraucht: ['F EH R B R AW K T'],
  verbrauchte: ['F EH R B R AW K T AH'],
  verspaetung: ['F EH R SH P EH T UH NG'],
  viel: ['F IY L'],
  viele: ['F IY L AH'],
  was: ['V AA S'],
  wer: ['V EY R'],
  wie: ['V IY'],
  wiederholung: ['V IY D ER HH OW L UH NG'],
  wurde: ['V UH R D AH'],
  zeit: ['T S AY T'],
  zeitueberschreitung: ['T S AY T UW B ER SH R AY T UH NG'],
  zieht: ['T S IY T'],
  zu: ['T S UW'],
  zuege: ['T S UW G AH', 'T S UW EY G AH'],
  zug: ['T S UW K'],
  zurecht: ['T S UW R EH SH T'],
  zurechtruecken: ['T S UW R EH SH T R UW K AH N', 'T S UW R EH SH T R UW EH K AH N'],
  // the little words people put around commands ("wo sind die Springer", "bitte wiederholen")
  der: ['D EH R'],
  die: ['D IY'],
  das: ['D AA S'],
  den: ['D EY N'],
  mein: ['M AY N'],
  meine: ['M AY N AH'],
  bitte: ['B IH T AH'],
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

/** The words with a German pronunciation of their own (the GERMAN table's). */
export const GERMAN_WORDS: ReadonlySet<string> = new Set(Object.keys(GERMAN));

/**
 * The dictionary text: the model's, the castling words, the English extras and (optionally,
 * for the German vocabulary's grammars) German. Reads the model's dictionary from disk.
 */
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

/** The words (sorted, once each) that `known` (a dictionary's `knownWords`) has no pronunciation for. */
export function missingPronunciations(words: Iterable<string>, known: ReadonlySet<string>): string[] {
  return [...new Set([...words].filter((word) => !known.has(word)))].sort();
}

/** A grammar says a word the dictionary cannot pronounce: a programming error, not the speaker's. */
export class MissingPronunciationError extends Error {
  constructor(readonly words: readonly string[]) {
    super(
      `the recognition grammar has ${words.length === 1 ? 'a word' : 'words'} with no pronunciation ` +
        `in the dictionary: ${words.map((w) => `"${w}"`).join(', ')} (add ${words.length === 1 ? 'it' : 'them'} ` +
        'to src/server/recogniser/dictionary.ts; German ones to GERMAN, see scripts/asr-corpus/german-phones.ts)',
    );
    this.name = 'MissingPronunciationError';
  }
}

/**
 * Throws a MissingPronunciationError naming every word of the JSGF grammar `jsgf` that
 * `known` (`knownWords` of the dictionary the decoder is given) cannot pronounce. Call it on
 * every grammar before pocketsphinx reads it: pocketsphinx would refuse the grammar (or the
 * decoder stop) on the first unknown word, far from the code that wrote it. Use the dictionary
 * of the vocabulary's language: `dictionaryText(true)` for fide2018-de, either for the English
 * vocabularies. Costs one pass over the grammar's text.
 */
export function assertPronounced(jsgf: string, known: ReadonlySet<string>): void {
  const missing = missingPronunciations(jsgfWords(jsgf), known);
  if (missing.length > 0) throw new MissingPronunciationError(missing);
}

/** Every pronunciation this module adds (word → phones), for checking them against PHONES. */
export function addedPronunciations(): [word: string, phones: string][] {
  const out: [string, string][] = [];
  for (const line of EXTRA_DICT.trim().split('\n')) {
    const [word, ...phones] = line.split(' ');
    out.push([word!.replace(/\(\d+\)$/, ''), phones.join(' ')]);
  }
  for (const table of [ENGLISH_EXTRA, GERMAN])
    for (const [word, prons] of Object.entries(table)) for (const pron of prons) out.push([word, pron]);
  return out;
}
