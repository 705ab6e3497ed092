/**
 * Proposes dictionary entries for German words (issue 25): what espeak-ng's German voice says
 * (`espeak-ng -v de -q -x`), rewritten in the en-us acoustic model's phones, the only model
 * Debian has. Give the words in German spelling (with umlauts); it prints the dictionary key
 * (the recogniser's ASCII spelling, normalizeWords) and the proposal, and, where the ASCII
 * spelling reads differently to espeak-ng ("koenig" as ko-e-nig), that reading too: the
 * benchmarks synthesise the ASCII spellings. Review the proposals by ear before adding them to
 * GERMAN in src/server/recogniser/dictionary.ts.
 * Run: node --import tsx scripts/asr-corpus/german-phones.ts Züge drücken …
 */
import { execFileSync } from 'node:child_process';
import { normalizeWords } from '../../src/speech/phrases.ts';

// espeak-ng's German phoneme names → en-us phones, longest names first. German has no ü and ö
// in English: ü becomes UW and ö ER; the ich- and ach-sounds become SH and K.
const PHONES: readonly (readonly [string, string])[] = [
  ['aI', 'AY'],
  ['aU', 'AW'],
  ['OY', 'OY'],
  ['A:', 'AA'],
  ['a:', 'AA'],
  ['E:', 'EH'],
  ['E2', 'EH'],
  ['e:', 'EY'],
  ['i:', 'IY'],
  ['I;', 'Y'],
  ['o:', 'OW'],
  ['u:', 'UW'],
  ['y:', 'UW'],
  ['Y:', 'ER'],
  ['ts', 'T S'],
  ['pf', 'P F'],
  ['a', 'AA'],
  ['A', 'AA'],
  ['E', 'EH'],
  ['e', 'EY'],
  ['@', 'AH'],
  ['3', 'ER'],
  ['I', 'IH'],
  ['i', 'IY'],
  ['O', 'AO'],
  ['o', 'OW'],
  ['U', 'UH'],
  ['u', 'UW'],
  ['y', 'UW'],
  ['Y', 'ER'],
  ['W', 'ER'],
  ['C', 'SH'],
  ['x', 'K'],
  ['N', 'NG'],
  ['S', 'SH'],
  ['Z', 'ZH'],
  ['j', 'Y'],
  ['h', 'HH'],
  ['w', 'V'],
  ['R', 'R'],
  ...'bdfgklmnprstvz'.split('').map((c) => [c, c.toUpperCase()] as const),
];

/** espeak-ng's phoneme string in en-us phones (stress, length and pause marks dropped). */
export function espeakToPhones(espeak: string): string {
  const text = espeak.replace(/[_!|',%=]/g, '');
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    if (/\s/.test(text[at]!)) {
      at++;
      continue;
    }
    const hit = PHONES.find(([name]) => text.startsWith(name, at));
    if (!hit) throw new Error(`no en-us phone for espeak-ng's "${text.slice(at)}" in "${espeak}"`);
    out.push(hit[1]);
    at += hit[0].length;
  }
  return out.join(' ');
}

const german = (text: string) =>
  execFileSync('espeak-ng', ['-v', 'de', '-q', '-x', text], { encoding: 'utf8' }).trim();

if (process.argv[1]?.endsWith('german-phones.ts')) {
  for (const word of process.argv.slice(2)) {
    const key = normalizeWords(word).join('');
    const spoken = espeakToPhones(german(word));
    const ascii = key === word.toLowerCase() ? spoken : espeakToPhones(german(key));
    const prons = [...new Set([spoken, ascii])].map((p) => `'${p}'`).join(', ');
    console.log(`  ${/^[a-z]+$/.test(key) ? key : `'${key}'`}: [${prons}],`);
  }
}
